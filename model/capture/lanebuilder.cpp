#include "lanebuilder.h"

#include "cancelpoint.h"
#include "phasevocabulary.h"
#include "radixsort.h"
#include "schedulerrole.h"
#include "sharedloop.h"
#include "taskindex.h"
#include "workercores.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_set>

namespace lanescope {

namespace {

// The converter draws zero-length AICPU markers 0.02 µs wide (§7.3); so do we.
constexpr double kMinMarkerUs = 0.02;

void sortByStart(Slices &slices)
{
    auto byStart = [](const Slice &a, const Slice &b) { return a.startUs < b.startUs; };
    // Most lanes arrive in start order; a stable sort would still take a buffer of half their size.
    if (!std::is_sorted(slices.begin(), slices.end(), byStart))
        cancellableStableSort(slices.begin(), slices.end(), byStart);
}

// First-fit sub-lanes (§7.2): a sub-lane is reused when its last end <= the next start.
// Used for pipelined dual issue on one core and overlapping dispatch windows.
std::uint8_t assignSubLanes(Slices &slices)
{
    std::vector<double> lastEnd;
    CancelPoints cancelPoints;
    for (Slice &s : slices) {
        cancelPoints.tick();
        std::size_t k = 0;
        while (k < lastEnd.size() && lastEnd[k] > s.startUs)
            ++k;
        if (k == lastEnd.size())
            lastEnd.push_back(s.endUs);
        else
            lastEnd[k] = s.endUs;
        s.depth = Slice::clampedDepth(k);
    }
    return std::uint8_t(Slice::clampedDepth(lastEnd.empty() ? 0 : lastEnd.size() - 1));
}

std::uint8_t maxDepthOf(const Slices &slices)
{
    std::uint8_t maxDepth = 0;
    for (const Slice &s : slices)
        maxDepth = std::max(maxDepth, std::uint8_t(s.depth));
    return maxDepth;
}

std::uint32_t colourKeyForFunction(int funcId)
{
    // A key picks a colour and nothing else (names come from the row), so ids past what a slice
    // keeps (Slice::kLabelLimit) fold onto the others instead of onto "no function", 0.
    return funcId < 0 ? 0u : 1u + std::uint32_t(funcId) % (Slice::kLabelLimit - 1);
}

bool isResolvePhase(const QString &kind)
{
    return kind == QLatin1String("resolve") || kind == QLatin1String("resolve_standalone") ||
           kind == QLatin1String("fanout");
}

bool isInnerDrainPhase(const QString &kind)
{
    return kind == QLatin1String("drain_prepare") || kind == QLatin1String("drain_publish");
}

QString coreLaneName(const Capture &c, int core)
{
    const bool aic = core >= 0 && std::size_t(core) < c.info.coreTypes.size() &&
                     c.info.coreTypes[std::size_t(core)] == CoreType::Aic;
    return (aic ? QStringLiteral("AIC_%1") : QStringLiteral("AIV_%1")).arg(core);
}

// 1 + max(non-negative core_to_thread values ∪ indices of non-empty scheduler arrays) (§7.2).
int schedulerThreadCount(const Capture &c)
{
    int n = 0;
    for (int t : c.info.coreToThread)
        n = std::max(n, t + 1);
    for (std::size_t t = 0; t < c.schedulerThreads.size(); ++t)
        if (!c.schedulerThreads[t].empty())
            n = std::max(n, int(t) + 1);
    return n;
}

// The rows of one core, with how many of them have AICPU times (its Scheduler View bars).
struct CoreRows
{
    int core = 0;
    std::vector<std::uint32_t> rows;
    std::size_t withAicpu = 0;
};

// The rows of each core, cores ascending, each list of exactly its size: at ten million rows a
// doubling list per core would hold half as much again. Two passes in row order: the rows are the
// largest array of a capture, and reading them in any other order waits for memory at every row.
std::vector<CoreRows> rowsByCore(const Capture &c)
{
    // Core ids are small in any real capture: counted in an array by id, and the rare id outside
    // it (a damaged file) in a map.
    constexpr int kDenseCores = 1 << 16;
    struct Count
    {
        std::size_t rows = 0;
        std::size_t withAicpu = 0;
        std::int32_t slot = -1; // in the result, once the cores are known
    };
    std::vector<Count> dense(kDenseCores);
    std::map<int, Count> sparse;
    auto countOf = [&](int core) -> Count & {
        return core >= 0 && core < kDenseCores ? dense[std::size_t(core)] : sparse[core];
    };
    CancelPoints cancelPoints;
    for (const TaskRow &r : c.rows) {
        cancelPoints.tick();
        Count &n = countOf(r.coreId);
        ++n.rows;
        n.withAicpu += r.hasAicpu() ? 1 : 0;
    }
    std::vector<CoreRows> byCore;
    auto add = [&](int core, Count &n) {
        if (n.rows == 0)
            return;
        n.slot = std::int32_t(byCore.size());
        CoreRows &rows = byCore.emplace_back();
        rows.core = core;
        rows.rows.reserve(n.rows);
        rows.withAicpu = n.withAicpu;
    };
    for (auto it = sparse.begin(); it != sparse.end() && it->first < 0; ++it)
        add(it->first, it->second);
    for (int core = 0; core < kDenseCores; ++core)
        add(core, dense[std::size_t(core)]);
    for (auto it = sparse.lower_bound(kDenseCores); it != sparse.end(); ++it)
        add(it->first, it->second);
    for (std::uint32_t i = 0; i < c.rows.size(); ++i) {
        cancelPoints.tick();
        byCore[std::size_t(countOf(c.rows[i].coreId).slot)].rows.push_back(i);
    }
    return byCore;
}

// A core's AICore lane and its Scheduler View lane (none when no row has AICPU times).
struct CoreLanes
{
    Lane worker;
    std::optional<Lane> schedView;
};

CoreLanes coreLanesOf(const Capture &c, const CoreRows &coreRows)
{
    const int core = coreRows.core;
    const std::vector<std::uint32_t> &rowIdx = coreRows.rows;
    Lane w;
    w.group = groups::aicore;
    w.name = coreLaneName(c, core);
    w.detail = workerCoreDetail(c, core); // A5 AICore schedulers: the id is a worker id
    w.kind = LaneKind::Worker;
    w.laneSource = core;
    w.sortKey = core;
    Lane s = w;
    s.group = groups::schedulerView;
    s.kind = LaneKind::SchedulerView;
    // Exact sizes: at millions of rows a doubling vector holds up to twice its bars, and three
    // times while it grows.
    w.slices.reserve(rowIdx.size());
    s.slices.reserve(coreRows.withAicpu);
    // A core's rows lie all over the rows' array: each is asked for kAhead rows early.
    constexpr std::size_t kAhead = 16;
    CancelPoints cancelPoints;
    for (std::size_t k = 0; k < rowIdx.size(); ++k) {
        cancelPoints.tick();
        if (k + kAhead < rowIdx.size())
            __builtin_prefetch(&c.rows[rowIdx[k + kAhead]]);
        const std::uint32_t i = rowIdx[k];
        const TaskRow &r = c.rows[i];
        Slice sl;
        sl.startUs = *barStartOfRow(r, LaneKind::Worker);
        sl.endUs = r.endUs;
        sl.ref = i;
        sl.label = colourKeyForFunction(r.funcId);
        if (r.flags & TaskRow::AicpuMissing)
            sl.flags |= Slice::AicpuMissing;
        w.slices.push_back(sl);
        if (const std::optional<double> dispatch = barStartOfRow(r, LaneKind::SchedulerView)) {
            Slice d = sl;
            d.startUs = *dispatch;
            d.endUs = r.finishUs;
            s.slices.push_back(d);
        }
    }
    sortByStart(w.slices);
    w.maxDepth = assignSubLanes(w.slices);
    CoreLanes out{std::move(w), std::nullopt};
    if (!s.slices.empty()) {
        sortByStart(s.slices);
        s.maxDepth = assignSubLanes(s.slices);
        out.schedView = std::move(s);
    }
    return out;
}

// Where a scheduler thread's record of a kind goes, decided once per kind instead of by comparing
// its name at every one of millions of records.
enum class SchedulerSlot : std::uint8_t {
    Outer,
    InnerDrain,
    Resolve,
    DummyMarker,
    SkipMarker,
    Hidden,
    Count
};

std::vector<SchedulerSlot> schedulerSlotsOfKinds(const StringTable &kinds, bool aicoreStream)
{
    std::vector<SchedulerSlot> slotOfKind(std::size_t(kinds.size()), SchedulerSlot::Outer);
    for (std::size_t k = 0; k < slotOfKind.size(); ++k) {
        const QString &kind = kinds.at(std::uint32_t(k));
        if (aicoreStream && isLegacyAicorePhase(kind))
            slotOfKind[k] = SchedulerSlot::Hidden; // kept in the records, never drawn by the reference either
        else if (isMarkerPhase(kind) && !aicoreStream)
            slotOfKind[k] =
                kind == QLatin1String("dummy_task") ? SchedulerSlot::DummyMarker : SchedulerSlot::SkipMarker;
        else if (isResolvePhase(kind) && !aicoreStream)
            slotOfKind[k] = SchedulerSlot::Resolve;
        else if (isInnerDrainPhase(kind))
            slotOfKind[k] = SchedulerSlot::InnerDrain;
    }
    return slotOfKind;
}

// Orchestrator task ids that are allocations (§4.2): from deps when present, else runtime evidence.
bool isAllocTask(const Capture &c, std::uint64_t taskId, const std::unordered_set<std::uint64_t> &markerIds)
{
    if (c.deps.hasTaskList()) {
        const DepNode *n = c.deps.find(taskId);
        if (n)
            return n->isAlloc();
    }
    const auto [first, last] = rowsOfTask(c.rows, taskId);
    return first == last && !markerIds.count(taskId);
}

const SchedulerStream *streamOf(const Capture &c, std::size_t thread)
{
    return thread < c.schedulerStreams.size() ? &c.schedulerStreams[thread] : nullptr;
}

// Scheduler_<worker_id>, falling back to scheduler_id and then the slot (supplement §7 "Lane").
QString aicoreSchedulerLaneName(const SchedulerStream &s, std::size_t slot)
{
    return QStringLiteral("Scheduler_%1")
        .arg(s.workerId ? *s.workerId : s.schedulerId.value_or(std::int64_t(slot)));
}

// Shared ready-queue depth (§7.4, supplement §7 "Queue counter"): one sample at the end of every
// complete/dispatch record with valid depths. A resolution thread's resolve/async_poll/dummy
// records read the live queue too; on other threads those kinds carry zero-filled depths that
// would draw false dips, so they feed the counter only from resolution threads. Its own function,
// so that the samples (16 bytes each, millions) are gone before the core lanes grow.
void appendReadyQueueCounters(Capture &c, const QString &schedulerGroup)
{
    CounterTrack queue[3];
    const char *series[3] = {"AIC", "AIV", "MIX"};
    for (int k = 0; k < 3; ++k) {
        queue[k].group = schedulerGroup;
        // The converter calls it shared_ready_queue (a trace of it keeps that name); a lane of ours
        // is named for people.
        queue[k].name = QStringLiteral("Shared ready queue");
        queue[k].series = QLatin1String(series[k]);
    }
    enum class QueueSample : std::uint8_t { Never, Always, ResolutionThread };
    std::vector<QueueSample> sampleOfKind(std::size_t(c.phaseKinds.size()), QueueSample::Never);
    for (std::size_t k = 0; k < sampleOfKind.size(); ++k) {
        const QString kind = canonicalPhase(c.phaseKinds.at(std::uint32_t(k)));
        if (kind == QLatin1String("complete") || kind == QLatin1String("dispatch"))
            sampleOfKind[k] = QueueSample::Always;
        else if (kind == QLatin1String("resolve") || kind == QLatin1String("async_poll") ||
                 kind == QLatin1String("dummy"))
            sampleOfKind[k] = QueueSample::ResolutionThread;
    }
    // Room for every record, so that the array never doubles (a copy of hundreds of MB that hears no
    // cancel); pages a sample never lands in are never written, so they cost nothing.
    std::vector<std::pair<double, const PhaseRecord *>> samples;
    std::size_t recordCount = 0;
    for (const PhaseLane &lane : c.schedulerThreads)
        recordCount += lane.size();
    samples.reserve(recordCount);
    CancelPoints cancelPoints;
    for (std::size_t t = 0; t < c.schedulerThreads.size(); ++t) {
        const PhaseLane &records = c.schedulerThreads[t];
        std::optional<bool> resolutionThread; // decided by the first record that needs it
        for (const PhaseRecord &r : records) {
            cancelPoints.tick();
            if (!(r.flags & PhaseRecord::HasSharedDepth) || r.kind >= sampleOfKind.size())
                continue;
            const QueueSample sample = sampleOfKind[r.kind];
            if (sample == QueueSample::ResolutionThread && !resolutionThread)
                resolutionThread =
                    schedulerRoleOf(records, c.phaseKinds, c.info.coreToThread, t) == SchedulerRole::Resolve;
            if (sample == QueueSample::Always ||
                (sample == QueueSample::ResolutionThread && *resolutionThread))
                samples.emplace_back(r.endUs, &r);
        }
    }
    radixSortByDouble(samples, [](const auto &s) { return s.first; }); // stable, hears a cancel
    // The three series sample the same records: one array of times serves them all.
    auto times = std::make_shared<std::vector<double>>();
    times->reserve(samples.size());
    for (auto &q : queue)
        q.values.reserve(samples.size());
    for (const auto &[t, r] : samples) {
        cancelPoints.tick();
        times->push_back(t);
        for (int k = 0; k < 3; ++k)
            queue[k].values.push_back(r->sharedAtEnd[k]);
    }
    for (auto &q : queue)
        q.timesUs = FlatArray<double>::view(times->data(), times->size(), times);
    if (!samples.empty())
        for (auto &q : queue)
            c.counters.push_back(std::move(q));
}

} // namespace

std::optional<double> barStartOfRow(const TaskRow &row, LaneKind kind)
{
    if (kind == LaneKind::Worker)
        return (row.flags & TaskRow::HasReceive) ? row.receiveUs : row.startUs;
    if (kind == LaneKind::SchedulerView && row.hasAicpu())
        return row.dispatchUs;
    return std::nullopt;
}

namespace {

// The Kernel Launches lane (field supplement §3): one bar per launch, from its boundary to its last
// observed record, an envelope rather than a measured completion. A run of one launch shows its own;
// the "All runs" view shows every launch of the file.
Lane launchLane(Capture &c)
{
    Lane lane;
    lane.group = groups::launches;
    lane.name = QStringLiteral("Launch envelopes");
    lane.detail =
        QStringLiteral("From each launch's boundary (run_boundaries) to its last observed record: an "
                       "envelope, not a measured completion");
    lane.kind = LaneKind::KernelLaunches;
    const auto &launches = c.info.launches;
    const std::uint32_t label = c.phaseKinds.intern(QStringLiteral("kernel launch"));
    for (std::uint32_t i = 0; i < launches.size(); ++i) {
        if (!c.info.allRuns && c.info.launchPosition != i + 1)
            continue;
        Slice s{launches[i].startUs, std::max(launches[i].endUs, launches[i].startUs), i, label, 0, 0};
        if (s.endUs == s.startUs)
            s.flags |= Slice::Instant;
        lane.slices.push_back(s);
    }
    return lane;
}

} // namespace

QString schedulerGroupOf(const Capture &c)
{
    bool aicore = false, other = false;
    for (const SchedulerStream &s : c.schedulerStreams) {
        if (s.producer.isEmpty())
            continue;
        (s.isAicore() ? aicore : other) = true;
    }
    return aicore && !other ? groups::aicoreScheduler : groups::scheduler;
}

void buildLanes(Capture &c)
{
    std::vector<Lane> host, orch, sched, aicpuWorker, lifecycle;

    // AICore and Scheduler View lanes, core by core, on the second core and on this one once its
    // AICPU lanes below are done. Both sides only read the rows; this side writes only the phase
    // kinds and counters, which the core lanes never read.
    auto coreRows = rowsByCore(c);
    std::vector<CoreLanes> perCore(coreRows.size());
    SharedLoop coreLoop(coreRows.size());
    auto buildCore = [&](std::size_t i) {
        perCore[i] = coreLanesOf(c, coreRows[i]);
        std::vector<std::uint32_t>().swap(coreRows[i].rows); // its bars hold what it said now
    };
    auto secondCore = asyncCancellable([&] { coreLoop.run(buildCore); });

    // AICPU scheduler threads: outer phases with nested drain_* and a resolve sub-lane; markers
    // (dummy_task, predicated_skip) go to the AICPU_<t> worker lane.
    std::unordered_set<std::uint64_t> markerIds;
    const int threadCount = schedulerThreadCount(c);
    const QString schedulerGroup = schedulerGroupOf(c);
    for (std::size_t t = 0; t < c.schedulerThreads.size(); ++t) {
        const PhaseLane &records = c.schedulerThreads[t];
        if (records.empty())
            continue;
        // An AICore-resident scheduler has one lane per stream and no resolve sub-lane (§7).
        const SchedulerStream *stream = streamOf(c, t);
        const bool aicoreStream = stream && stream->isAicore();
        Lane outer;
        outer.group = schedulerGroup;
        outer.name = aicoreStream ? aicoreSchedulerLaneName(*stream, t) : QStringLiteral("Sched_%1").arg(t);
        if (aicoreStream)
            outer.detail = aicoreStreamDetail(*stream);
        outer.kind = LaneKind::Scheduler;
        outer.laneSource = int(t);
        outer.sortKey = std::int64_t(t) * 2;
        Lane resolve = outer;
        resolve.kind = LaneKind::SchedulerResolve;
        resolve.name = QStringLiteral("Sched_%1 resolve").arg(t);
        resolve.sortKey = outer.sortKey + 1;
        Lane markers;
        markers.group = groups::aicore;
        markers.name = QStringLiteral("AICPU_%1").arg(t);
        markers.kind = LaneKind::AicpuWorker;
        markers.laneSource = int(t);
        markers.sortKey = 1'000'000 + std::int64_t(t);
        const std::vector<SchedulerSlot> slotOfKind = schedulerSlotsOfKinds(c.phaseKinds, aicoreStream);
        auto slotOf = [&](const PhaseRecord &r) {
            return r.kind < slotOfKind.size() ? slotOfKind[r.kind] : SchedulerSlot::Outer;
        };
        // Exact sizes: a thread holds millions of records, and a doubling vector touches twice its
        // bars' memory and more while it grows.
        std::size_t perSlot[std::size_t(SchedulerSlot::Count)] = {};
        for (const PhaseRecord &r : records)
            ++perSlot[std::size_t(slotOf(r))];
        auto count = [&](SchedulerSlot a, SchedulerSlot b) {
            return perSlot[std::size_t(a)] + perSlot[std::size_t(b)];
        };
        outer.slices.reserve(count(SchedulerSlot::Outer, SchedulerSlot::InnerDrain));
        resolve.slices.reserve(perSlot[std::size_t(SchedulerSlot::Resolve)]);
        markers.slices.reserve(count(SchedulerSlot::DummyMarker, SchedulerSlot::SkipMarker));
        CancelPoints cancelPoints;
        for (std::uint32_t i = 0; i < records.size(); ++i) {
            cancelPoints.tick();
            const PhaseRecord &r = records[i];
            Slice s;
            s.startUs = r.startUs;
            s.endUs = std::max(r.endUs, r.startUs);
            s.ref = i;
            s.label = r.kind;
            const SchedulerSlot slot = slotOf(r);
            switch (slot) {
            case SchedulerSlot::Hidden:
            case SchedulerSlot::Count:
                break;
            case SchedulerSlot::DummyMarker:
            case SchedulerSlot::SkipMarker:
                s.endUs = std::max(s.endUs, s.startUs + kMinMarkerUs);
                s.flags |= slot == SchedulerSlot::DummyMarker ? Slice::Dummy : Slice::PredicatedSkip;
                if (r.hasTaskId())
                    markerIds.insert(r.taskId);
                markers.slices.push_back(s);
                break;
            case SchedulerSlot::Resolve:
                resolve.slices.push_back(s);
                break;
            case SchedulerSlot::InnerDrain:
            case SchedulerSlot::Outer:
                if (slot == SchedulerSlot::InnerDrain)
                    s.depth = 1; // nested inside its drain bar (§2.7)
                if (s.endUs == s.startUs)
                    s.flags |= Slice::Instant;
                outer.slices.push_back(s);
                break;
            }
        }
        for (Lane *l : {&outer, &resolve, &markers}) {
            if (l->slices.empty())
                continue;
            sortByStart(l->slices);
            l->maxDepth = maxDepthOf(l->slices);
        }
        if (!outer.slices.empty())
            sched.push_back(std::move(outer));
        if (!resolve.slices.empty())
            sched.push_back(std::move(resolve));
        if (!markers.slices.empty())
            aicpuWorker.push_back(std::move(markers));
    }

    // Orchestrator lanes (level 4 TMR, or HBG host records) and their alloc bars on AICPU_<n>.
    for (std::size_t o = 0; o < c.orchestratorLanes.size(); ++o) {
        const PhaseLane &records = c.orchestratorLanes[o];
        if (records.empty())
            continue;
        Lane lane;
        lane.group = c.info.hostOrchestrated ? groups::host : groups::orchestrator;
        lane.name = (c.info.hostOrchestrated ? QStringLiteral("Host_%1") : QStringLiteral("Orch_%1")).arg(o);
        lane.kind = LaneKind::Orchestrator;
        lane.laneSource = int(o);
        lane.sortKey = std::int64_t(o);
        lane.clockAligned = !c.info.hostOrchestrated || c.info.hostClockAligned;
        lane.hostClock = c.info.hostOrchestrated;
        Lane allocs;
        allocs.group = groups::aicore;
        allocs.name = QStringLiteral("AICPU_%1").arg(threadCount + int(o));
        allocs.kind = LaneKind::AicpuWorker;
        allocs.laneSource = -1 - int(o); // negative: orchestrator lane o
        allocs.sortKey = 1'000'000 + threadCount + std::int64_t(o);
        lane.slices.reserve(records.size());
        CancelPoints cancelPoints;
        for (std::uint32_t i = 0; i < records.size(); ++i) {
            cancelPoints.tick();
            const PhaseRecord &r = records[i];
            Slice s;
            s.startUs = r.startUs;
            s.endUs = std::max(r.endUs, r.startUs);
            s.ref = i;
            s.label = r.kind;
            lane.slices.push_back(s);
            if (!c.info.hostOrchestrated && r.hasTaskId() && isAllocTask(c, r.taskId, markerIds)) {
                s.endUs = std::max(s.endUs, s.startUs + kMinMarkerUs);
                s.flags |= Slice::Alloc;
                allocs.slices.push_back(s);
            }
        }
        sortByStart(lane.slices);
        orch.push_back(std::move(lane));
        if (!allocs.slices.empty()) {
            sortByStart(allocs.slices);
            aicpuWorker.push_back(std::move(allocs));
        }
    }

    if (!c.hostUploads.empty()) {
        Lane h2d;
        h2d.group = groups::host;
        h2d.name = QStringLiteral("H2D");
        h2d.kind = LaneKind::HostUploads;
        h2d.sortKey = 100;
        h2d.clockAligned = c.info.hostClockAligned;
        h2d.hostClock = true;
        for (std::uint32_t i = 0; i < c.hostUploads.size(); ++i) {
            const HostUpload &u = c.hostUploads[i];
            h2d.slices.push_back(Slice{u.startUs, std::max(u.endUs, u.startUs), i, u.kind, 0, 0});
        }
        sortByStart(h2d.slices);
        host.push_back(std::move(h2d));
    }

    // AICPU Lifecycle (supplement §7): "AICPU Thread N", one slice per stage that ended.
    for (std::size_t i = 0; i < c.aicpuLifecycle.size(); ++i) {
        const AicpuLifecycle &l = c.aicpuLifecycle[i];
        Lane lane;
        lane.group = groups::lifecycle;
        lane.name = QStringLiteral("AICPU Thread %1").arg(l.thread);
        lane.kind = LaneKind::AicpuLifecycle;
        lane.laneSource = int(i);
        lane.sortKey = l.thread;
        for (std::uint32_t s = 0; s < l.slices.size(); ++s) {
            const LifecycleSlice &ls = l.slices[s];
            Slice sl;
            sl.startUs = ls.startUs;
            sl.endUs = std::max(ls.endUs, ls.startUs);
            sl.ref = s;
            sl.label = c.phaseKinds.intern(lifecycleStageName(ls.stage)); // colours by name, as phases do
            if (sl.endUs == sl.startUs)
                sl.flags |= Slice::Instant;
            lane.slices.push_back(sl);
        }
        if (lane.slices.empty())
            continue;
        sortByStart(lane.slices);
        // Stages of one thread follow each other; a stray overlap gets its own row instead of hiding.
        lane.maxDepth = assignSubLanes(lane.slices);
        lifecycle.push_back(std::move(lane));
    }

    std::vector<Lane> launches;
    if (Lane lane = launchLane(c); !lane.slices.empty())
        launches.push_back(std::move(lane));

    appendReadyQueueCounters(c, schedulerGroup);

    auto bySortKey = [](std::vector<Lane> &v) {
        std::stable_sort(v.begin(), v.end(),
                         [](const Lane &a, const Lane &b) { return a.sortKey < b.sortKey; });
    };
    coreLoop.run(buildCore);
    secondCore.get();
    std::vector<Lane> worker, schedView;
    for (CoreLanes &lanes : perCore) {
        worker.push_back(std::move(lanes.worker));
        if (lanes.schedView)
            schedView.push_back(std::move(*lanes.schedView));
    }
    for (auto *v : {&host, &orch, &sched, &schedView, &worker, &aicpuWorker, &lifecycle})
        bySortKey(*v);

    std::vector<Lane> lanes;
    for (auto *v : {&host, &launches, &orch, &sched, &schedView, &worker, &aicpuWorker, &lifecycle})
        for (Lane &l : *v)
            lanes.push_back(std::move(l));
    c.lanes = std::move(lanes);
}

namespace {

// What a person calls a host-log lane: the thread ("Main thread" where tid = pid, as Linux numbers
// a process's first thread), or the device-clock phases the log recorded, named as the converter
// names that process ("Device phases (placed)"). The pid leads only when the log holds several.
QString hostLaneName(const HostSpan &s, bool placed, bool severalPids)
{
    const QString name =
        s.deviceClock ? (placed ? QStringLiteral("Device phases (placed)") : QStringLiteral("Device phases"))
        : s.tid == s.pid ? QStringLiteral("Main thread")
                         : QStringLiteral("Thread %1").arg(s.tid);
    return severalPids ? QStringLiteral("pid %1 · %2").arg(s.pid).arg(name) : name;
}

} // namespace

void buildHostLogLanes(Capture &c)
{
    const auto &spans = c.hostLog.spans;
    if (spans.empty())
        return;
    const HostPlacement &placement = c.info.hostPlacement;
    const bool aligned = placement.aligned() && c.info.format == CaptureFormat::ChipSwimlaneRecords;
    std::int64_t originNs = spans.front().tsNs;
    for (const HostSpan &s : spans)
        if (!s.deviceClock)
            originNs = std::min(originNs, s.tsNs);
    // The clk=dev spans of the invocation containment placed are on the device axis too.
    auto placedDeviceSpan = [&](const HostSpan &s) {
        return aligned && s.deviceClock && placement.placedInvocation == std::make_pair(s.pid, s.inv);
    };
    // (pid, tid, device clock, placed) -> lane
    std::map<std::tuple<std::int64_t, std::int64_t, bool, bool>, Lane> byThread;
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> deviceOrigin; // per (pid, inv)
    for (const HostSpan &s : spans)
        if (s.deviceClock) {
            auto [it, fresh] = deviceOrigin.try_emplace({s.pid, s.inv}, s.tsNs);
            if (!fresh)
                it->second = std::min(it->second, s.tsNs);
        }
    std::set<std::int64_t> pids;
    for (const HostSpan &s : spans)
        pids.insert(s.pid);
    for (std::uint32_t i = 0; i < spans.size(); ++i) {
        const HostSpan &s = spans[i];
        const bool placed = placedDeviceSpan(s);
        Lane &lane = byThread[{s.pid, s.tid, s.deviceClock, placed}];
        if (lane.slices.empty()) {
            lane.group = groups::host;
            lane.name = hostLaneName(s, placed, pids.size() > 1);
            lane.detail = s.deviceClock
                              ? QStringLiteral("clk=dev spans of pid %1 in the host log").arg(s.pid)
                              : QStringLiteral("pid %1, tid %2 in the host log").arg(s.pid).arg(s.tid);
            lane.kind = LaneKind::Host;
            lane.laneSource = int(s.pid);
            lane.clockAligned = placed || (aligned && !s.deviceClock);
            lane.hostClock = lane.clockAligned;
        }
        Slice sl;
        if (placed)
            sl.startUs = placement.clkDevToDeviceUs(s.tsNs);
        else if (aligned && !s.deviceClock)
            sl.startUs = placement.toDeviceUs(s.tsNs);
        else
            sl.startUs = double(s.tsNs - (s.deviceClock ? deviceOrigin[{s.pid, s.inv}] : originNs)) / 1000.0;
        sl.endUs = sl.startUs + double(std::max<std::int64_t>(s.durNs, 0)) / 1000.0;
        sl.ref = i;
        sl.depth = Slice::clampedDepth(std::size_t(std::max(s.depth, 0)));
        sl.label = 0;
        lane.maxDepth = std::max(lane.maxDepth, std::uint8_t(sl.depth));
        lane.slices.push_back(sl);
    }
    std::vector<Lane> hostLanes;
    std::int64_t key = 0;
    for (auto &[k, lane] : byThread) {
        sortByStart(lane.slices);
        lane.sortKey = 200 + key++;
        hostLanes.push_back(std::move(lane));
    }
    c.lanes.insert(c.lanes.begin(), std::make_move_iterator(hostLanes.begin()),
                   std::make_move_iterator(hostLanes.end()));
}

} // namespace lanescope
