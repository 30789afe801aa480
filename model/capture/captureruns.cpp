#include "captureruns.h"

#include "cancelpoint.h"
#include "lanebuilder.h"
#include "rankaxis.h"
#include "timeshift.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace lanescope {

namespace {

// Rows carry epoch 0 when their file wrote none: the runtime counts epochs from 1 (supplement §4.4).
std::optional<std::uint32_t> epochOf(const TaskRow &r)
{
    return r.runEpoch == 0 ? std::nullopt : std::optional<std::uint32_t>(r.runEpoch);
}

std::optional<std::uint32_t> epochOf(const PhaseRecord &r)
{
    return r.hasRunEpoch() ? std::optional<std::uint32_t>(r.runEpoch) : std::nullopt;
}

// What tells runs of one file apart (supplement §4, field supplement §3): the run epoch and, in a
// file of several kernel launches, the launch. Launches of one DFX window reuse task ids, so a run
// is an (epoch, launch) pair; a file with epochs and launches holds one run per pair that occurs.
struct RunKey
{
    std::optional<std::uint32_t> epoch; // none first
    std::uint32_t launch = 0;           // launch position (kernellaunch.h); 0 without launches

    auto operator<=>(const RunKey &) const = default;
};

// Where items fall among the file's launches, by the earliest time each has: a row its dispatch
// (else its start), a record its start, as the join placed the raw rows by their cycles.
struct LaunchOfItem
{
    std::vector<double> starts; // the launches' starts, ascending; empty without launches

    explicit LaunchOfItem(const CaptureInfo &info)
    {
        for (const KernelLaunch &l : info.launches)
            starts.push_back(l.startUs);
    }
    std::uint32_t operator()(const TaskRow &r) const
    {
        return starts.empty() ? 0 : launchPosition(starts, r.hasAicpu() ? r.dispatchUs : r.startUs);
    }
    std::uint32_t operator()(const PhaseRecord &r) const
    {
        return starts.empty() ? 0 : launchPosition(starts, r.startUs);
    }
};

// Which run of a split an item goes with: its index in the run keys, or kEveryRun for a record
// without an epoch when the file's other records have epochs only where it has none (an older
// stream beside newer ones). In a file of launches every item has a launch and so a run of its own.
constexpr std::uint32_t kEveryRun = 0xFFFFFFFFu;

struct RunOfItem
{
    const std::vector<RunKey> &keys; // ascending
    LaunchOfItem launchOf;
    bool hasRunWithoutEpoch;

    template <typename Item> std::uint32_t operator()(const Item &item) const
    {
        const auto epoch = epochOf(item);
        if (!epoch && !hasRunWithoutEpoch && launchOf.starts.empty())
            return kEveryRun;
        const RunKey key{epoch, launchOf(item)};
        return std::uint32_t(std::lower_bound(keys.begin(), keys.end(), key) - keys.begin());
    }
};

// The runs of a file, ascending. Rows make runs, records only where they carry an epoch, or in a
// file of launches (where an item without an epoch beside items with one is a run of its own).
std::vector<RunKey> runKeysOf(const Capture &capture)
{
    const LaunchOfItem launchOf(capture.info);
    const bool launches = !launchOf.starts.empty();
    std::set<RunKey> keys;
    // Neighbouring items are almost always of one run: the set is searched only when the key changes,
    // so that a million rows of one run cost a comparison each, not a search.
    std::optional<RunKey> previous;
    auto add = [&keys, &previous](const RunKey &key) {
        if (previous != key)
            keys.insert(key);
        previous = key;
    };
    CancelPoints cancelPoints;
    for (const TaskRow &r : capture.rows) {
        cancelPoints.tick();
        add({epochOf(r), launchOf(r)});
    }
    for (const auto *lanes : {&capture.schedulerThreads, &capture.orchestratorLanes})
        for (const PhaseLane &lane : *lanes)
            for (const PhaseRecord &r : lane) {
                cancelPoints.tick();
                if (const auto e = epochOf(r); e || launches)
                    add({e, launchOf(r)});
            }
    std::vector<RunKey> out(keys.begin(), keys.end());
    // Rows without an epoch beside rows with one make a run; without any epoch (and without
    // launches) there is one run only.
    const bool anyEpoch =
        std::any_of(out.begin(), out.end(), [](const RunKey &k) { return k.epoch.has_value(); });
    if (!anyEpoch && !launches)
        out.resize(std::min<std::size_t>(out.size(), 1));
    return out;
}

// The items dealt out to the runs in one pass, each run's in the items' order. The last run takes
// the storage of `items` over, compacted in place, and the others are counted first: a million
// rows copied once more, or grown by doubling, cost page faults a one-run file does not pay.
template <typename Items> std::vector<Items> dealt(Items &items, const RunOfItem &runOf)
{
    const std::size_t last = runOf.keys.size() - 1;
    std::vector<std::uint32_t> where(items.size());
    std::vector<std::size_t> counts(last + 1, 0);
    std::size_t everyRun = 0;
    CancelPoints cancelPoints;
    for (std::size_t i = 0; i < items.size(); ++i) {
        cancelPoints.tick();
        where[i] = runOf(items[i]);
        if (where[i] == kEveryRun)
            ++everyRun;
        else
            ++counts[where[i]];
    }
    std::vector<Items> out(last + 1);
    for (std::size_t r = 0; r < last; ++r)
        out[r].reserve(counts[r] + everyRun);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        cancelPoints.tick();
        const std::uint32_t w = where[i];
        if (w != last && w != kEveryRun) {
            out[w].push_back(items[i]);
            continue;
        }
        if (w == kEveryRun)
            for (std::size_t r = 0; r < last; ++r)
                out[r].push_back(items[i]);
        items[kept++] = items[i];
    }
    items.resize(kept);
    out[last] = std::move(items);
    return out;
}

