#pragma once

#include "ringoccupancy.h"

#include "model/capture/lane.h"

#include <memory>
#include <vector>

namespace lanescope {

constexpr char kRingsGroup[] = "Rings";

// One counter track per ring and resource the capture knows (see RingOccupancy; no task-window
// track for a ring without tasks), in the "Rings" group: named "ring <r> <resource>", noted "(inferred)",
// with the capacity, the peak's time and the scope site of every point for the timeline's capacity line, peak
// marker and tooltip. The tracks' times and values view the occupancy's, which they keep alive.
std::vector<CounterTrack> ringCounterTracks(const std::shared_ptr<const RingOccupancy> &rings);

// Appends ringCounterTracks(computeRingOccupancy(capture)) unless the capture already has them.
void appendRingTracks(Capture &capture);
// The same from the capture's occupancy computed beforehand.
void appendRingTracks(Capture &capture, const std::shared_ptr<const RingOccupancy> &rings);

// The unit a resource's amounts are in: the heap holds bytes, the task window and the dep pool
// count slots and entries. The tracks carry it, and the Rings panel reads it, so both say one unit.
CounterUnit ringResourceUnit(RingResource resource);

// True for a track made by ringCounterTracks.
bool isRingTrack(const CounterTrack &track);

} // namespace lanescope
