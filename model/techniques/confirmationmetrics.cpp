#include "confirmationmetrics.h"

#include "benchmetrics.h"
#include "model/analysis/criticalpath.h"
#include "model/analysis/missingtasks.h"
#include "model/analysis/ohdistribution.h"
#include "model/analysis/overheadanalysis.h"
#include "model/analysis/switchanalysis.h"
#include "model/capture/cancelpoint.h"
#include "model/capture/radixsort.h"
#include "ringpressure.h"

#include <algorithm>
#include <deque>
#include <map>

namespace lanescope {

const MetricValue *MetricSet::find(const QString &id) const
{
    auto it = values.find(id);
    return it == values.end() ? nullptr : &it->second;
}

std::optional<double> MetricSet::value(const QString &id) const
{
    const MetricValue *v = find(id);
    return v ? v->value : std::nullopt;
}

QString MetricSet::absentBecause(const QString &id) const
{
    const MetricValue *v = find(id);
    return v ? v->absentBecause : QStringLiteral("unknown metric");
}

namespace {

const QString kNeedsLevel2 = QStringLiteral("needs level ≥ 2: AICPU dispatch/finish were not captured");
const QString kNeedsLevel3 = QStringLiteral("needs level ≥ 3: scheduler phases were not captured");
const QString kNeedsLevel4 = QStringLiteral("needs level 4: orchestrator phases were not captured");
const QString kNeedsDeps = QStringLiteral("needs deps.json: no dependency graph was loaded");
const QString kNoRows = QStringLiteral("no task rows");
const QString kNeedsScopeStats = QStringLiteral("needs scope_stats.jsonl: no scope stats were loaded");
const QString kNeedsCoreTypes =
    QStringLiteral("needs the core types in the records' metadata: the physical core counts are unknown");

// Accumulates values; every definition ends up with an entry (absent unless set).
class Builder
{
public:
    explicit Builder(MetricSet &set) : m_set(set) {}

    void set(const char *id, double value, EvidenceRef evidence = {})
    {
        MetricValue &v = slot(id);
        v.value = value;
        v.absentBecause.clear();
        v.evidence = std::move(evidence);
    }
    void absent(const char *id, const QString &reason)
    {
        MetricValue &v = slot(id);
        v.value.reset();
        v.absentBecause = reason;
    }
    // Every value of metric `metric` ("M10") that is not set yet gets `reason`.
    void absentAll(const QString &metric, const QString &reason)
    {
        for (const MetricDefinition &d : metricDefinitions())
            if (d.metric == metric && !m_set.values[d.id].value)
                m_set.values[d.id] = MetricValue{d.id, std::nullopt, reason, {}};
    }

private:
    MetricValue &slot(const char *id)
    {
        const QString key = QString::fromLatin1(id);
        Q_ASSERT(metricDefinition(key));
        MetricValue &v = m_set.values[key];
        v.id = key;
        return v;
    }
    MetricSet &m_set;
};

EvidenceRef rangeEvidence(double a, double b, const QString &label,
                          std::optional<std::uint64_t> task = std::nullopt)
{
    EvidenceRef e;
    e.range = AnalysisRange{a, std::max(b, a)};
    e.taskId = task;
    e.label = label;
    return e;
}

EvidenceRef taskEvidence(std::uint64_t task, const QString &label)
{
    EvidenceRef e;
    e.taskId = task;
    e.label = label;
    return e;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
    if (v.size() % 2)
        return v[mid];
    const double upper = v[mid];
    const double lower = *std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid));
    return (lower + upper) / 2;
}

