#pragma once

#include "model/capture/capture.h"
#include "model/index/captureindex.h"

#include <QString>
#include <cstddef>
#include <vector>

namespace lanescope {

// Where a loaded run's bytes go, component by component: the heap its containers hold (capacity,
// not size, as that is what was allocated), so that memory per row can be reported and tracked.
// It counts what the run owns; allocator overhead and the process's own pages are not in it.
struct FootprintPart
{
    QString component; // "rows", "bars", "scheduler records", "orchestrator records", "deps graph",
                       // "strings", "counters", "host log", "index", "facts", "dependency anchors"
    std::size_t bytes = 0;
};

// `index` (optional): the run's CaptureIndex, counted as "index"; the facts, and their dependency
// anchors apart, count when present.
std::vector<FootprintPart> runFootprint(const Capture &capture, const CaptureIndex *index = nullptr);

} // namespace lanescope