// Every lane's records dealt out: result[run][lane].
std::vector<std::vector<PhaseLane>> dealtLanes(std::vector<PhaseLane> &lanes, const RunOfItem &runOf)
{
    std::vector<std::vector<PhaseLane>> out(runOf.keys.size(), std::vector<PhaseLane>(lanes.size()));
    for (std::size_t t = 0; t < lanes.size(); ++t) {
        auto parts = dealt(lanes[t], runOf);
        for (std::size_t r = 0; r < parts.size(); ++r)
            out[r][t] = std::move(parts[r]);
    }
    return out;
}

std::pair<double, double> rowExtent(const TaskRows &rows)
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const TaskRow &r : rows) {
        lo = std::min(lo, r.hasAicpu() ? std::min(r.dispatchUs, r.startUs) : r.startUs);
        hi = std::max(hi, r.hasAicpu() ? std::max(r.finishUs, r.endUs) : r.endUs);
    }
    return rows.empty() ? std::pair{0.0, 0.0} : std::pair{lo, hi};
}

// `ownOnly`: records without an epoch do not count (in a run split from a file, they are every run's).
std::pair<double, double> phaseExtent(const std::vector<PhaseLane> &lanes, bool ownOnly)
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const PhaseLane &lane : lanes)
        for (const PhaseRecord &r : lane) {
            if (ownOnly && !r.hasRunEpoch())
                continue;
            lo = std::min(lo, r.startUs);
            hi = std::max(hi, r.endUs);
        }
    return lo > hi ? std::pair{lo, lo} : std::pair{lo, hi};
}

// The span of a run on the device axis: its rows and its scheduler and orchestrator records.
RunSpan spanOf(const Capture &run, RunsAxis axis)
{
    // In a file of launches every record belongs to one run; otherwise one without an epoch is
    // every run's, and does not say where this one lies.
    const bool ownOnly = axis == RunsAxis::SameFile && run.info.runEpoch && run.info.launches.empty();
    RunSpan span{run.info.runEpoch, 0, 0, run.info.launches.empty() ? QString() : runLabel(run.info)};
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const auto &[a, b] : {rowExtent(run.rows), phaseExtent(run.schedulerThreads, ownOnly),
                               phaseExtent(run.orchestratorLanes, ownOnly)}) {
        if (a <= b && std::isfinite(a) && !(a == 0 && b == 0)) {
            lo = std::min(lo, a);
            hi = std::max(hi, b);
        }
    }
    if (lo <= hi) {
        span.startUs = lo;
        span.endUs = hi;
    }
    return span;
}