// Largest number of intervals open at one time; an interval ending at t does not overlap one starting at t.
// The most intervals open at once. Starts and ends sorted apart (plain numbers sort about twice as
// fast as pairs at millions of rows) and walked together: an end at a start's time closes first.
std::size_t maxConcurrency(std::vector<double> starts, std::vector<double> ends)
{
    radixSortByDouble(starts, [](double t) { return t; });
    radixSortByDouble(ends, [](double t) { return t; });
    std::size_t open = 0, best = 0;
    for (std::size_t s = 0, e = 0; s < starts.size();) {
        if (e < ends.size() && ends[e] <= starts[s]) {
            --open;
            ++e;
        } else {
            best = std::max(best, ++open);
            ++s;
        }
    }
    return best;
}

void graphMetrics(const Capture &c, const AnalysisInput &in, bool ranged, Builder &b)
{
    CancelPoints cancelPoints;
    const DepGraph &g = c.deps;
    if (g.empty()) {
        for (const char *id : {"M1.tasks_without_rows", "M1.early_dispatch_tasks", "M1.manual_scope_tasks",
                               "M2.spmd_tasks", "M2.max_block_num", "M3", "M4", "M4.width", "M22"})
            b.absent(id, kNeedsDeps);
        return;
    }
    std::size_t kernelTasks = 0, early = 0, manual = 0, spmd = 0;
    std::int32_t maxBlocks = 0;
    for (const DepNode &n : g.nodes()) {
        cancelPoints.tick();
        if (g.isKernelTask(n))
            ++kernelTasks;
        early += (n.flags & DepNode::EarlyDispatch) ? 1 : 0;
        manual += (n.flags & DepNode::ManualScope) ? 1 : 0;
        if (n.inTasks()) {
            spmd += n.blockNum > 1 ? 1 : 0;
            maxBlocks = std::max(maxBlocks, n.blockNum);
        }
    }
    // A task counts when it ran: one the graph lists but no row shows and no scheduler marker
    // explains (a capture cut short, a lost buffer) is counted apart, so that missing work never
    // reads as a smaller graph.
    if (!ranged && g.hasTaskList()) {
        const std::size_t missing = tasksWithoutRows(c).size();
        b.set("M1", double(kernelTasks - missing));
        b.set("M1.tasks_without_rows", double(missing));
    } else {
        b.absent("M1.tasks_without_rows",
                 ranged ? QStringLiteral("not for a range: the graph is the whole run's")
                        : QStringLiteral("needs deps.json's tasks list"));
    }
    b.set("M1.early_dispatch_tasks", double(early));
    b.set("M1.manual_scope_tasks", double(manual));
    b.set("M2.spmd_tasks", double(spmd));
    b.set("M2.max_block_num", double(maxBlocks));

    std::size_t edges = 0;
    for (const auto &[p, s] : g.edges()) {
        cancelPoints.tick();
        edges += p != s ? 1 : 0;
    }
    b.set("M3", double(edges));

    // M4: longest path in kernel tasks (Kahn order; nodes on a cycle never become ready and are skipped).
    const std::size_t n = g.nodes().size();
    std::vector<std::uint32_t> indegree(n, 0);
    for (const auto &[p, s] : g.edges()) {
        cancelPoints.tick();
        if (p != s)
            ++indegree[s];
    }
    std::vector<std::uint32_t> depth(n, 0);
    std::deque<std::uint32_t> ready;
    for (std::uint32_t i = 0; i < n; ++i) {
        cancelPoints.tick();
        if (indegree[i] == 0)
            ready.push_back(i);
    }
    std::uint32_t longest = 0;
    while (!ready.empty()) {
        const std::uint32_t v = ready.front();
        ready.pop_front();
        depth[v] += g.isKernelTask(g.nodes()[v]) ? 1 : 0;
        longest = std::max(longest, depth[v]);
        auto [s0, s1] = g.successors(v);
        for (const std::uint32_t *s = s0; s != s1; ++s) {
            cancelPoints.tick();
            if (*s == v)
                continue;
            depth[*s] = std::max(depth[*s], depth[v]);
            if (--indegree[*s] == 0)
                ready.push_back(*s);
        }
    }
    b.set("M4", double(longest));
    if (longest > 0)
        b.set("M4.width", double(g.hasTaskList() && !ranged ? kernelTasks : in.tasks.size()) / longest);
    else
        b.absent("M4.width", QStringLiteral("the graph has no kernel task"));

    // M22: pred.max end ≤ succ.min start for every edge between tasks with bars.
    std::size_t violations = 0;
    std::optional<std::uint64_t> firstViolation;
    for (const auto &[p, s] : g.edges()) {
        cancelPoints.tick();
        if (p == s)
            continue;
        const std::int64_t pi = in.taskOfNode(p);
        const std::int64_t si = in.taskOfNode(s);
        if (pi < 0 || si < 0)
            continue;
        if (in.tasks[std::size_t(pi)].endUs > in.tasks[std::size_t(si)].startUs) {
            ++violations;
            if (!firstViolation)
                firstViolation = g.nodes()[s].taskId;
        }
    }
    b.set("M22", double(violations),
          firstViolation
              ? taskEvidence(*firstViolation, QStringLiteral("consumer started before its producer ended"))
              : EvidenceRef{});
}

