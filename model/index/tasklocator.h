#pragma once

#include "model/capture/capture.h"
#include "model/index/sliceref.h"

#include <cstdint>
#include <vector>

namespace lanescope {

// Finds the bars of rows and tasks: the inverse of Slice::ref on the AICore (Worker) and Scheduler
// View lanes, so that links, search results, table rows and dependency arrows can select a task's
// bar. A core's rows are all on its one lane of each kind, sorted by where their bars start
// (lanebuilder.h), so a row's bar is found by a search there: what is kept is each core's two lanes,
// where a bar per row took 16 bytes of every row.
class TaskLocator
{
public:
    TaskLocator() = default;
    explicit TaskLocator(const Capture &capture);

    // The lane of `kind` (Worker or SchedulerView) that holds core `core`'s bars; -1 when none.
    std::int32_t laneOfCore(std::int32_t core, LaneKind kind) const;
    // The bar of Capture::rows[row] on its core's lane of `kind` (Worker or SchedulerView), if the
    // row has one. `capture` is the one the locator was built for.
    SliceRef barOfRow(const Capture &capture, std::size_t row, LaneKind kind = LaneKind::Worker) const;
    // The AICore bars of every row (SPMD block) of a task, in row order.
    std::vector<SliceRef> barsOfTask(const Capture &capture, std::uint64_t taskId) const;
    // The AICore bar of the longest row of a function (func id -1: unresolved rows).
    SliceRef longestOfFunction(const Capture &capture, int funcId) const;
    std::size_t memoryBytes() const;

private:
    std::vector<std::int32_t> m_laneOfCore[2]; // core id -> Worker / SchedulerView lane, -1 none
};

} // namespace lanescope
