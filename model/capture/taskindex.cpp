#include "taskindex.h"

#include <algorithm>

namespace lanescope {

std::pair<std::size_t, std::size_t> rowsOfTask(const TaskRows &rows, std::uint64_t taskId)
{
    struct ById
    {
        bool operator()(const TaskRow &row, std::uint64_t id) const { return row.taskId < id; }
        bool operator()(std::uint64_t id, const TaskRow &row) const { return id < row.taskId; }
    };
    const auto [first, last] = std::equal_range(rows.begin(), rows.end(), taskId, ById{});
    return {std::size_t(first - rows.begin()), std::size_t(last - rows.begin())};
}

bool isSpmdTask(const Capture &capture, std::uint64_t taskId)
{
    // Only tasks[] entries carry block_num; an edge-only node (alloc, or a v1 file without tasks[])
    // says nothing about blocks, so it falls through to the row heuristic like a missing entry.
    const auto [first, last] = rowsOfTask(capture.rows, taskId);
    return isSpmdTask(capture, capture.deps.find(taskId), first, last);
}

bool isSpmdTask(const Capture &capture, const DepNode *node, std::size_t first, std::size_t last)
{
    if (node && node->inTasks())
        return node->blockNum > 1;
    if (last - first <= 1)
        return false;
    const CoreType type = capture.rows[first].coreType;
    for (std::size_t i = first + 1; i < last; ++i) {
        if (capture.rows[i].coreType != type)
            return false;
    }
    return true;
}

std::size_t distinctTaskCount(const TaskRows &rows)
{
    std::size_t count = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (i == 0 || rows[i].taskId != rows[i - 1].taskId)
            ++count;
    }
    return count;
}

} // namespace lanescope