void barMetrics(const Capture &c, const AnalysisInput &in, bool ranged, Builder &b)
{
    CancelPoints cancelPoints;
    if (in.rows.empty()) {
        for (const char *m : {"M1", "M2", "M5", "M6", "M7", "M8", "M9", "M14", "M15", "M16", "M17"})
            b.absentAll(QString::fromLatin1(m), kNoRows);
        return;
    }
    if (!(c.deps.hasTaskList() && !ranged))
        b.set("M1", double(in.tasks.size()));
    b.set("M2", double(in.rows.size()) / double(in.tasks.size()));

    const double makespan = in.makespanUs();
    b.set("M5", makespan, rangeEvidence(in.w0, in.w1, QStringLiteral("first start to last end")));

    std::vector<double> durations;
    durations.reserve(in.rows.size());
    double busy[kEngineCount] = {0, 0};
    for (const TaskRow *r : in.rows) {
        cancelPoints.tick();
        durations.push_back(r->durationUs());
        busy[engineOf(r->coreType)] += r->durationUs();
    }
    double sumDur = 0;
    for (double d : durations)
        sumDur += d;
    b.set("M6", sumDur / double(durations.size()));
    b.set("M6.median", median(durations));

    // M7 over each core's bars in time order.
    std::vector<double> gaps;
    double gapSum = 0, durOnMultiCores = 0;
    double largestGap = -1, largestGapAt = 0;
    for (const AnalysisInput::CoreRun &run : in.coreRuns) {
        if (run.last - run.first < 2)
            continue;
        for (std::uint32_t k = run.first; k < run.last; ++k) {
            cancelPoints.tick();
            const TaskRow *r = in.rows[in.byCore[k]];
            durOnMultiCores += r->durationUs();
            if (k + 1 < run.last) {
                const TaskRow *next = in.rows[in.byCore[k + 1]];
                const double gap = std::max(0.0, next->startUs - r->endUs);
                gaps.push_back(gap);
                gapSum += gap;
                if (gap > largestGap) {
                    largestGap = gap;
                    largestGapAt = r->endUs;
                }
            }
        }
    }
    if (durOnMultiCores > 0) {
        b.set("M7", gapSum / durOnMultiCores,
              largestGap >= 0
                  ? rangeEvidence(largestGapAt, largestGapAt + largestGap, QStringLiteral("largest gap"))
                  : EvidenceRef{});
        b.set("M7.gap_total_us", gapSum);
        // The largest tenth, largest first: only that tenth needs an order.
        const std::size_t top = (gaps.size() + 9) / 10;
        const auto topEnd = gaps.begin() + std::ptrdiff_t(top);
        std::nth_element(gaps.begin(), topEnd, gaps.end(), std::greater<>());
        cancellableSort(gaps.begin(), topEnd, std::greater<>());
        double topSum = 0;
        for (std::size_t i = 0; i < top; ++i)
            topSum += gaps[i];
        b.set("M7.c10", gapSum > 0 ? topSum / gapSum : 0.0);
    } else {
        b.absentAll(QStringLiteral("M7"), QStringLiteral("no core has two bars"));
    }

    // M8 against the physical core counts of the metadata.
    int physical[kEngineCount] = {0, 0};
    for (CoreType t : c.info.coreTypes)
        ++physical[engineOf(t)];
    // The input counted the distinct cores of each engine among its rows.
    const std::array<int, kEngineCount> &active = in.cores;
    if (physical[0] + physical[1] == 0) {
        b.absentAll(QStringLiteral("M8"), kNeedsCoreTypes);
    } else {
        b.set("M8", double(active[0] + active[1]) / double(physical[0] + physical[1]));
        const char *occupancy[] = {"M8.aic_occupancy", "M8.aiv_occupancy"};
        const char *busyShare[] = {"M8.aic_busy", "M8.aiv_busy"};
        for (int e = 0; e < kEngineCount; ++e) {
            if (physical[e] == 0) {
                const QString reason =
                    QStringLiteral("the capture has no %1 cores").arg(QLatin1String(engineName(e)));
                b.absent(occupancy[e], reason);
                b.absent(busyShare[e], reason);
                continue;
            }
            b.set(occupancy[e], double(active[std::size_t(e)]) / physical[e]);
            if (makespan > 0)
                b.set(busyShare[e], busy[e] / (physical[e] * makespan));
            else
                b.absent(busyShare[e], QStringLiteral("zero makespan"));
        }
    }

    // M9.
    std::vector<double> starts, ends;
    starts.reserve(in.rows.size());
    ends.reserve(in.rows.size());
    for (const TaskRow *r : in.rows) {
        cancelPoints.tick();
        starts.push_back(r->startUs);
        ends.push_back(r->endUs);
    }
    if (makespan > 0)
        b.set("M9", sumDur / makespan);
    else
        b.absent("M9", QStringLiteral("zero makespan"));
    b.set("M9.max", double(maxConcurrency(std::move(starts), std::move(ends))));

    // M15, M16 per task.
    double overlapSum = 0, skewSum = 0, tailSum = 0, largestSkew = -1;
    std::size_t mixTasks = 0, multiBlock = 0;
    std::uint64_t largestSkewTask = 0;
    for (const FoldedTask &t : in.tasks) {
        cancelPoints.tick();
        if (t.engines == 3) {
            double c0 = 1e300, c1 = -1e300, v0 = 1e300, v1 = -1e300;
            for (std::uint32_t k = t.firstRow; k < t.lastRow; ++k) {
                const TaskRow *r = in.rows[k];
                if (r->coreType == CoreType::Aic) {
                    c0 = std::min(c0, r->startUs);
                    c1 = std::max(c1, r->endUs);
                } else {
                    v0 = std::min(v0, r->startUs);
                    v1 = std::max(v1, r->endUs);
                }
            }
            const double inter = std::max(0.0, std::min(c1, v1) - std::max(c0, v0));
            const double uni = std::max(c1, v1) - std::min(c0, v0);
            overlapSum += uni > 0 ? inter / uni : 0.0;
            ++mixTasks;
            continue;
        }
        const DepNode *node = c.deps.find(t.taskId);
        const bool blocks = node && node->inTasks() ? node->blockNum > 1 : t.lastRow - t.firstRow > 1;
        if (!blocks || t.lastRow - t.firstRow < 2)
            continue;
        double s0 = 1e300, s1 = -1e300, e0 = 1e300, e1 = -1e300;
        for (std::uint32_t k = t.firstRow; k < t.lastRow; ++k) {
            const TaskRow *r = in.rows[k];
            s0 = std::min(s0, r->startUs);
            s1 = std::max(s1, r->startUs);
            e0 = std::min(e0, r->endUs);
            e1 = std::max(e1, r->endUs);
        }
        skewSum += s1 - s0;
        tailSum += e1 - e0;
        ++multiBlock;
        if (s1 - s0 > largestSkew) {
            largestSkew = s1 - s0;
            largestSkewTask = t.taskId;
        }
    }
    b.set("M15", mixTasks ? overlapSum / double(mixTasks) : 0.0);
    b.set("M15.mix_tasks", double(mixTasks));
    if (multiBlock) {
        b.set("M16", skewSum / double(multiBlock),
              taskEvidence(largestSkewTask, QStringLiteral("largest start skew")));
        b.set("M16.retire_tail_us", tailSum / double(multiBlock));
    } else {
        b.absentAll(QStringLiteral("M16"), QStringLiteral("no task has more than one block"));
    }

    // M17 from the task ids.
    std::map<std::uint32_t, std::size_t> perRing;
    for (const FoldedTask &t : in.tasks) {
        cancelPoints.tick();
        ++perRing[std::uint32_t(t.taskId >> 32) & 0xFFu];
    }
    std::size_t largest = 0;
    for (const auto &[ring, n] : perRing)
        largest = std::max(largest, n);
    b.set("M17", double(perRing.size()));
    b.set("M17.largest_share", double(largest) / double(in.tasks.size()));
}

