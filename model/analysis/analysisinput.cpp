#include "analysisinput.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/sharedloop.h"

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
    // Graph node <-> task index, so each predecessor lookup is O(1). Both lists ascend by task id:
    // one walk along the two matches them, where a search per task would miss the cache at every
    // step (three million tasks at ten million rows).
    const FlatArray<DepNode> &nodes = deps.nodes();
    std::vector<std::int32_t> &nodeTask = in.nodeTask;
    nodeTask.assign(nodes.size(), -1);
    std::vector<std::int64_t> taskNode(in.tasks.size(), -1);
    CancelPoints cancelPoints;
    std::size_t node = 0;
    for (std::uint32_t t = 0; t < in.tasks.size(); ++t) {
        cancelPoints.tick();
        const std::uint64_t id = in.tasks[t].taskId;
        while (node < nodes.size() && nodes[node].taskId < id)
            ++node;
        if (node < nodes.size() && nodes[node].taskId == id) {
            taskNode[t] = std::int64_t(node);
            nodeTask[node] = std::int32_t(t);
        }
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

// Core ids spanning fewer than this are grouped by counting (one counter per id in the span).
constexpr std::int64_t kDenseCoreSpan = std::int64_t(1) << 21;

// The keys of `in`'s rows: grouped by core with a counting pass where the ids span a small range
// (they are core numbers, and the loader keeps them below 2^20), then each core's keys sorted on
// their own — a core's keys stay in cache, most arrive in order already, and two threads share
// the cores. Ids spread wider are sorted all at once.
template <typename Key, typename Less> std::vector<Key> keysByCore(const AnalysisInput &in, Less less)
{
    auto keyOf = [&](std::uint32_t i) {
        const TaskRow &r = *in.rows[i];
        return Key{r.coreId, i, r.startUs, r.endUs, r.dispatchUs};
    };
    const std::size_t n = in.rows.size();
    std::vector<Key> keys(n);
    const auto [lowest, highest] =
        std::minmax_element(in.rows.begin(), in.rows.end(),
                            [](const TaskRow *a, const TaskRow *b) { return a->coreId < b->coreId; });
    if (n == 0 || std::int64_t((*highest)->coreId) - (*lowest)->coreId >= kDenseCoreSpan) {
        for (std::uint32_t i = 0; i < n; ++i)
            keys[i] = keyOf(i);
        cancellableSort(keys.begin(), keys.end(), less);
        return keys;
    }
    const std::int32_t base = (*lowest)->coreId;
    std::vector<std::uint32_t> begins(std::size_t((*highest)->coreId - base) + 2, 0);
    for (const TaskRow *r : in.rows)
        ++begins[std::size_t(r->coreId - base) + 1];
    for (std::size_t c = 1; c < begins.size(); ++c)
        begins[c] += begins[c - 1];
    std::vector<std::uint32_t> next(begins.begin(), begins.end() - 1);
    CancelPoints cancelPoints;
    for (std::uint32_t i = 0; i < n; ++i) {
        cancelPoints.tick();
        keys[next[std::size_t(in.rows[i]->coreId - base)]++] = keyOf(i);
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> cores; // [first, last) of each core's keys
    for (std::size_t c = 0; c + 1 < begins.size(); ++c)
        if (begins[c + 1] > begins[c])
            cores.emplace_back(begins[c], begins[c + 1]);
    SharedLoop loop(cores.size());
    auto sortCore = [&](std::size_t c) {
        const auto first = keys.begin() + cores[c].first, last = keys.begin() + cores[c].second;
        if (!std::is_sorted(first, last, less))
            cancellableSort(first, last, less);
    };
    std::future<void> second;
    if (n >= kRowsWorthASecondThread)
        second = asyncCancellable([&] { loop.run(sortCore); });
    loop.run(sortCore);
    if (second.valid())
        second.get();
    return keys;
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
    const std::vector<Key> keys = keysByCore<Key>(in, [](const Key &a, const Key &b) {
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
