#pragma once

#include "capturedata.h"
#include "expectedvalues.h"

namespace lanescope {

// Task-window occupancy per ring as the spec's inference defines it (§8.4), computed from the
// streams as written, in integer cycles: a task takes its slot at its orchestrator record's start,
// retires at the latest AICPU finish of its rows or at the end of its dummy_task /
// predicated_skip marker (else when its submit ends), and its slot is reclaimed once every older
// task of the ring (by local id) has retired. Level 4 device-orchestrated raw streams only;
// leaves ExpectedValues::ringWindow empty otherwise.
void fillRingExpectations(const CaptureData &data, ExpectedValues &e);

} // namespace lanescope