// M14 on the kernel group (same kernel_ids) with the most tasks that have bars.
void staircaseMetrics(const Capture &c, const AnalysisInput &in, Builder &b)
{
    CancelPoints cancelPoints;
    const DepGraph &g = c.deps;
    if (g.empty()) {
        b.absentAll(QStringLiteral("M14"), kNeedsDeps);
        return;
    }
    std::map<std::array<std::int32_t, 3>, std::vector<std::uint32_t>> groups;
    for (std::uint32_t i = 0; i < in.tasks.size(); ++i) {
        cancelPoints.tick();
        const DepNode *n = g.find(in.tasks[i].taskId);
        if (n && n->inTasks() && g.isKernelTask(*n))
            groups[n->kernelIds].push_back(i);
    }
    const std::vector<std::uint32_t> *group = nullptr;
    for (const auto &[key, members] : groups)
        if (members.size() >= 2 && (!group || members.size() > group->size()))
            group = &members;
    if (!group) {
        b.absentAll(QStringLiteral("M14"), QStringLiteral("no kernel group has two tasks with bars"));
        return;
    }
    std::vector<std::uint32_t> order = *group;
    cancellableSort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
        return in.tasks[x].startUs != in.tasks[y].startUs ? in.tasks[x].startUs < in.tasks[y].startUs : x < y;
    });

    // Is there a path a → b? Breadth-first over successors; a task with bars that starts after b
    // cannot lie on a path into b without a happens-before violation, so the search skips it.
    std::vector<std::uint32_t> seen(g.nodes().size(), 0);
    std::uint32_t stamp = 0;
    auto reaches = [&](std::uint64_t from, std::uint64_t to, double toStart) {
        const std::int64_t src = g.indexOf(from), dst = g.indexOf(to);
        if (src < 0 || dst < 0)
            return false;
        ++stamp;
        std::vector<std::uint32_t> queue{std::uint32_t(src)};
        seen[std::size_t(src)] = stamp;
        for (std::size_t q = 0; q < queue.size(); ++q) {
            auto [s0, s1] = g.successors(queue[q]);
            for (const std::uint32_t *s = s0; s != s1; ++s) {
                cancelPoints.tick();
                if (*s == std::uint32_t(dst))
                    return true;
                if (seen[*s] == stamp)
                    continue;
                seen[*s] = stamp;
                const std::int64_t ti = in.taskOfNode(*s);
                if (ti >= 0 && in.tasks[std::size_t(ti)].startUs > toStart)
                    continue;
                queue.push_back(*s);
            }
        }
        return false;
    };
    std::size_t stairs = 0;
    for (std::size_t k = 0; k + 1 < order.size(); ++k) {
        const FoldedTask &a = in.tasks[order[k]];
        const FoldedTask &bt = in.tasks[order[k + 1]];
        if (bt.startUs >= a.endUs && reaches(a.taskId, bt.taskId, bt.startUs))
            ++stairs;
    }
    std::vector<double> starts, ends;
    double first = 1e300, last = -1e300;
    for (std::uint32_t i : order) {
        starts.push_back(in.tasks[i].startUs);
        ends.push_back(in.tasks[i].endUs);
        first = std::min(first, in.tasks[i].startUs);
        last = std::max(last, in.tasks[i].endUs);
    }
    const EvidenceRef evidence =
        rangeEvidence(first, last, QStringLiteral("largest kernel group"), in.tasks[order.front()].taskId);
    b.set("M14", double(stairs) / double(order.size() - 1), evidence);
    b.set("M14.max_concurrency", double(maxConcurrency(std::move(starts), std::move(ends))), evidence);
    b.set("M14.span_us", last - first, evidence);
}

