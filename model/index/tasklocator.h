#pragma once

#include "model/capture/capture.h"
#include "model/index/sliceref.h"

#include <vector>

namespace lanescope {

// Finds the AICore bars of tasks: the inverse of Slice::ref on Worker lanes, built once per
// capture, so that links, search results and table rows can select a task's bar.
class TaskLocator
{
public:
    TaskLocator() = default;
    explicit TaskLocator(const Capture &capture);

    // The Worker-lane bar of Capture::rows[row], if the row has one.
    SliceRef barOfRow(std::size_t row) const;
    // The bars of every row (SPMD block) of a task, in row order.
    std::vector<SliceRef> barsOfTask(const Capture &capture, std::uint64_t taskId) const;
    // The bar of the longest row of a function (func id -1: unresolved rows).
    SliceRef longestOfFunction(const Capture &capture, int funcId) const;
    std::size_t memoryBytes() const { return m_rowBars.capacity() * sizeof(SliceRef); }

private:
    std::vector<SliceRef> m_rowBars;
};

} // namespace lanescope
