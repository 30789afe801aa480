#pragma once

#include "capture.h"

#include <cstddef>
#include <cstdint>
#include <utility>

namespace lanescope {

// Capture::rows are sorted by task id (unsigned), so the rows of one task form an equal_range.
// Returns the half-open index range [first, last); first == last when the task has no rows.
std::pair<std::size_t, std::size_t> rowsOfTask(const TaskRows &rows, std::uint64_t taskId);

// Spec §4.3: deps.json block_num > 1 makes a task SPMD; a tasks[] entry with block_num == 1 is
// authoritative (never SPMD). Without a tasks[] entry, a task is SPMD when it has more than one
// row and all of its rows ran on one core type (MIX tasks span both types and are not SPMD).
bool isSpmdTask(const Capture &capture, std::uint64_t taskId);
// The same for a caller that holds the task's deps node (null: none) and its rows [first, last).
bool isSpmdTask(const Capture &capture, const DepNode *node, std::size_t first, std::size_t last);

// Number of distinct task ids among the rows.
std::size_t distinctTaskCount(const TaskRows &rows);

} // namespace lanescope