// One run of `whole`, given its rows and device records. `last`: the last run, which takes what
// every run shares over from `whole` where it can; the dependency graph goes with it, since no
// view of several runs shows one.
std::shared_ptr<Capture> runOf(Capture &whole, const RunKey &key, int runCount, TaskRows rows,
                               std::vector<PhaseLane> schedulerThreads,
                               std::vector<PhaseLane> orchestratorLanes, bool last)
{
    const std::optional<std::uint32_t> &epoch = key.epoch;
    auto run = std::make_shared<Capture>();
    run->info = whole.info;
    run->info.runEpoch = epoch;
    run->info.launchPosition = key.launch;
    run->info.runCount = runCount;
    // The collection verdict speaks for the file's own run only (§5.2); records of other epochs
    // in the same file are the device's leftovers, kept as it wrote them (§4.3).
    if (!epoch || whole.info.collection.runEpoch != std::optional<std::uint64_t>(*epoch))
        run->info.collection = {};
    run->rows = std::move(rows);
    run->schedulerThreads = std::move(schedulerThreads);
    run->orchestratorLanes = std::move(orchestratorLanes);
    run->schedulerStreams = whole.schedulerStreams; // per thread, like schedulerThreads
    run->aicpuLifecycle = whole.aicpuLifecycle;     // AICPU start-up and shut-down carry no epoch
    run->hostUploads = whole.hostUploads;
    run->phaseKinds = whole.phaseKinds;
    run->deps = last ? std::move(whole.deps) : whole.deps;
    run->names = whole.names;
    run->scopeStats = scopeStatsOfRun(whole.scopeStats, epoch);
    run->hostLog = whole.hostLog;
    run->dispatchIdentity = whole.dispatchIdentity;
    buildLanes(*run);
    buildHostLogLanes(*run);
    return run;
}

// What each launch holds over the whole file, every epoch's together: its rows, its tasks and its
// last record, which ends its envelope (field supplement §3).
void countLaunches(Capture &whole)
{
    std::vector<KernelLaunch> &launches = whole.info.launches;
    if (launches.empty())
        return;
    const LaunchOfItem launchOf(whole.info);
    std::vector<std::optional<std::uint64_t>> lastTask(launches.size() + 1);
    CancelPoints cancelPoints;
    for (const TaskRow &r : whole.rows) { // in task order: a task's rows are together
        cancelPoints.tick();
        const std::uint32_t p = launchOf(r);
        if (p == 0)
            continue;
        KernelLaunch &l = launches[p - 1];
        ++l.rows;
        if (lastTask[p] != r.taskId)
            ++l.tasks;
        lastTask[p] = r.taskId;
        l.endUs = std::max({l.endUs, r.endUs, r.hasAicpu() ? r.finishUs : r.endUs});
    }
    for (const auto *lanes : {&whole.schedulerThreads, &whole.orchestratorLanes})
        for (const PhaseLane &lane : *lanes)
            for (const PhaseRecord &r : lane) {
                cancelPoints.tick();
                if (const std::uint32_t p = launchOf(r); p > 0)
                    launches[p - 1].endUs = std::max(launches[p - 1].endUs, r.endUs);
            }
}

} // namespace

std::shared_ptr<Capture> CaptureRuns::find(std::uint32_t epoch) const
{
    for (const auto &run : runs)
        if (run->info.runEpoch == epoch)
            return run;
    return nullptr;
}

CaptureRuns splitRuns(std::shared_ptr<Capture> whole)
{
    CaptureRuns result;
    countLaunches(*whole);
    const std::vector<RunKey> keys = runKeysOf(*whole);
    if (keys.size() <= 1) {
        whole->info.runEpoch = keys.empty() ? std::nullopt : keys.front().epoch;
        whole->info.launchPosition = keys.empty() ? 0 : keys.front().launch;
        if (!whole->info.runEpoch && whole->info.collection.runEpoch &&
            *whole->info.collection.runEpoch > 0 && *whole->info.collection.runEpoch <= 0xFFFFFFFFu)
            whole->info.runEpoch =
                std::uint32_t(*whole->info.collection.runEpoch); // a run that captured nothing
        buildLanes(*whole);
        buildHostLogLanes(*whole);
        result.runs.push_back(std::move(whole));
        return result;
    }
    const RunOfItem runOfItem{keys, LaunchOfItem(whole->info), !keys.front().epoch.has_value()};
    auto rows = dealt(whole->rows, runOfItem);
    auto schedulerThreads = dealtLanes(whole->schedulerThreads, runOfItem);
    // Host orchestrator records carry no epoch (supplement §4.2): every run has them all.
    auto orchestratorLanes = whole->info.hostOrchestrated
                                 ? std::vector<std::vector<PhaseLane>>(keys.size(), whole->orchestratorLanes)
                                 : dealtLanes(whole->orchestratorLanes, runOfItem);
    for (std::size_t i = 0; i < keys.size(); ++i)
        result.runs.push_back(runOf(*whole, keys[i], int(keys.size()), std::move(rows[i]),
                                    std::move(schedulerThreads[i]), std::move(orchestratorLanes[i]),
                                    i + 1 == keys.size()));
    result.axis = RunsAxis::SameFile;
    return result;
}

