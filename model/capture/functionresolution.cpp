#include "functionresolution.h"

#include "cancelpoint.h"
#include "taskindex.h"

#include <QFileInfo>
#include <cmath>

namespace lanescope {

namespace {

int resolveForCoreType(const DepNode &node, CoreType type)
{
    if (type == CoreType::Aic)
        return node.kernelIds[0] >= 0 ? node.kernelIds[0] : -1;
    // The row does not say which AIV of the cluster ran: AIV0 wins, as in the reference.
    if (node.kernelIds[1] >= 0)
        return node.kernelIds[1];
    return node.kernelIds[2] >= 0 ? node.kernelIds[2] : -1;
}

QString depsFileName(const Capture &capture)
{
    return capture.info.sources.deps.isEmpty() ? QStringLiteral("deps.json")
                                               : QFileInfo(capture.info.sources.deps).fileName();
}

} // namespace

void resolveFunctionIds(Capture &capture)
{
    if (capture.deps.empty())
        return;
    std::size_t withoutKernelIds = 0; // rows whose task has no usable kernel_ids
    std::size_t inactiveSlot = 0;     // rows whose core type slot is -1
    // Rows come in task order, so the lookup walks the graph's nodes beside them.
    DepGraph::AscendingLookup lookup(capture.deps);
    CancelPoints cancelPoints;
    for (TaskRow &row : capture.rows) {
        cancelPoints.tick();
        if (row.funcId >= 0)
            continue;
        const std::int64_t at = lookup.indexOf(row.taskId);
        if (at < 0)
            continue; // counted by checkDepsOverlap
        const DepNode &node = capture.deps.nodes()[std::size_t(at)];
        if (!(node.flags & DepNode::HasKernelIds)) {
            ++withoutKernelIds;
            continue;
        }
        row.funcId = resolveForCoreType(node, row.coreType);
        if (row.funcId < 0)
            ++inactiveSlot;
    }
    const QString file = depsFileName(capture);
    // A graph rebuilt from runtime fanout lists (old per-task files) never has kernel ids: no news there.
    if (withoutKernelIds > 0 && !capture.info.sources.deps.isEmpty())
        capture.warn(
            QStringLiteral("%1: %2 task rows have no kernel_ids in their deps entry (older dep_gen or "
                           "edge-only node); their kernel names cannot be recovered")
                .arg(file)
                .arg(withoutKernelIds));
    if (inactiveSlot > 0)
        capture.warn(QStringLiteral("%1: %2 task rows ran on a core type whose kernel_ids slot is -1; "
                                    "they stay unresolved")
                         .arg(file)
                         .arg(inactiveSlot));
}

int skipMarkerFuncId(const DepNode &node)
{
    for (const auto id : node.kernelIds) {
        if (id >= 0)
            return id;
    }
    return -1;
}

double checkDepsOverlap(Capture &capture)
{
    if (capture.deps.empty() || capture.rows.empty())
        return 0.0;
    std::size_t tasks = 0;
    std::size_t known = 0;
    DepGraph::AscendingLookup lookup(capture.deps);
    CancelPoints cancelPoints;
    for (std::size_t i = 0; i < capture.rows.size(); ++i) {
        cancelPoints.tick();
        const auto id = capture.rows[i].taskId;
        if (i > 0 && capture.rows[i - 1].taskId == id)
            continue;
        ++tasks;
        if (lookup.indexOf(id) >= 0)
            ++known;
    }
    const double share = double(known) / double(tasks);
    // The percentage is truncated so that a share below the threshold never reads "50 %".
    if (share < 0.5)
        capture.warn(QStringLiteral("%1 may come from a different run or topology (overlap %2 %): %3 of %4 "
                                    "tasks with rows are in its graph")
                         .arg(depsFileName(capture))
                         .arg(int(std::floor(share * 100.0)))
                         .arg(known)
                         .arg(tasks));
    return share;
}

} // namespace lanescope