void dispatchMetrics(const AnalysisInput &in, Builder &b)
{
    if (in.level < 2) {
        for (const char *m : {"M10", "M11", "M12", "M13"})
            b.absentAll(QString::fromLatin1(m), kNeedsLevel2);
        return;
    }
    if (in.rows.empty()) {
        for (const char *m : {"M10", "M11", "M12", "M13"})
            b.absentAll(QString::fromLatin1(m), kNoRows);
        return;
    }
    const Distribution head = distributionOf(headOverheads(in));
    b.set("M10", head.meanUs);
    b.set("M10.p50", head.percentileUs[2]);
    b.set("M10.p90", head.percentileUs[4]);

    std::optional<OverheadFigures> oh;
    if (in.hasDeps)
        oh = overheadFigures(in);
    const SwitchFigures sw = switchFigures(in, oh ? &oh->waitingIntervals : nullptr);
    double largest = 0, weighted = 0;
    int cores = 0;
    for (const EngineSwitch &e : sw.engines) {
        if (!e.present)
            continue;
        largest = std::max(largest, e.maxUs);
        weighted += e.meanUs * e.cores;
        cores += e.cores;
    }
    b.set("M11", largest);
    b.set("M11.mean", cores ? weighted / cores : 0.0);

    if (!oh) {
        b.absentAll(QStringLiteral("M12"), kNeedsDeps);
        b.absentAll(QStringLiteral("M13"), kNeedsDeps);
        return;
    }
    // The longest stretch with has_overhead is the evidence to show.
    double noReady[kEngineCount] = {0, 0};
    double bestLen = -1, bestA = 0, bestB = 0, runA = 0;
    bool inRun = false;
    double runEnd = 0;
    sweepOverhead(in, [&](double a, double bb, const OverheadState &s) {
        for (int e = 0; e < kEngineCount; ++e)
            if (s.idle[e] > 0 && s.waiting[e] == 0)
                noReady[e] += bb - a;
        if (s.has) {
            if (!inRun || a != runEnd)
                runA = a;
            inRun = true;
            runEnd = bb;
            if (bb - runA > bestLen) {
                bestLen = bb - runA;
                bestA = runA;
                bestB = bb;
            }
        } else {
            inRun = false;
        }
    });
    const EvidenceRef ohEvidence =
        bestLen > 0 ? rangeEvidence(bestA, bestB, QStringLiteral("longest stretch of overhead"))
                    : EvidenceRef{};
    b.set("M12", oh->hasPct / 100.0, ohEvidence);
    b.set("M12.all", oh->allPct / 100.0, ohEvidence);
    const char *share[] = {"M12.aic", "M12.aiv"};
    const char *noReadyId[] = {"M12.aic_idle_noready", "M12.aiv_idle_noready"};
    for (int e = 0; e < kEngineCount; ++e) {
        if (!oh->engines[e].present) {
            const QString reason = QStringLiteral("no %1 bars").arg(QLatin1String(engineName(e)));
            b.absent(share[e], reason);
            b.absent(noReadyId[e], reason);
            continue;
        }
        b.set(share[e], oh->engines[e].pct / 100.0, ohEvidence);
        b.set(noReadyId[e], oh->makespanUs > 0 ? noReady[e] / oh->makespanUs : 0.0);
    }

    const std::optional<CriticalPathAttribution> cp = criticalPathAttribution(in);
    if (!cp || cp->spanUs <= 0) {
        b.absentAll(QStringLiteral("M13"), QStringLiteral("no critical path: no task with a positive span"));
        return;
    }
    double pathStart = 1e300, pathEnd = -1e300, hopGaps = 0;
    for (std::size_t k = 0; k < cp->taskIds.size(); ++k) {
        const std::int64_t ti = in.taskIndex(cp->taskIds[k]);
        if (ti < 0)
            continue;
        pathStart = std::min(pathStart, in.tasks[std::size_t(ti)].startUs);
        pathEnd = std::max(pathEnd, in.tasks[std::size_t(ti)].finishUs);
        if (k + 1 < cp->taskIds.size()) {
            const std::int64_t pi = in.taskIndex(cp->taskIds[k + 1]);
            if (pi >= 0)
                hopGaps += in.tasks[std::size_t(ti)].startUs - in.tasks[std::size_t(pi)].endUs;
        }
    }
    const EvidenceRef cpEvidence =
        rangeEvidence(pathStart, pathEnd, QStringLiteral("critical path"), cp->sinkTaskId);
    b.set("M13", cp->schedUs / cp->spanUs, cpEvidence);
    b.set("M13.sched_us", cp->schedUs, cpEvidence);
    b.set("M13.span_us", cp->spanUs, cpEvidence);
    b.set("M13.hops", double(cp->hops), cpEvidence);
    if (cp->hops > 0)
        b.set("M13.mean_hop_gap_us", hopGaps / double(cp->hops), cpEvidence);
    else
        b.absent("M13.mean_hop_gap_us", QStringLiteral("the critical path has no hop"));
}

