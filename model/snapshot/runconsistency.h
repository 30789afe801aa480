#pragma once

#include "model/capture/capture.h"

#include <QString>

namespace lanescope {

// Whether a run read back from a snapshot holds what the loader guarantees of every run it builds:
// every record, slice and flow refers to something the run holds, times are numbers and in order,
// and parallel arrays agree in length. The panels and the analysis rely on these, so a snapshot
// that breaks one is refused (and the capture read again) instead of being shown. Returns the
// first broken rule, empty when the run holds them all.
QString runConsistencyProblem(const Capture &run);

// Why `slice` could not be one of the slices of `lane`, a lane of `run` (its times, the record it
// refers to, its name and depth), as "has …", empty when it could: for a copy of a slice kept
// elsewhere, such as a bar index's longest bar of a bucket.
QString sliceProblem(const Capture &run, const Lane &lane, const Slice &slice);

} // namespace lanescope
