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

// Which run of a split an item goes with: its index in the run epochs, or kEveryRun for a record
// without an epoch when the file's other records have epochs only where it has none (an older
// stream beside newer ones).
constexpr std::uint32_t kEveryRun = 0xFFFFFFFFu;

struct RunOfItem
{
    const std::vector<std::optional<std::uint32_t>> &epochs; // ascending; no epoch first
    bool hasRunWithoutEpoch;

    std::uint32_t operator()(const std::optional<std::uint32_t> &epoch) const
    {
        if (!epoch)
            return hasRunWithoutEpoch ? 0 : kEveryRun;
        const auto it = std::lower_bound(epochs.begin() + (hasRunWithoutEpoch ? 1 : 0), epochs.end(), epoch);
        return std::uint32_t(it - epochs.begin());
    }
};

// The items dealt out to the runs in one pass, each run's in the items' order. The last run takes
// the storage of `items` over, compacted in place, and the others are counted first: a million
// rows copied once more, or grown by doubling, cost page faults a one-run file does not pay.
template <typename Items> std::vector<Items> dealt(Items &items, const RunOfItem &runOf)
{
    const std::size_t last = runOf.epochs.size() - 1;
    std::vector<std::uint32_t> where(items.size());
    std::vector<std::size_t> counts(last + 1, 0);
    std::size_t everyRun = 0;
    CancelPoints cancelPoints;
    for (std::size_t i = 0; i < items.size(); ++i) {
        cancelPoints.tick();
        where[i] = runOf(epochOf(items[i]));
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
    std::vector<std::vector<PhaseLane>> out(runOf.epochs.size(), std::vector<PhaseLane>(lanes.size()));
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
    const bool ownOnly = axis == RunsAxis::SameFile && run.info.runEpoch;
    RunSpan span{run.info.runEpoch, 0, 0, {}};
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
std::shared_ptr<Capture> runOf(Capture &whole, const std::optional<std::uint32_t> &epoch, int runCount,
                               TaskRows rows, std::vector<PhaseLane> schedulerThreads,
                               std::vector<PhaseLane> orchestratorLanes, bool last)
{
    auto run = std::make_shared<Capture>();
    run->info = whole.info;
    run->info.runEpoch = epoch;
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

} // namespace

std::shared_ptr<Capture> CaptureRuns::find(std::uint32_t epoch) const
{
    for (const auto &run : runs)
        if (run->info.runEpoch == epoch)
            return run;
    return nullptr;
}

std::vector<std::optional<std::uint32_t>> runEpochsOf(const Capture &capture)
{
    std::set<std::uint32_t> epochs;
    bool without = false;
    CancelPoints cancelPoints;
    for (const TaskRow &r : capture.rows) {
        cancelPoints.tick();
        if (const auto e = epochOf(r))
            epochs.insert(*e);
        else
            without = true;
    }
    for (const auto *lanes : {&capture.schedulerThreads, &capture.orchestratorLanes})
        for (const PhaseLane &lane : *lanes)
            for (const PhaseRecord &r : lane) {
                cancelPoints.tick();
                if (const auto e = epochOf(r))
                    epochs.insert(*e);
            }
    std::vector<std::optional<std::uint32_t>> out;
    if (epochs.empty())
        return out;
    if (without)
        out.emplace_back();
    out.insert(out.end(), epochs.begin(), epochs.end());
    return out;
}

CaptureRuns splitRuns(std::shared_ptr<Capture> whole)
{
    CaptureRuns result;
    const auto epochs = runEpochsOf(*whole);
    if (epochs.size() <= 1) {
        whole->info.runEpoch = epochs.empty() ? std::nullopt : epochs.front();
        if (!whole->info.runEpoch && whole->info.collection.runEpoch &&
            *whole->info.collection.runEpoch > 0 && *whole->info.collection.runEpoch <= 0xFFFFFFFFu)
            whole->info.runEpoch =
                std::uint32_t(*whole->info.collection.runEpoch); // a run that captured nothing
        buildLanes(*whole);
        buildHostLogLanes(*whole);
        result.runs.push_back(std::move(whole));
        return result;
    }
    const RunOfItem runOfItem{epochs, !epochs.front().has_value()};
    auto rows = dealt(whole->rows, runOfItem);
    auto schedulerThreads = dealtLanes(whole->schedulerThreads, runOfItem);
    // Host orchestrator records carry no epoch (supplement §4.2): every run has them all.
    auto orchestratorLanes =
        whole->info.hostOrchestrated
            ? std::vector<std::vector<PhaseLane>>(epochs.size(), whole->orchestratorLanes)
            : dealtLanes(whole->orchestratorLanes, runOfItem);
    for (std::size_t i = 0; i < epochs.size(); ++i)
        result.runs.push_back(runOf(*whole, epochs[i], int(epochs.size()), std::move(rows[i]),
                                    std::move(schedulerThreads[i]), std::move(orchestratorLanes[i]),
                                    i + 1 == epochs.size()));
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
                    if (!sameFile || first || r.hasRunEpoch())
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

QString analysisPendingText(const Capture &capture)
{
    if (capture.info.allRuns)
        return QStringLiteral("All %1 %2 on one axis: figures are per run, pick one to see its analysis.")
            .arg(capture.info.runCount)
            .arg(runsNoun(capture));
    return QStringLiteral("Analysing the capture…");
}

QString runsNoun(const Capture &capture)
{
    const bool ranks = !capture.runSpans.empty() && !capture.runSpans.front().name.isEmpty();
    return ranks ? QStringLiteral("ranks") : QStringLiteral("runs");
}

QString runsNoun(const CaptureRuns &runs)
{
    return runs.areRanks() ? QStringLiteral("ranks") : QStringLiteral("runs");
}

QString runLabel(const CaptureInfo &info)
{
    if (info.rankName.isEmpty())
        return runName(info.runEpoch);
    return info.runEpoch ? info.rankName + QStringLiteral(" · ") + runName(info.runEpoch) : info.rankName;
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
