#include "captureruns.h"

#include "lanebuilder.h"
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

// Device records of one run; a record without an epoch stays with every run when the file's other
// records have epochs only where it has none (an older stream beside newer ones).
std::vector<PhaseLane> lanesOfRun(const std::vector<PhaseLane> &lanes,
                                  const std::optional<std::uint32_t> &epoch, bool hasRunWithoutEpoch)
{
    auto belongs = [&](const PhaseRecord &r) {
        const auto e = epochOf(r);
        return e == epoch || (!e && !hasRunWithoutEpoch);
    };
    std::vector<PhaseLane> out(lanes.size());
    for (std::size_t t = 0; t < lanes.size(); ++t) {
        // Counted first: a lane of a million records grown by doubling costs copies and page faults.
        out[t].reserve(std::size_t(std::count_if(lanes[t].begin(), lanes[t].end(), belongs)));
        for (const PhaseRecord &r : lanes[t])
            if (belongs(r))
                out[t].push_back(r);
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

std::pair<double, double> phaseExtent(const std::vector<PhaseLane> &lanes)
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const PhaseLane &lane : lanes)
        for (const PhaseRecord &r : lane) {
            lo = std::min(lo, r.startUs);
            hi = std::max(hi, r.endUs);
        }
    return lo > hi ? std::pair{lo, lo} : std::pair{lo, hi};
}

// The span of a run on the device axis: its rows and its scheduler and orchestrator records.
RunSpan spanOf(const Capture &run)
{
    RunSpan span{run.info.runEpoch, 0, 0, {}};
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const auto &[a, b] :
         {rowExtent(run.rows), phaseExtent(run.schedulerThreads), phaseExtent(run.orchestratorLanes)}) {
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

// `rowCount`: the run's rows, counted beforehand. `takeDeps`: the last run takes the dependency
// graph over, since the "All runs" view drops it (see splitRuns).
std::shared_ptr<Capture> runOf(Capture &whole, const std::optional<std::uint32_t> &epoch, int runCount,
                               bool hasRunWithoutEpoch, std::size_t rowCount, bool takeDeps)
{
    auto run = std::make_shared<Capture>();
    run->info = whole.info;
    run->info.runEpoch = epoch;
    run->info.runCount = runCount;
    // The collection verdict speaks for the file's own run only (§5.2); records of other epochs
    // in the same file are the device's leftovers, kept as it wrote them (§4.3).
    if (!epoch || whole.info.collection.runEpoch != std::optional<std::uint64_t>(*epoch))
        run->info.collection = {};
    run->rows.reserve(rowCount);
    for (const TaskRow &r : whole.rows)
        if (epochOf(r) == epoch)
            run->rows.push_back(r);
    run->schedulerThreads = lanesOfRun(whole.schedulerThreads, epoch, hasRunWithoutEpoch);
    const bool hostOrchestrator = whole.info.hostOrchestrated;
    run->orchestratorLanes = hostOrchestrator
                                 ? whole.orchestratorLanes
                                 : lanesOfRun(whole.orchestratorLanes, epoch, hasRunWithoutEpoch);
    run->schedulerStreams = whole.schedulerStreams; // per thread, like schedulerThreads
    run->aicpuLifecycle = whole.aicpuLifecycle;     // AICPU start-up and shut-down carry no epoch
    run->hostUploads = whole.hostUploads;
    run->phaseKinds = whole.phaseKinds;
    if (takeDeps)
        run->deps = std::move(whole.deps);
    else
        run->deps = whole.deps;
    run->names = whole.names;
    run->scopeStats = scopeStatsOfRun(whole.scopeStats, epoch);
    run->hostLog = whole.hostLog;
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
    for (const TaskRow &r : capture.rows) {
        if (const auto e = epochOf(r))
            epochs.insert(*e);
        else
            without = true;
    }
    for (const auto *lanes : {&capture.schedulerThreads, &capture.orchestratorLanes})
        for (const PhaseLane &lane : *lanes)
            for (const PhaseRecord &r : lane)
                if (const auto e = epochOf(r))
                    epochs.insert(*e);
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
        result.runs.push_back(std::move(whole));
        return result;
    }
    const bool hasRunWithoutEpoch = !epochs.front().has_value();
    const int count = int(epochs.size());
    std::map<std::optional<std::uint32_t>, std::size_t> rowsPerRun;
    for (const TaskRow &r : whole->rows)
        ++rowsPerRun[epochOf(r)];
    for (std::size_t i = 0; i < epochs.size(); ++i)
        result.runs.push_back(runOf(*whole, epochs[i], count, hasRunWithoutEpoch, rowsPerRun[epochs[i]],
                                    i + 1 == epochs.size()));
    for (const auto &run : result.runs)
        whole->runSpans.push_back(spanOf(*run));
    whole->info.runCount = count;
    whole->info.allRuns = true;
    whole->info.runEpoch.reset();
    // Arrows follow bare task ids, which repeat in every run: on one axis they would join runs.
    // (The last run has taken the graph over already.)
    whole->deps = DepGraph{};
    result.allRuns = std::move(whole);
    return result;
}

std::shared_ptr<Capture> combineRuns(const std::vector<std::shared_ptr<Capture>> &runs)
{
    if (runs.size() < 2)
        return nullptr;
    auto all = std::make_shared<Capture>();
    const Capture &last = *runs.back();
    all->info = last.info;
    all->info.runEpoch.reset();
    all->info.collection = {};
    all->info.runCount = int(runs.size());
    all->info.allRuns = true;
    all->info.warnings.clear();
    all->names = last.names;
    all->schedulerStreams = last.schedulerStreams;
    all->hostLog = last.hostLog;
    all->scopeStats = last.scopeStats;
    // A run that captured nothing has no time base of its own: it sits where the previous one ended.
    std::uint64_t earliestBase = std::numeric_limits<std::uint64_t>::max();
    for (const auto &run : runs)
        if (!capturedNothing(*run))
            earliestBase = std::min(earliestBase, run->info.baseCycles);
    double appendAtUs = 0; // where the next run goes when the clocks cannot be compared
    double lastShiftUs = 0;
    double previousEndUs = 0;
    for (const auto &run : runs) {
        const CaptureInfo &info = run->info;
        if (capturedNothing(*run)) {
            all->runSpans.push_back({info.runEpoch, previousEndUs, previousEndUs, {}});
            continue;
        }
        const bool sameClock =
            info.clockFreqHz && last.info.clockFreqHz == info.clockFreqHz && *info.clockFreqHz > 0;
        const double shift =
            sameClock ? double(info.baseCycles - earliestBase) * 1e6 / double(*info.clockFreqHz) : appendAtUs;
        RunSpan span = spanOf(*run);
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
                    to[t].push_back(movedInto(r, shift, run->phaseKinds, all->phaseKinds));
        };
        appendLanes(run->schedulerThreads, all->schedulerThreads);
        appendLanes(run->orchestratorLanes, all->orchestratorLanes);
        for (HostUpload u : run->hostUploads) {
            u.startUs += shift;
            u.endUs += shift;
            u.kind = std::uint16_t(all->phaseKinds.intern(run->phaseKinds.at(u.kind)));
            all->hostUploads.push_back(u);
        }
    }
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