namespace {

// The runs on one axis for the "All runs" view. Runs split from one file are on it already and
// share what carries no epoch (see runOf): that is taken once, from the first run. The runs of a
// retained folder are each shifted by their time base's distance from the earliest.
std::shared_ptr<Capture> combineRuns(const std::vector<std::shared_ptr<Capture>> &runs, RunsAxis axis)
{
    auto all = std::make_shared<Capture>();
    const Capture &last = *runs.back();
    const bool sameFile = axis == RunsAxis::SameFile;
    all->info = last.info;
    all->info.runEpoch.reset();
    all->info.launchPosition = 0;
    all->info.collection = {};
    all->info.runCount = int(runs.size());
    all->info.allRuns = true;
    if (!sameFile) // a file's warnings are every run's; a retained run's are its own
        all->info.warnings.clear();
    all->names = last.names;
    all->schedulerStreams = last.schedulerStreams;
    all->hostLog = last.hostLog;
    all->dispatchIdentity = last.dispatchIdentity;
    all->scopeStats = last.scopeStats;
    if (sameFile)
        all->aicpuLifecycle = last.aicpuLifecycle;
    // A run that captured nothing has no time base of its own: it sits where the previous one ended.
    std::uint64_t earliestBase = std::numeric_limits<std::uint64_t>::max();
    for (const auto &run : runs)
        if (!capturedNothing(*run))
            earliestBase = std::min(earliestBase, run->info.baseCycles);
    std::size_t rowCount = 0;
    for (const auto &run : runs)
        rowCount += run->rows.size();
    all->rows.reserve(rowCount);
    double appendAtUs = 0; // where the next run goes when the clocks cannot be compared
    double lastShiftUs = 0;
    double previousEndUs = 0;
    for (const auto &run : runs) {
        const CaptureInfo &info = run->info;
        if (capturedNothing(*run)) {
            all->runSpans.push_back({info.runEpoch, previousEndUs, previousEndUs, {}});
            continue;
        }
        const bool first = run == runs.front();
        const bool sameClock =
            info.clockFreqHz && last.info.clockFreqHz == info.clockFreqHz && *info.clockFreqHz > 0;
        const double shift = sameFile ? 0.0
                             : sameClock
                                 ? double(info.baseCycles - earliestBase) * 1e6 / double(*info.clockFreqHz)
                                 : appendAtUs;
        RunSpan span = spanOf(*run, axis);
        span.startUs += shift;
        span.endUs += shift;
        appendAtUs = std::max(appendAtUs, span.endUs) + 1;
        previousEndUs = span.endUs;
        if (run == runs.back())
            lastShiftUs = shift;
        all->runSpans.push_back(span);
        for (const TaskRow &r : run->rows)
            all->rows.push_back(shiftedInTime(r, shift));
        // Phase kinds are interned per file: rename them into one table.
        auto appendLanes = [&](const std::vector<PhaseLane> &from, std::vector<PhaseLane> &to) {
            to.resize(std::max(to.size(), from.size()));
            for (std::size_t t = 0; t < from.size(); ++t)
                for (const PhaseRecord &r : from[t])
                    if (!sameFile || first || r.hasRunEpoch() || !info.launches.empty())
                        to[t].push_back(movedInto(r, shift, run->phaseKinds, all->phaseKinds));
        };
        appendLanes(run->schedulerThreads, all->schedulerThreads);
        if (!sameFile || first || !info.hostOrchestrated)
            appendLanes(run->orchestratorLanes, all->orchestratorLanes);
        if (sameFile && !first)
            continue; // H2D uploads are host arrays: every run of the file has them all
        for (HostUpload u : run->hostUploads) {
            u.startUs += shift;
            u.endUs += shift;
            u.kind = std::uint16_t(all->phaseKinds.intern(run->phaseKinds.at(u.kind)));
            all->hostUploads.push_back(u);
        }
    }
    // Rows stay sorted by task id, as lane building expects; a task id's rows keep run order.
    std::stable_sort(all->rows.begin(), all->rows.end(),
                     [](const TaskRow &a, const TaskRow &b) { return a.taskId < b.taskId; });
    // The host log is the last run's: its lanes move with that run.
    HostPlacement &placement = all->info.hostPlacement;
    placement.anchorUs += lastShiftUs;
    placement.deviceStartUs += lastShiftUs;
    placement.deviceEndUs += lastShiftUs;
    buildLanes(*all);
    buildHostLogLanes(*all);
    return all;
}

} // namespace