bool inRange(const std::optional<AnalysisRange> &range, double us)
{
    return !range || range->contains(us);
}

void phaseMetrics(const Capture &c, int level, std::optional<AnalysisRange> range, Builder &b)
{
    CancelPoints cancelPoints;
    static const QStringList outer = {QStringLiteral("complete"), QStringLiteral("async_poll"),
                                      QStringLiteral("dispatch"), QStringLiteral("release"),
                                      QStringLiteral("dummy"),    QStringLiteral("early_dispatch"),
                                      QStringLiteral("drain")};
    if (level < 3 || c.schedulerThreads.empty()) {
        b.absentAll(QStringLiteral("M19"), kNeedsLevel3);
    } else {
        double busy = 0, dispatched = 0, early = 0;
        for (const PhaseLane &lane : c.schedulerThreads) {
            for (const PhaseRecord &r : lane) {
                cancelPoints.tick();
                if (!inRange(range, r.startUs) || r.kind >= c.phaseKinds.size())
                    continue;
                const QString &kind = c.phaseKinds.at(r.kind);
                if (!outer.contains(kind))
                    continue;
                busy += r.endUs - r.startUs;
                if (kind == outer[2])
                    dispatched += r.tasksProcessed;
                else if (kind == outer[5])
                    early += r.tasksProcessed;
            }
        }
        b.set("M19.busy_us", busy);
        b.set("M19.dispatch_tasks", dispatched);
        b.set("M19.early_dispatch_tasks", early);
    }

    if (level < 4 || c.orchestratorLanes.empty()) {
        b.absentAll(QStringLiteral("M20"), kNeedsLevel4);
        return;
    }
    const std::int64_t submitKind = c.phaseKinds.find(QStringLiteral("orch_submit"));
    std::size_t count = 0;
    double total = 0;
    for (const PhaseLane &lane : c.orchestratorLanes)
        for (const PhaseRecord &r : lane) {
            cancelPoints.tick();
            if (std::int64_t(r.kind) == submitKind && inRange(range, r.startUs)) {
                ++count;
                total += r.endUs - r.startUs;
            }
        }
    b.set("M20", double(count));
    b.set("M20.total_us", total);
    if (count)
        b.set("M20.mean_us", total / double(count));
    else
        b.absent("M20.mean_us", QStringLiteral("no orchestrator submit records"));
}

