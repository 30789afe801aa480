#pragma once

#include "capture.h"

#include <memory>
#include <vector>

namespace lanescope {

// The ranks of an L3 output (supplement §2.9): one capture per rank<N>/d<M>/, each on its own
// device clock. They share one axis only through the host clock: each rank's placement
// (CaptureInfo::hostPlacement: a bounded clock_alignment, or containment in its host log) maps its
// device time to host ns, and the ranks must name one host clock domain.

// Why these ranks cannot be laid on one axis, naming the rank; empty when they can.
QString rankAxisProblem(const std::vector<std::shared_ptr<Capture>> &ranks);

// Every rank's device lanes on the host axis (µs from the earliest placed device start), under
// groups "rank 1 · d0 · AICore" in rank order. For looking only, like "All runs": no dependency
// arrows (task ids repeat on every rank), no counters, and the host lanes stay in each rank's view.
// Call only when rankAxisProblem() is empty.
std::shared_ptr<Capture> combineRanks(const std::vector<std::shared_ptr<Capture>> &ranks);

} // namespace lanescope
