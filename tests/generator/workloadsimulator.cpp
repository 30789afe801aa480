#include "workloadsimulator.h"

#include "deterministicrng.h"

#include <QtGlobal>

#include <algorithm>
#include <deque>
#include <limits>
#include <queue>

namespace lanescope {

namespace {

constexpr std::int64_t kNever = std::numeric_limits<std::int64_t>::max();
constexpr int kOrchestratorActor = -1;
constexpr std::size_t kMaxDummiesPerPhase = 16;

enum Shape : int { ShapeAic = 0, ShapeAiv = 1, ShapeMix = 2, ShapeCount = 3 };

struct TaskState
{
    std::int64_t submitEndNs = 0;
    std::int64_t readyAtNs = 0;     // latest completion among producers seen so far
    std::uint32_t pendingPreds = 0; // producers not complete
    std::uint32_t undispatchedPreds = 0;
    std::uint32_t blocksLeft = 0;  // blocks not yet dispatched (a MIX task is one block)
    std::uint32_t outstanding = 0; // subtasks dispatched whose FIN was not processed yet
    bool submitted = false;
    bool queued = false;
    bool dispatched = false;
    bool complete = false;
};

struct CoreState
{
    std::deque<std::uint32_t> inflight; // subtask indices, oldest first
    std::int64_t lastEndNs = 0;
    std::uint32_t regCounter = 0;
};

struct ThreadState
{
    std::vector<int> cores;
    std::vector<int> clusters;
    std::int64_t lastEndNs = 0;
    std::int64_t wakeNs = kNever;
    std::uint64_t generation = 0;
    std::uint32_t loopIter = 0;
    std::uint32_t pendingHit = 0;
    std::uint32_t pendingMiss = 0;
    std::size_t cursor[2] = {0, 0}; // round-robin start per core type (AIV, AIC)
    bool busy = false;
};

struct Event
{
    std::int64_t timeNs = 0;
    std::uint64_t seq = 0;
    int actor = 0;
    std::uint64_t generation = 0;
};

struct EventLater
{
    bool operator()(const Event &a, const Event &b) const
    {
        return a.timeNs != b.timeNs ? a.timeNs > b.timeNs : a.seq > b.seq;
    }
};

struct ReadyEntry
{
    std::uint32_t task = 0;
    std::int64_t visibleNs = 0;
};

std::uint32_t saturatingAdd(std::uint32_t a, std::uint64_t b)
{
    const std::uint64_t s = std::uint64_t(a) + b;
    return s > 0xFFFFFFFFu ? 0xFFFFFFFFu : std::uint32_t(s);
}

class Simulator
{
public:
    Simulator(const Workload &workload, const SimulationConfig &config)
        : m_w(workload), m_c(config), m_t(config.timing), m_rng(config.seed ^ 0x5157'4c41'4e45'5343ull)
    {
    }

    SimulatedRun run();

private:
    // Costs.
    std::int64_t schedCost(std::int64_t ns)
    {
        return m_rng.jitter(std::int64_t(double(ns) * m_c.schedulerCostScale), m_t.overheadSpread);
    }
    std::int64_t orchCost(std::int64_t ns)
    {
        return m_rng.jitter(std::int64_t(double(ns) * m_c.orchestratorCostScale), m_t.overheadSpread);
    }
    std::int64_t coreCost(std::int64_t ns) { return m_rng.jitter(ns, m_t.overheadSpread); }
    std::int64_t kernelNs(int core, std::uint32_t task);

    void buildGraph();
    void setUpCores();
    void runHostSubmits();
    void orchestratorStep(std::int64_t t);
    void registerTask(std::uint32_t i, std::int64_t endNs);
    std::uint32_t completeTask(std::uint32_t i, std::int64_t t);
    void markDispatched(std::uint32_t i, std::vector<std::uint32_t> &earlyOut);
    void enqueue(std::uint32_t i, std::int64_t visibleNs);
    void advanceRingTail(int ring, std::int64_t t);

    void threadIteration(int th, std::int64_t t);
    bool completePhase(int th, std::int64_t &now);
    bool dispatchPhase(int th, std::int64_t &now, std::vector<std::uint32_t> &earlyOut);
    bool earlyDispatchPhase(int th, std::int64_t &now, const std::vector<std::uint32_t> &earlyOut);
    bool dummyPhase(int th, std::int64_t &now);
    std::int64_t nextWake(int th, std::int64_t now) const;

    Shape shapeOf(std::uint32_t task) const;
    bool hasCapacityFor(int th, Shape s, std::uint32_t task) const;
    bool holdsForMix(int th, std::int64_t now) const;
    int idleCluster(int th, std::uint32_t task) const;
    int pickCore(int th, bool aic, bool idleOnly);
    std::uint32_t dispatchSubtask(int core, std::uint32_t task, std::int64_t dispatchNs);
    void dispatchMix(int th, std::uint32_t task, std::int64_t &cur);
    void depths(std::int16_t out[3]) const;
    void record(int th, SimPhase p) { m_run.scheduler[std::size_t(th)].push_back(p); }

    std::int64_t aligned(const ThreadState &ts, std::int64_t t) const;
    void schedule(int th, std::int64_t t);
    void wakeThreads(int shape, std::int64_t visibleNs);

    void computeScopeSamples();
    void computeDeviceSpan();

    const Workload &m_w;
    const SimulationConfig &m_c;
    const SimulationTiming &m_t;
    DeterministicRng m_rng;
    SimulatedRun m_run;

    std::vector<std::uint32_t> m_predOffsets, m_preds; // unique producers per task
    std::vector<std::uint32_t> m_succOffsets, m_succs; // unique consumers per task
    std::vector<TaskState> m_tasks;
    std::vector<CoreState> m_cores;
    std::vector<ThreadState> m_threads;
    std::deque<ReadyEntry> m_ready[ShapeCount];
    std::deque<ReadyEntry> m_dummyReady;

    std::priority_queue<Event, std::vector<Event>, EventLater> m_events;
    std::uint64_t m_seq = 0;

    // Orchestrator and rings.
    std::size_t m_pc = 0;
    bool m_orchBlocked = false;
    std::int64_t m_orchBlockedNs = 0;
    std::vector<std::uint32_t> m_ringOrder[4]; // tasks per ring in local (submit) order
    std::size_t m_ringHead[4] = {0, 0, 0, 0};
    std::size_t m_ringTail[4] = {0, 0, 0, 0};
    // Per ring, the latest completion time among the first k reclaimed tasks (k = index + 1): a
    // scheduler thread records a completion stamped ahead of the orchestrator's clock, and the slot
    // it frees may only be reused from that time on.
    std::vector<std::int64_t> m_reclaimedAtNs[4];
    std::vector<std::size_t> m_sampleHeads;     // ring head at each scope sample
    std::vector<std::size_t> m_sampleProducers; // producers submitted before each sample
    std::size_t m_producersSubmitted = 0;
};

bool isProducer(const LogicalTask &t)
{
    return t.kind != TaskKind::Dummy;
}

void Simulator::buildGraph()
{
    const auto n = m_w.tasks.size();
    m_predOffsets.assign(n + 1, 0);
    std::vector<std::uint32_t> scratch;
    for (std::size_t i = 0; i < n; ++i) {
        const auto &t = m_w.tasks[i];
        scratch.clear();
        for (std::uint32_t e = t.firstEdge; e < t.firstEdge + t.edgeCount; ++e)
            scratch.push_back(m_w.edges[e].pred);
        std::sort(scratch.begin(), scratch.end());
        scratch.erase(std::unique(scratch.begin(), scratch.end()), scratch.end());
        m_preds.insert(m_preds.end(), scratch.begin(), scratch.end());
        m_predOffsets[i + 1] = std::uint32_t(m_preds.size());
    }
    m_succOffsets.assign(n + 1, 0);
    for (const auto p : m_preds)
        ++m_succOffsets[p + 1];
    for (std::size_t i = 0; i < n; ++i)
        m_succOffsets[i + 1] += m_succOffsets[i];
    m_succs.resize(m_preds.size());
    std::vector<std::uint32_t> fill(m_succOffsets.begin(), m_succOffsets.end() - 1);
    for (std::uint32_t s = 0; s < n; ++s)
        for (auto k = m_predOffsets[s]; k < m_predOffsets[s + 1]; ++k)
            m_succs[fill[m_preds[k]]++] = s;
    for (std::uint32_t i = 0; i < n; ++i)
        m_ringOrder[m_w.tasks[i].ring & 3].push_back(i);
}

void Simulator::setUpCores()
{
    const auto &l = m_c.layout;
    m_run.layout = l;
    m_cores.resize(std::size_t(l.numCores));
    m_threads.resize(std::size_t(l.schedulerThreads));
    m_run.scheduler.resize(std::size_t(l.schedulerThreads));
    for (int core = 0; core < l.numCores; ++core)
        m_threads[std::size_t(l.coreToThread[std::size_t(core)])].cores.push_back(core);
    for (int b = 0; b < l.blockDim; ++b)
        m_threads[std::size_t(l.coreToThread[std::size_t(b)])].clusters.push_back(b);
}

SimulatedRun Simulator::run()
{
    buildGraph();
    setUpCores();
    m_tasks.resize(m_w.tasks.size());
    m_run.completeNs.assign(m_w.tasks.size(), 0);

    if (m_c.hostOrchestrated) {
        runHostSubmits();
    } else {
        m_events.push({m_t.orchestratorStartNs, m_seq++, kOrchestratorActor, 0});
    }

    while (!m_events.empty()) {
        const Event e = m_events.top();
        m_events.pop();
        if (e.actor == kOrchestratorActor) {
            orchestratorStep(e.timeNs);
            continue;
        }
        auto &th = m_threads[std::size_t(e.actor)];
        if (e.generation != th.generation)
            continue; // superseded by an earlier wake-up
        threadIteration(e.actor, e.timeNs);
    }

    std::size_t unfinished = 0;
    for (const auto &t : m_tasks)
        unfinished += t.complete ? 0 : 1;
    if (unfinished > 0)
        qWarning("capture generator: %zu tasks never completed (simulation stalled)", unfinished);

    computeScopeSamples();
    computeDeviceSpan();
    return std::move(m_run);
}

// Host orchestration (HBG): the whole graph is built on the host first; the device starts with
// every task known. Submit records live on the host's own time axis.
void Simulator::runHostSubmits()
{
    m_run.submitsOnHost = true;
    std::int64_t t = 0;
    for (const auto &step : m_w.program) {
        if (step.type != ProgramStep::Type::Submit) {
            t += orchCost(m_t.scopeNs);
            continue;
        }
        const auto &task = m_w.tasks[step.value];
        const auto cost = orchCost(task.kind == TaskKind::Alloc ? m_t.allocNs : m_t.submitNs);
        m_run.submits.push_back({t, t + cost, step.value});
        t += cost + orchCost(m_t.submitGapNs);
    }
    for (std::uint32_t i = 0; i < m_w.tasks.size(); ++i) {
        ++m_ringHead[m_w.tasks[i].ring & 3];
        registerTask(i, m_t.orchestratorStartNs);
    }
}

void Simulator::orchestratorStep(std::int64_t t)
{
    while (m_pc < m_w.program.size()) {
        const auto &step = m_w.program[m_pc];
        if (step.type != ProgramStep::Type::Submit) {
            SimScopeSample s;
            s.timeNs = t;
            s.site = step.value;
            s.depth = step.depth;
            s.ring = std::uint8_t(step.depth < 3 ? step.depth : 3);
            s.begin = step.type == ProgramStep::Type::ScopeBegin;
            m_run.scopeSamples.push_back(s);
            m_sampleHeads.push_back(m_ringHead[s.ring]);
            m_sampleProducers.push_back(m_producersSubmitted);
            t += orchCost(m_t.scopeNs);
            ++m_pc;
            continue;
        }
        const auto i = step.value;
        const auto &task = m_w.tasks[i];
        const int ring = task.ring & 3;
        if (std::int64_t(m_ringHead[ring] - m_ringTail[ring]) >= m_c.taskWindowMax) {
            m_orchBlocked = true;
            m_orchBlockedNs = t;
            return; // resumed by advanceRingTail()
        }
        if (const auto full = std::int64_t(m_ringHead[ring]) - m_c.taskWindowMax; full >= 0) {
            const auto freeAt = m_reclaimedAtNs[ring][std::size_t(full)];
            if (freeAt > t) { // the slot is freed by a completion still ahead of this clock
                m_events.push({freeAt, m_seq++, kOrchestratorActor, 0});
                return;
            }
        }
        const auto cost = orchCost(task.kind == TaskKind::Alloc ? m_t.allocNs : m_t.submitNs);
        m_run.submits.push_back({t, t + cost, i});
        ++m_ringHead[ring];
        if (isProducer(task))
            ++m_producersSubmitted;
        registerTask(i, t + cost);
        ++m_pc;
        t += cost + orchCost(m_t.submitGapNs);
        m_events.push({t, m_seq++, kOrchestratorActor, 0});
        return;
    }
}

void Simulator::registerTask(std::uint32_t i, std::int64_t endNs)
{
    auto &ts = m_tasks[i];
    const auto &task = m_w.tasks[i];
    ts.submitted = true;
    ts.submitEndNs = endNs;
    ts.readyAtNs = endNs;
    for (auto k = m_predOffsets[i]; k < m_predOffsets[i + 1]; ++k) {
        const auto &p = m_tasks[m_preds[k]];
        if (!p.complete)
            ++ts.pendingPreds;
        else
            ts.readyAtNs = std::max(ts.readyAtNs, m_run.completeNs[m_preds[k]]);
        if (!p.dispatched)
            ++ts.undispatchedPreds;
    }
    if (task.kind == TaskKind::Alloc) {
        ts.queued = true;
        completeTask(i, endNs);
        return;
    }
    if (ts.pendingPreds == 0)
        enqueue(i, ts.readyAtNs);
    else if (task.earlyDispatch && task.runsOnCores() && ts.undispatchedPreds == 0)
        enqueue(i, endNs);
}

void Simulator::advanceRingTail(int ring, std::int64_t t)
{
    auto &tail = m_ringTail[ring];
    const auto &order = m_ringOrder[ring];
    auto &reclaimedAt = m_reclaimedAtNs[ring];
    while (tail < m_ringHead[ring] && m_tasks[order[tail]].complete) {
        reclaimedAt.push_back(std::max(reclaimedAt.empty() ? std::int64_t(0) : reclaimedAt.back(),
                                       m_run.completeNs[order[tail]]));
        ++tail;
    }
    if (m_orchBlocked && std::int64_t(m_ringHead[ring] - tail) < m_c.taskWindowMax) {
        m_orchBlocked = false;
        m_events.push({std::max(t, m_orchBlockedNs), m_seq++, kOrchestratorActor, 0});
    }
}

std::uint32_t Simulator::completeTask(std::uint32_t i, std::int64_t t)
{
    auto &ts = m_tasks[i];
    ts.complete = true;
    m_run.completeNs[i] = t;
    if (!ts.dispatched) {
        // Tasks that never reach a core (dummies, skips, allocs) count as dispatched once retired.
        std::vector<std::uint32_t> early;
        markDispatched(i, early);
        for (const auto e : early)
            enqueue(e, t);
    }
    std::uint32_t visits = 0;
    for (auto k = m_succOffsets[i]; k < m_succOffsets[i + 1]; ++k) {
        const auto s = m_succs[k];
        auto &ss = m_tasks[s];
        if (!ss.submitted)
            continue;
        ++visits;
        --ss.pendingPreds;
        ss.readyAtNs = std::max(ss.readyAtNs, t);
        if (ss.pendingPreds == 0 && !ss.queued)
            enqueue(s, std::max(ss.readyAtNs, ss.submitEndNs));
    }
    if (!m_c.hostOrchestrated)
        advanceRingTail(m_w.tasks[i].ring & 3, t);
    return visits;
}

void Simulator::markDispatched(std::uint32_t i, std::vector<std::uint32_t> &earlyOut)
{
    m_tasks[i].dispatched = true;
    for (auto k = m_succOffsets[i]; k < m_succOffsets[i + 1]; ++k) {
        const auto s = m_succs[k];
        auto &ss = m_tasks[s];
        if (!ss.submitted)
            continue;
        --ss.undispatchedPreds;
        const auto &st = m_w.tasks[s];
        if (st.earlyDispatch && st.runsOnCores() && ss.undispatchedPreds == 0 && ss.pendingPreds > 0 &&
            !ss.queued)
            earlyOut.push_back(s);
    }
}

Shape Simulator::shapeOf(std::uint32_t task) const
{
    const auto k = m_w.tasks[task].kind;
    return k == TaskKind::Mix ? ShapeMix : k == TaskKind::Aic ? ShapeAic : ShapeAiv;
}

void Simulator::enqueue(std::uint32_t i, std::int64_t visibleNs)
{
    auto &ts = m_tasks[i];
    const auto &task = m_w.tasks[i];
    ts.queued = true;
    if (!task.runsOnCores()) {
        m_dummyReady.push_back({i, visibleNs});
        wakeThreads(-1, visibleNs);
        return;
    }
    ts.blocksLeft = task.kind == TaskKind::Mix ? 1 : task.blockNum;
    const auto s = shapeOf(i);
    m_ready[s].push_back({i, visibleNs});
    wakeThreads(s, visibleNs);
}

void Simulator::depths(std::int16_t out[3]) const
{
    for (int s = 0; s < ShapeCount; ++s)
        out[s] = std::int16_t(std::min<std::size_t>(m_ready[s].size(), 32767));
}

std::int64_t Simulator::aligned(const ThreadState &ts, std::int64_t t) const
{
    if (t <= ts.lastEndNs)
        return ts.lastEndNs;
    const auto period = std::max<std::int64_t>(1, m_t.idleLoopNs);
    return ts.lastEndNs + (t - ts.lastEndNs + period - 1) / period * period;
}

void Simulator::schedule(int th, std::int64_t t)
{
    auto &ts = m_threads[std::size_t(th)];
    ++ts.generation;
    ts.wakeNs = t;
    m_events.push({t, m_seq++, th, ts.generation});
}

void Simulator::wakeThreads(int shape, std::int64_t visibleNs)
{
    for (int th = 0; th < int(m_threads.size()); ++th) {
        const auto &ts = m_threads[std::size_t(th)];
        if (ts.busy)
            continue;
        if (shape >= 0 && !hasCapacityFor(th, Shape(shape), m_ready[shape].front().task))
            continue;
        const auto w = aligned(ts, visibleNs);
        if (w < ts.wakeNs)
            schedule(th, w);
    }
}

int Simulator::idleCluster(int th, std::uint32_t task) const
{
    const auto &l = m_c.layout;
    const bool needsAiv1 = m_w.tasks[task].kernelIds[2] >= 0;
    for (const int b : m_threads[std::size_t(th)].clusters) {
        if (!m_cores[std::size_t(l.aicOf(b))].inflight.empty() ||
            !m_cores[std::size_t(l.aiv0Of(b))].inflight.empty())
            continue;
        if (needsAiv1 && !m_cores[std::size_t(l.aiv1Of(b))].inflight.empty())
            continue;
        return b;
    }
    return -1;
}

bool Simulator::hasCapacityFor(int th, Shape s, std::uint32_t task) const
{
    if (s == ShapeMix)
        return idleCluster(th, task) >= 0;
    const bool aic = s == ShapeAic;
    for (const int core : m_threads[std::size_t(th)].cores)
        if (m_c.layout.isAic(core) == aic &&
            int(m_cores[std::size_t(core)].inflight.size()) < m_c.coreQueueDepth)
            return true;
    return false;
}

// A MIX task needs a whole idle cluster. While the oldest ready entry is a MIX task this thread
// cannot place, it issues no AIC/AIV work, so its clusters drain instead of starving the MIX.
bool Simulator::holdsForMix(int th, std::int64_t now) const
{
    if (m_ready[ShapeMix].empty())
        return false;
    const auto &mix = m_ready[ShapeMix].front();
    if (mix.visibleNs > now || hasCapacityFor(th, ShapeMix, mix.task))
        return false;
    for (const int s : {ShapeAic, ShapeAiv})
        if (!m_ready[s].empty() && m_ready[s].front().visibleNs < mix.visibleNs)
            return false;
    return true;
}

int Simulator::pickCore(int th, bool aic, bool idleOnly)
{
    auto &ts = m_threads[std::size_t(th)];
    const auto n = ts.cores.size();
    auto &cursor = ts.cursor[aic ? 1 : 0];
    for (std::size_t k = 0; k < n; ++k) {
        const auto idx = (cursor + k) % n;
        const int core = ts.cores[idx];
        if (m_c.layout.isAic(core) == aic && m_cores[std::size_t(core)].inflight.empty()) {
            cursor = (idx + 1) % n;
            return core;
        }
    }
    if (idleOnly)
        return -1;
    int best = -1;
    for (const int core : ts.cores) {
        const auto &cs = m_cores[std::size_t(core)];
        if (m_c.layout.isAic(core) != aic || int(cs.inflight.size()) >= m_c.coreQueueDepth)
            continue;
        if (best < 0 || cs.lastEndNs < m_cores[std::size_t(best)].lastEndNs)
            best = core;
    }
    return best;
}

std::uint32_t Simulator::dispatchSubtask(int core, std::uint32_t task, std::int64_t dispatchNs)
{
    auto &cs = m_cores[std::size_t(core)];
    SimSubtask sub;
    sub.task = task;
    sub.core = core;
    sub.dispatchNs = dispatchNs;
    const auto viaNoc = dispatchNs + coreCost(m_t.propagationNs);
    const auto afterPrevious = cs.inflight.empty() ? 0 : cs.lastEndNs + coreCost(m_t.pickupNs);
    sub.receiveNs = std::max(viaNoc, afterPrevious);
    sub.startNs = sub.receiveNs + coreCost(m_t.setupNs);
    sub.endNs = sub.startNs + kernelNs(core, task);
    sub.observableNs = sub.endNs + coreCost(m_t.finLatencyNs);
    sub.regTaskId = ++cs.regCounter;
    cs.lastEndNs = sub.endNs;
    const auto index = std::uint32_t(m_run.subtasks.size());
    m_run.subtasks.push_back(sub);
    cs.inflight.push_back(index);
    ++m_tasks[task].outstanding;
    return index;
}

// The function a subtask's row resolves to (spec §4.4: aic -> kernel_ids[0], aiv -> kernel_ids[1],
// else kernel_ids[2]), so that slowFunction names what the viewer shows.
std::int64_t Simulator::kernelNs(int core, std::uint32_t task)
{
    const LogicalTask &t = m_w.tasks[task];
    const bool aic = m_c.layout.isAic(core);
    // By task, every block of an SPMD task (and both AIV cores of a MIX cluster) runs equally long:
    // blocks are paired by start order, which a change elsewhere may permute.
    const std::int64_t jittered =
        m_c.kernelTimesByTask ? jitterByKey(t.durationNs, m_t.kernelSpread, m_c.seed, task, aic ? 0 : 1)
                              : m_rng.jitter(t.durationNs, m_t.kernelSpread);
    const std::int32_t func = aic ? t.kernelIds[0] : (t.kernelIds[1] >= 0 ? t.kernelIds[1] : t.kernelIds[2]);
    const std::int64_t slower = m_c.slowFunction >= 0 && func == m_c.slowFunction ? m_c.slowByNs : 0;
    return std::max<std::int64_t>(1, jittered) + slower;
}

// The cores of a MIX cluster start together (cross-core sync), each after its own receive/setup.
void Simulator::dispatchMix(int th, std::uint32_t task, std::int64_t &cur)
{
    const auto &l = m_c.layout;
    const int b = idleCluster(th, task);
    std::vector<int> cores = {l.aicOf(b), l.aiv0Of(b)};
    if (m_w.tasks[task].kernelIds[2] >= 0)
        cores.push_back(l.aiv1Of(b));
    std::vector<std::uint32_t> subs;
    std::int64_t syncStart = 0;
    for (const int core : cores) {
        subs.push_back(dispatchSubtask(core, task, cur));
        syncStart = std::max(syncStart, m_run.subtasks[subs.back()].startNs);
        cur += schedCost(m_t.perDispatchNs);
    }
    for (const auto idx : subs) {
        auto &sub = m_run.subtasks[idx];
        const auto kernel = sub.endNs - sub.startNs;
        sub.startNs = syncStart;
        sub.endNs = syncStart + kernel;
        sub.observableNs = sub.endNs + coreCost(m_t.finLatencyNs);
        m_cores[std::size_t(sub.core)].lastEndNs = sub.endNs;
    }
    m_tasks[task].blocksLeft = 0;
}

bool Simulator::completePhase(int th, std::int64_t &now)
{
    auto &ts = m_threads[std::size_t(th)];
    std::vector<std::uint32_t> fins;
    for (const int core : ts.cores) {
        auto &cs = m_cores[std::size_t(core)];
        while (!cs.inflight.empty() && m_run.subtasks[cs.inflight.front()].observableNs <= now) {
            fins.push_back(cs.inflight.front());
            cs.inflight.pop_front();
        }
    }
    if (fins.empty())
        return false;
    std::sort(fins.begin(), fins.end(), [&](std::uint32_t a, std::uint32_t b) {
        const auto oa = m_run.subtasks[a].observableNs, ob = m_run.subtasks[b].observableNs;
        return oa != ob ? oa < ob : a < b;
    });
    SimPhase complete;
    complete.kind = SimPhaseKind::Complete;
    complete.startNs = now;
    complete.loopIter = ts.loopIter;
    complete.tasksProcessed = std::uint32_t(fins.size());
    depths(complete.sharedAtStart);
    std::int64_t cur = now + schedCost(m_t.completeBaseNs);
    std::vector<std::uint32_t> completed;
    for (const auto f : fins) {
        auto &sub = m_run.subtasks[f];
        sub.finishNs = cur;
        cur += schedCost(m_t.perFinNs);
        auto &task = m_tasks[sub.task];
        --task.outstanding;
        if (task.outstanding == 0 && task.blocksLeft == 0)
            completed.push_back(sub.task);
    }
    if (!completed.empty()) {
        SimPhase resolve;
        resolve.kind = SimPhaseKind::Resolve;
        resolve.startNs = cur;
        resolve.loopIter = ts.loopIter;
        for (const auto c : completed) {
            cur += schedCost(m_t.resolveBaseNs);
            const auto visits = completeTask(c, cur);
            resolve.tasksProcessed += visits;
            for (std::uint32_t v = 0; v < visits; ++v)
                cur += schedCost(m_t.perVisitNs);
        }
        resolve.endNs = cur;
        if (resolve.tasksProcessed > 0)
            record(th, resolve);
    }
    complete.endNs = cur;
    depths(complete.sharedAtEnd);
    record(th, complete);
    now = cur + schedCost(m_t.phaseGapNs);
    return true;
}

bool Simulator::dispatchPhase(int th, std::int64_t &now, std::vector<std::uint32_t> &earlyOut)
{
    auto &ts = m_threads[std::size_t(th)];
    SimPhase d;
    d.kind = SimPhaseKind::Dispatch;
    d.startNs = now;
    d.loopIter = ts.loopIter;
    depths(d.sharedAtStart);
    std::int64_t cur = now + schedCost(m_t.dispatchBaseNs);
    std::uint32_t published = 0, hits = 0, misses = 0;
    bool missed[ShapeCount] = {false, false, false};
    const bool hold = holdsForMix(th, now);
    for (;;) {
        int best = -1;
        for (const int s : {ShapeMix, ShapeAic, ShapeAiv}) {
            if (hold && s != ShapeMix)
                continue;
            auto &q = m_ready[s];
            if (q.empty() || q.front().visibleNs > cur) {
                if (!missed[s] && (s == ShapeMix || hasCapacityFor(th, Shape(s), 0))) {
                    ++misses;
                    missed[s] = true;
                }
                continue;
            }
            if (!hasCapacityFor(th, Shape(s), q.front().task))
                continue;
            if (best < 0 || q.front().visibleNs < m_ready[best].front().visibleNs)
                best = s;
        }
        if (best < 0)
            break;
        const auto task = m_ready[best].front().task;
        ++hits;
        auto &tstate = m_tasks[task];
        if (best == ShapeMix) {
            const auto before = m_run.subtasks.size();
            dispatchMix(th, task, cur);
            published += std::uint32_t(m_run.subtasks.size() - before);
        } else {
            while (tstate.blocksLeft > 0) {
                const int core = pickCore(th, best == ShapeAic, false);
                if (core < 0)
                    break;
                dispatchSubtask(core, task, cur);
                cur += schedCost(m_t.perDispatchNs);
                ++published;
                --tstate.blocksLeft;
            }
        }
        if (tstate.blocksLeft == 0) {
            m_ready[best].pop_front();
            markDispatched(task, earlyOut);
        }
    }
    if (published == 0) {
        ts.pendingHit = saturatingAdd(ts.pendingHit, hits);
        ts.pendingMiss = saturatingAdd(ts.pendingMiss, misses);
        return false;
    }
    d.endNs = cur;
    d.tasksProcessed = published;
    d.popHit = saturatingAdd(ts.pendingHit, hits);
    d.popMiss = saturatingAdd(ts.pendingMiss, misses);
    ts.pendingHit = ts.pendingMiss = 0;
    depths(d.sharedAtEnd);
    record(th, d);
    now = cur + schedCost(m_t.phaseGapNs);
    return true;
}

bool Simulator::earlyDispatchPhase(int th, std::int64_t &now, const std::vector<std::uint32_t> &earlyOut)
{
    std::vector<std::uint32_t> staged;
    SimPhase e;
    e.kind = SimPhaseKind::EarlyDispatch;
    e.startNs = now;
    e.loopIter = m_threads[std::size_t(th)].loopIter;
    std::int64_t cur = now + schedCost(m_t.earlyBaseNs);
    for (const auto task : earlyOut) {
        if (m_tasks[task].queued)
            continue;
        const auto blocks = m_w.tasks[task].subtaskCount();
        e.tasksProcessed += blocks;
        for (std::uint32_t b = 0; b < blocks; ++b)
            cur += schedCost(m_t.perEarlyBlockNs);
        m_tasks[task].queued = true; // claimed; published at the end of the phase
        staged.push_back(task);
    }
    if (staged.empty())
        return false;
    e.endNs = cur;
    record(th, e);
    for (const auto task : staged) {
        m_tasks[task].queued = false;
        enqueue(task, cur);
    }
    now = cur + schedCost(m_t.phaseGapNs);
    return true;
}

bool Simulator::dummyPhase(int th, std::int64_t &now)
{
    if (m_dummyReady.empty() || m_dummyReady.front().visibleNs > now)
        return false;
    SimPhase d;
    d.kind = SimPhaseKind::Dummy;
    d.startNs = now;
    d.loopIter = m_threads[std::size_t(th)].loopIter;
    std::int64_t cur = now + schedCost(m_t.dummyBaseNs);
    while (!m_dummyReady.empty() && m_dummyReady.front().visibleNs <= cur &&
           d.tasksProcessed < kMaxDummiesPerPhase) {
        const auto task = m_dummyReady.front().task;
        m_dummyReady.pop_front();
        SimPhase marker;
        marker.kind =
            m_w.tasks[task].kind == TaskKind::Dummy ? SimPhaseKind::DummyTask : SimPhaseKind::PredicatedSkip;
        marker.startNs = cur;
        marker.loopIter = d.loopIter;
        marker.tasksProcessed = 1;
        marker.task = task;
        cur += schedCost(m_t.markerNs);
        marker.endNs = cur;
        record(th, marker);
        SimPhase resolve;
        resolve.kind = SimPhaseKind::Resolve;
        resolve.startNs = cur;
        resolve.loopIter = d.loopIter;
        resolve.tasksProcessed = completeTask(task, cur);
        for (std::uint32_t v = 0; v < resolve.tasksProcessed; ++v)
            cur += schedCost(m_t.perVisitNs);
        resolve.endNs = cur;
        if (resolve.tasksProcessed > 0)
            record(th, resolve);
        ++d.tasksProcessed;
    }
    d.endNs = cur;
    record(th, d);
    now = cur + schedCost(m_t.phaseGapNs);
    return true;
}

std::int64_t Simulator::nextWake(int th, std::int64_t now) const
{
    const auto &ts = m_threads[std::size_t(th)];
    std::int64_t w = kNever;
    for (const int core : ts.cores) {
        const auto &cs = m_cores[std::size_t(core)];
        if (!cs.inflight.empty())
            w = std::min(w, m_run.subtasks[cs.inflight.front()].observableNs);
    }
    const bool hold = holdsForMix(th, now);
    for (const int s : {ShapeMix, ShapeAic, ShapeAiv}) {
        if (m_ready[s].empty() || (hold && s != ShapeMix))
            continue;
        const auto &front = m_ready[s].front();
        if (hasCapacityFor(th, Shape(s), front.task))
            w = std::min(w, front.visibleNs);
    }
    if (!m_dummyReady.empty())
        w = std::min(w, m_dummyReady.front().visibleNs);
    if (w == kNever)
        return kNever;
    return aligned(ts, std::max(w, now + 1));
}

void Simulator::threadIteration(int th, std::int64_t t)
{
    auto &ts = m_threads[std::size_t(th)];
    ts.wakeNs = kNever;
    ts.busy = true;
    std::int64_t now = std::max(t, ts.lastEndNs);
    if (now > ts.lastEndNs) {
        const auto idle = std::uint64_t((now - ts.lastEndNs) / std::max<std::int64_t>(1, m_t.idleLoopNs));
        ts.loopIter = saturatingAdd(ts.loopIter, idle);
        ts.pendingMiss = saturatingAdd(ts.pendingMiss, idle);
    }
    ts.loopIter = saturatingAdd(ts.loopIter, 1);

    std::vector<std::uint32_t> earlyOut;
    bool work = completePhase(th, now);
    work = dispatchPhase(th, now, earlyOut) || work;
    if (!earlyOut.empty())
        work = earlyDispatchPhase(th, now, earlyOut) || work;
    work = dummyPhase(th, now) || work;

    ts.lastEndNs = now;
    ts.busy = false;
    if (work) {
        schedule(th, now + schedCost(m_t.loopOverheadNs));
    } else {
        const auto w = nextWake(th, now);
        if (w != kNever)
            schedule(th, w);
    }
}

// Ring occupancy at each scope boundary (§8.2): head = tasks allocated on the ring so far, tail =
// leading tasks already retired (reclaimed in order), heap/dep-pool = cumulative bytes/entries of
// the tasks below head/tail, tensormap = live producer outputs over all rings.
void Simulator::computeScopeSamples()
{
    std::vector<std::int64_t> prefixMaxDone[4];
    std::vector<std::uint64_t> prefixBytes[4];
    std::vector<std::int64_t> prefixDeps[4];
    for (int r = 0; r < 4; ++r) {
        std::int64_t maxDone = 0;
        std::uint64_t bytes = 0;
        std::int64_t deps = 0;
        prefixBytes[r].push_back(0);
        prefixDeps[r].push_back(0);
        for (const auto i : m_ringOrder[r]) {
            maxDone = std::max(maxDone, m_run.completeNs[i]);
            prefixMaxDone[r].push_back(maxDone);
            bytes += m_w.tasks[i].outputBytes;
            deps += std::int64_t(m_predOffsets[i + 1] - m_predOffsets[i]);
            prefixBytes[r].push_back(bytes);
            prefixDeps[r].push_back(deps);
        }
    }
    std::vector<std::int64_t> producerDone;
    for (std::size_t i = 0; i < m_w.tasks.size(); ++i)
        if (isProducer(m_w.tasks[i]))
            producerDone.push_back(m_run.completeNs[i]);
    std::sort(producerDone.begin(), producerDone.end());

    for (std::size_t k = 0; k < m_run.scopeSamples.size(); ++k) {
        auto &s = m_run.scopeSamples[k];
        const int r = s.ring;
        const auto head = m_sampleHeads[k];
        const auto &done = prefixMaxDone[r];
        const auto retired = std::size_t(std::upper_bound(done.begin(), done.end(), s.timeNs) - done.begin());
        const auto tail = std::min(retired, head);
        s.taskWindowEnd = std::int64_t(head);
        s.taskWindowStart = std::int64_t(tail);
        s.heapEnd = prefixBytes[r][head];
        s.heapStart = prefixBytes[r][tail];
        s.depPoolEnd = prefixDeps[r][head];
        s.depPoolStart = prefixDeps[r][tail];
        const auto producersDone =
            std::upper_bound(producerDone.begin(), producerDone.end(), s.timeNs) - producerDone.begin();
        s.tensormap =
            std::max<std::int64_t>(0, std::int64_t(m_sampleProducers[k]) - std::int64_t(producersDone));
    }
}

void Simulator::computeDeviceSpan()
{
    std::int64_t first = kNever, last = 0;
    for (const auto &s : m_run.subtasks) {
        first = std::min({first, s.dispatchNs, s.receiveNs});
        last = std::max({last, s.finishNs, s.endNs});
    }
    for (const auto &lane : m_run.scheduler)
        for (const auto &p : lane) {
            first = std::min(first, p.startNs);
            last = std::max(last, p.endNs);
        }
    if (!m_run.submitsOnHost)
        for (const auto &s : m_run.submits) {
            first = std::min(first, s.startNs);
            last = std::max(last, s.endNs);
        }
    m_run.deviceStartNs = first == kNever ? 0 : first;
    m_run.deviceEndNs = last;
}

} // namespace

SimulatedRun simulateWorkload(const Workload &workload, const SimulationConfig &config)
{
    Simulator sim(workload, config);
    return sim.run();
}

} // namespace lanescope
