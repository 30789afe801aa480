#pragma once

#include "ringoccupancy.h"

#include <QString>
#include <optional>

namespace lanescope {

// The two scope-stats readings of chapter page 05, stated from a RingOccupancy.
//
// 05a "one ring carries the load while others idle": the ring holding the most tasks (M17, from
// task ids) holds at least kImbalanceShare of them, out of at least kMinTasksForBalance tasks.
// Task ids are used rather than peaks because they need no scope stats and no time inference; a
// ring with a tenth of the tasks or less is "idle" next to it.
//
// 05b "a peak sits at capacity": some (ring, resource) curve's peak reaches kPinnedFraction of
// its capacity (the chapter's "use ≥ ~1"; the scope-stats plot shades ≥ 0.8 as danger, which the
// panel shows as a warning only), or the scope-stats metadata says `fatal` (a ring overflowed).
// Both can hold at once; the chapter then says to rebalance (05a) before resizing (05b).
struct RingDiagnosis
{
    static constexpr double kImbalanceShare = 0.9;
    static constexpr std::uint64_t kMinTasksForBalance = 16;
    static constexpr double kPinnedFraction = 0.95;
    static constexpr double kDangerFraction = 0.8;

    std::optional<int> loadedRing;      // 05a holds: the ring carrying the load
    double loadedShare = 0;             // its share of the tasks
    std::optional<int> constrainedRing; // 05b holds: the ring whose peak sits at capacity
    std::optional<RingResource> constrainedResource;
    double constrainedFraction = 0; // peak / capacity of that curve (0 when only `fatal`)
    bool fatal = false;

    bool rebalance() const { return loadedRing.has_value(); }
    bool atCapacity() const { return constrainedRing.has_value() || fatal; }
};

RingDiagnosis diagnoseRings(const RingOccupancy &rings);

// "one ring carries the load while others idle → rebalance scopes (05a)" and "a peak sits at
// capacity → that ring is the constraint (05b)", each followed by the figures behind it; empty
// when the rule does not hold.
QString rebalanceStatement(const RingDiagnosis &d);
QString capacityStatement(const RingDiagnosis &d, const RingOccupancy &rings);

} // namespace lanescope