void ringMetrics(const Capture &c, Builder &b)
{
    if (c.scopeStats.isEmpty()) {
        b.absentAll(QStringLiteral("M18"), kNeedsScopeStats);
        return;
    }
    const RingPressure p = ringPressure(c.scopeStats);
    b.set("M18.fatal", c.scopeStats.fatal ? 1.0 : 0.0);
    if (!p.anyCapacity) {
        b.absentAll(QStringLiteral("M18"), QStringLiteral("scope stats give no ring capacity"));
        return;
    }
    b.set("M18", p.maxUse);
    b.set("M18.rings_used", double(p.ringsUsed));
    if (p.totalUse > 0)
        b.set("M18.largest_ring_share", p.largestRingUse / p.totalUse);
    else
        b.absent("M18.largest_ring_share", QStringLiteral("no ring has any use"));
}

// The hints belong to the whole build, so a region of the capture counts them all. Without the
// build's report/ folder nothing says whether the compiler emitted any.
void hintMetrics(const Capture &c, Builder &b)
{
    for (const char *code : {"PH001", "PH-MR-001"}) {
        if (!c.perfHints.known()) {
            b.absent(code, QStringLiteral("needs the build's report/ folder (../report beside the capture): "
                                          "none was found, so the compiler's hints are unknown"));
            continue;
        }
        b.set(code, double(c.perfHints.uniqueCount(QString::fromLatin1(code))));
    }
}

} // namespace

