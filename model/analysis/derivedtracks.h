#pragma once

#include "ringoccupancy.h"

#include "model/capture/capture.h"

#include <memory>

namespace lanescope {

// Counter tracks computed from a loaded capture rather than read from it, appended to
// Capture::counters so the timeline and exported pictures draw them like recorded counters:
// - spec §12.3 overhead tracks (idle cores, ready tasks, idle-with-ready-work per engine, all and
//   has), placed in the AICore group so they sit under the cores they describe; they need
//   dispatch/finish (level >= 2) and the dependency graph, and are absent otherwise.
// - ring occupancy per ring and resource (ringtracks.h), in their own "Rings" group.
// Runs on the loading thread, before the capture is shared; idempotent.
void appendDerivedTracks(Capture &capture);
// The same with the capture's ring occupancy already computed, which the ring tracks keep and view.
void appendDerivedTracks(Capture &capture, const std::shared_ptr<const RingOccupancy> &rings);

} // namespace lanescope
