#include "analysisinput.h"

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <limits>

namespace lanescope {

std::int64_t AnalysisInput::taskIndex(std::uint64_t taskId) const
{
    auto it = std::lower_bound(tasks.begin(), tasks.end(), taskId,
                               [](const FoldedTask &t, std::uint64_t id) { return t.taskId < id; });
    return (it != tasks.end() && it->taskId == taskId) ? std::int64_t(it - tasks.begin()) : -1;
}

int analysisLevel(const Capture &capture)
{
    if (capture.info.level)
        return *capture.info.level;
    const bool aicpu =
        std::any_of(capture.rows.begin(), capture.rows.end(), [](const TaskRow &r) { return r.hasAicpu(); });
    if (!aicpu)
        return 1;
    const bool phases = std::any_of(capture.schedulerThreads.begin(), capture.schedulerThreads.end(),
                                    [](const PhaseLane &l) { return !l.empty(); });
    return phases ? 3 : 2;
}

namespace {

void foldTasks(AnalysisInput &in)
{
    CancelPoints cancelPoints;
    for (std::uint32_t i = 0; i < in.rows.size(); ++i) {
        cancelPoints.tick();
        const TaskRow &r = *in.rows[i];
        if (in.tasks.empty() || in.tasks.back().taskId != r.taskId) {
            FoldedTask t;
            t.taskId = r.taskId;
            t.dispatchUs = r.dispatchUs;
            t.startUs = r.startUs;
            t.endUs = r.endUs;
            t.finishUs = r.finishUs;
            t.firstRow = i;
            in.tasks.push_back(t);
        }
        FoldedTask &t = in.tasks.back();
        t.dispatchUs = std::min(t.dispatchUs, r.dispatchUs);
        t.startUs = std::min(t.startUs, r.startUs);
        t.endUs = std::max(t.endUs, r.endUs);
        t.finishUs = std::max(t.finishUs, r.finishUs);
        t.engines |= std::uint8_t(1u << engineOf(r.coreType));
        t.lastRow = i + 1;
        in.rowTask.push_back(std::uint32_t(in.tasks.size() - 1));
    }
}

void linkPredecessors(AnalysisInput &in, const DepGraph &deps)
{
    in.predOffsets.assign(in.tasks.size() + 1, 0);
    if (deps.empty())
        return;
    // Graph node -> task index, so each predecessor lookup is O(1).
    std::vector<std::int32_t> nodeTask(deps.nodes().size(), -1);
    std::vector<std::int64_t> taskNode(in.tasks.size(), -1);
    CancelPoints cancelPoints;
    for (std::uint32_t t = 0; t < in.tasks.size(); ++t) {
        cancelPoints.tick();
        taskNode[t] = deps.indexOf(in.tasks[t].taskId);
        if (taskNode[t] >= 0)
            nodeTask[std::size_t(taskNode[t])] = std::int32_t(t);
    }
    for (std::uint32_t t = 0; t < in.tasks.size(); ++t) {
        cancelPoints.tick();
        if (taskNode[t] >= 0) {
            const auto [first, last] = deps.predecessors(std::uint32_t(taskNode[t]));
            for (const std::uint32_t *p = first; p != last; ++p) {
                const std::int32_t pt = nodeTask[*p];
                if (pt >= 0 && std::uint32_t(pt) != t)
                    in.preds.push_back(std::uint32_t(pt));
            }
        }
        in.predOffsets[t + 1] = std::uint32_t(in.preds.size());
    }
}

void orderByCore(AnalysisInput &in)
{
    // Sorting plain keys (not pointers into the rows) keeps a million-row sort in cache.
    struct Key
    {
        std::int32_t core;
        std::uint32_t row;
        double start, end, dispatch;
    };
    std::vector<Key> keys(in.rows.size());
    for (std::uint32_t i = 0; i < in.rows.size(); ++i)
        keys[i] = {in.rows[i]->coreId, i, in.rows[i]->startUs, in.rows[i]->endUs, in.rows[i]->dispatchUs};
    cancellableSort(keys.begin(), keys.end(), [](const Key &a, const Key &b) {
        if (a.core != b.core)
            return a.core < b.core;
        if (a.start != b.start)
            return a.start < b.start;
        if (a.end != b.end)
            return a.end < b.end;
        if (a.dispatch != b.dispatch)
            return a.dispatch < b.dispatch;
        return a.row < b.row;
    });
    in.byCore.resize(keys.size());
    for (std::uint32_t i = 0; i < keys.size(); ++i) {
        in.byCore[i] = keys[i].row;
        if (in.coreRuns.empty() || in.coreRuns.back().coreId != keys[i].core)
            in.coreRuns.push_back({keys[i].core, i, i});
        in.coreRuns.back().last = i + 1;
    }
}

} // namespace

AnalysisInput buildAnalysisInput(const Capture &capture, std::optional<AnalysisRange> range,
                                 bool requireAicpu)
{
    AnalysisInput in;
    in.level = analysisLevel(capture);
    in.hasDeps = !capture.deps.empty();
    const bool needAicpu = requireAicpu && in.level >= 2;
    in.rows.reserve(capture.rows.size());
    CancelPoints cancelPoints;
    for (const TaskRow &r : capture.rows) {
        cancelPoints.tick();
        if (range && !range->contains(r.startUs))
            continue;
        if (needAicpu && !r.hasAicpu()) {
            ++in.rowsWithoutAicpu;
            continue;
        }
        in.rows.push_back(&r);
    }
    in.w0 = std::numeric_limits<double>::infinity();
    in.w1 = -std::numeric_limits<double>::infinity();
    for (const TaskRow *r : in.rows) {
        in.w0 = std::min(in.w0, r->startUs);
        in.w1 = std::max(in.w1, r->endUs);
    }
    if (in.rows.empty())
        in.w0 = in.w1 = 0;
    orderByCore(in);
    // A core id has one type (metadata core_types), so each run counts once for its engine.
    for (const AnalysisInput::CoreRun &run : in.coreRuns)
        ++in.cores[std::size_t(engineOf(in.rows[in.byCore[run.first]]->coreType))];
    foldTasks(in);
    linkPredecessors(in, capture.deps);
    return in;
}

} // namespace lanescope