std::shared_ptr<Capture> layOutAllRuns(const CaptureRuns &runs)
{
    if (runs.size() < 2)
        return nullptr;
    if (runs.axis == RunsAxis::HostClock)
        return combineRanks(runs.runs);
    return combineRuns(runs.runs, runs.axis);
}

QString runName(const std::optional<std::uint32_t> &epoch)
{
    return epoch ? QStringLiteral("run %1").arg(*epoch) : QStringLiteral("run (no epoch)");
}

bool isAnalysable(const CaptureInfo &info)
{
    return !info.allRuns && !info.launchesUnknown;
}

QString notAnalysedText(const CaptureInfo &info)
{
    if (info.allRuns)
        return {};
    if (info.launchesUnknown)
        return info.droppedRunBoundaries.value_or(0) > 0
                   ? QStringLiteral(
                         "Launch boundaries were lost (dropped_run_boundaries: %1): this file's launches "
                         "cannot be told apart, so it is not analysed. Every row is shown, flagged "
                         "partial.")
                         .arg(*info.droppedRunBoundaries)
                   : QStringLiteral(
                         "Some launch boundaries cannot be read: this file's launches cannot be told "
                         "apart, so it is not analysed. Every row is shown, flagged partial.");
    return {};
}

QString analysisPendingText(const Capture &capture)
{
    if (capture.info.allRuns)
        return QStringLiteral("All %1 %2 on one axis: figures are per run, pick one to see its analysis.")
            .arg(capture.info.runCount)
            .arg(runsNoun(capture));
    if (!isAnalysable(capture.info))
        return notAnalysedText(capture.info);
    return QStringLiteral("Analysing the capture…");
}

QString runsNoun(const Capture &capture)
{
    const auto &spans = capture.runSpans;
    if (!capture.info.launches.empty())
        return std::any_of(spans.begin(), spans.end(), [](const RunSpan &s) { return s.epoch.has_value(); })
                   ? QStringLiteral("runs")
                   : QStringLiteral("launches");
    const bool ranks = !spans.empty() && !spans.front().name.isEmpty();
    return ranks ? QStringLiteral("ranks") : QStringLiteral("runs");
}

QString runsNoun(const CaptureRuns &runs)
{
    if (runs.areRanks())
        return QStringLiteral("ranks");
    const bool launches = !runs.empty() && !runs.defaultRun()->info.launches.empty();
    const bool epochs = std::any_of(runs.runs.begin(), runs.runs.end(),
                                    [](const auto &r) { return r->info.runEpoch.has_value(); });
    return launches && !epochs ? QStringLiteral("launches") : QStringLiteral("runs");
}

std::optional<std::uint64_t> launchOrdinalOf(const CaptureInfo &info)
{
    const std::uint32_t p = info.launchPosition;
    if (info.allRuns || p == 0 || p > info.launches.size())
        return std::nullopt;
    return info.launches[p - 1].ordinal;
}

QString launchLabel(const CaptureInfo &info)
{
    if (info.launches.empty() || info.allRuns)
        return {};
    const auto ordinal = launchOrdinalOf(info);
    return ordinal ? launchName(*ordinal) : QStringLiteral("before the first launch");
}

QString runLabel(const CaptureInfo &info)
{
    QStringList parts;
    if (!info.rankName.isEmpty())
        parts << info.rankName;
    // A run of launches without epochs is named by its launch alone.
    const QString launch = launchLabel(info);
    if (info.runEpoch || (info.rankName.isEmpty() && launch.isEmpty()))
        parts << runName(info.runEpoch);
    if (!launch.isEmpty())
        parts << launch;
    return parts.join(QStringLiteral(" · "));
}

bool capturedNothing(const Capture &run)
{
    auto noRecords = [](const std::vector<PhaseLane> &lanes) {
        return std::all_of(lanes.begin(), lanes.end(), [](const PhaseLane &l) { return l.empty(); });
    };
    return run.info.format == CaptureFormat::ChipSwimlaneRecords && run.rows.empty() &&
           noRecords(run.schedulerThreads) && noRecords(run.orchestratorLanes) && run.hostUploads.empty();
}

QString capturedNothingText(const Capture &run)
{
    const RunCollection &c = run.info.collection;
    QString verdict;
    if (!c.verdict.isEmpty())
        verdict = c.isPublished() ? QStringLiteral(" (verdict published)")
                                  : QStringLiteral(" (verdict %1: %2)").arg(c.verdict, c.verdictMeaning());
    return QStringLiteral("%1 captured nothing%2").arg(runLabel(run.info), verdict);
}

} // namespace lanescope
