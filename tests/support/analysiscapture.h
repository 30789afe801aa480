#pragma once

// Small hand-built captures for the analysis tests (spec §12): rows with AICPU timing and a
// dependency graph, laid out as the loader leaves them.

#include "model/capture/capture.h"

#include <QStringList>
#include <algorithm>

namespace lanescope {

// One row: task, core (its type), dispatch, start, end, finish, all in µs, with AICPU timing.
inline TaskRow row(std::uint64_t task, int core, CoreType type, double dispatch, double start, double end,
                   double finish)
{
    TaskRow r;
    r.taskId = task;
    r.coreId = core;
    r.coreType = type;
    r.dispatchUs = dispatch;
    r.receiveUs = start;
    r.startUs = start;
    r.endUs = end;
    r.finishUs = finish;
    r.flags = TaskRow::HasAicpu;
    return r;
}

constexpr CoreType AIC = CoreType::Aic;
constexpr CoreType AIV = CoreType::Aiv;

// A level-2 capture of `rows` (sorted here by task id, as the loader leaves them) with the
// dependency graph of `edges`; `extraNodes` are graph tasks that have no rows.
inline Capture captureOf(std::vector<TaskRow> rows,
                         std::vector<std::pair<std::uint64_t, std::uint64_t>> edges,
                         std::vector<std::uint64_t> extraNodes = {}, int level = 2)
{
    Capture c;
    c.info.level = level;
    std::stable_sort(rows.begin(), rows.end(),
                     [](const TaskRow &a, const TaskRow &b) { return a.taskId < b.taskId; });
    std::vector<DepNode> nodes;
    auto addNode = [&](std::uint64_t id) {
        for (const DepNode &n : nodes)
            if (n.taskId == id)
                return;
        DepNode n;
        n.taskId = id;
        n.flags = DepNode::InTasks;
        nodes.push_back(n);
    };
    for (const TaskRow &r : rows)
        addNode(r.taskId);
    for (std::uint64_t id : extraNodes)
        addNode(id);
    std::sort(nodes.begin(), nodes.end(),
              [](const DepNode &a, const DepNode &b) { return a.taskId < b.taskId; });
    c.rows = std::move(rows);
    if (!edges.empty() || !extraNodes.empty() || !c.rows.empty())
        c.deps.build(std::move(nodes), std::move(edges));
    return c;
}

// "group/name" of every counter track, in order: which derived tracks a capture got.
inline QStringList trackNames(const Capture &c)
{
    QStringList names;
    for (const CounterTrack &t : c.counters)
        names << t.group + u'/' + t.name;
    return names;
}

} // namespace lanescope