MetricSet computeMetrics(const Capture &capture, std::optional<AnalysisRange> range,
                         const CancelCheck &cancelled)
{
    return computeMetrics(AnalysisInputs(capture, range), cancelled);
}

MetricSet computeMetrics(const AnalysisInputs &inputs, const CancelCheck &cancelled)
{
    const Capture &capture = inputs.capture();
    const std::optional<AnalysisRange> &range = inputs.range();
    MetricSet set;
    Builder b(set);
    // AICore-only figures take every row; dispatch figures only rows with AICPU timing (as analyze()).
    const AnalysisInput &bars = inputs.every();
    set.level = bars.level;
    set.hasDeps = !capture.deps.empty();
    set.hasScopeStats = !capture.scopeStats.isEmpty();

    if (cancelled())
        return set;
    graphMetrics(capture, bars, range.has_value(), b);
    if (cancelled())
        return set;
    barMetrics(capture, bars, range.has_value(), b);
    if (cancelled())
        return set;
    staircaseMetrics(capture, bars, b);
    if (cancelled())
        return set;
    dispatchMetrics(inputs.timed(), b); // every row below level 2, as buildAnalysisInput takes them
    if (cancelled())
        return set;
    phaseMetrics(capture, bars.level, range, b);
    if (cancelled())
        return set;
    ringMetrics(capture, b);
    hintMetrics(capture, b);
    setBenchMetrics(capture, set);

    // Every definition has an entry; anything still missing was left out by a gate above.
    for (const MetricDefinition &d : metricDefinitions())
        if (!set.values.count(d.id))
            set.values[d.id] = MetricValue{d.id, std::nullopt, kNoRows, {}};
    return set;
}

} // namespace lanescope
