#pragma once

#include "barindex.h"
#include "model/index/tasklocator.h"

#include <memory>

namespace lanescope {

// What every timeline of one run looks bars up by: the bars by time and the bars by task. Built
// once per run with the document, off the GUI thread, and shared by every page and view of it.
struct CaptureIndex
{
    explicit CaptureIndex(const Capture &capture);
    // Around a bar index made for `capture` elsewhere (a snapshot keeps one).
    CaptureIndex(const Capture &capture, BarIndex bars);

    BarIndex bars;
    TaskLocator tasks;
};

using CaptureIndexPtr = std::shared_ptr<const CaptureIndex>;

// `index` when it was built for `capture`, else a new one: views given only a capture (the
// "All runs" view, tests) build their own.
CaptureIndexPtr indexFor(const Capture &capture, CaptureIndexPtr index = {});

} // namespace lanescope
