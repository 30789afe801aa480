#pragma once

#include "model/capture/scopestats.h"

#include <cstdint>
#include <vector>

namespace lanescope {

// What putting one run's samples in buffer order found (supplement §9.3, §9.4).
struct RunBufferOrder
{
    std::uint64_t runKey = 0;         // scopeRunKey of the run's samples
    std::int32_t firstOutOfOrder = 0; // line of the first sample with a lower buf_seq than the one
                                      // before it; 0 = the file had the run in order
    std::uint64_t gaps = 0;           // jumps of more than one between consecutive buf_seq values
    std::uint64_t missingBuffers = 0; // buffers inside those jumps (saturating)
    std::uint64_t firstGapFrom = 0, firstGapTo = 0;
    std::int32_t firstGapLine = 0; // line of the first sample after the first jump

    bool reordered() const { return firstOutOfOrder > 0; }
};

// Samples of one run are in buf_seq order, file order inside a buffer; buf_seq is the producer's
// buffer sequence number, so a jump of more than one within a run means whole buffers were lost.
// Stable-sorts each run's samples that carry a buf_seq among the positions they hold — runs keep
// their places in the file, samples without buf_seq stay where they are — and reports, per run
// with a buf_seq (ascending run key), what it found.
std::vector<RunBufferOrder> orderSamplesByBuffer(std::vector<ScopeSample> &samples);

} // namespace lanescope
