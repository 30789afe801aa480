#pragma once

#include "phaserecord.h"
#include "stringtable.h"
#include "taskrow.h"

namespace lanescope {

// Moves a row or record along the time axis, for views that lay several captures on one axis
// ("All runs", "All ranks"). A row's dispatch and finish move only when they were captured: 0
// means "not captured", never a time.
inline TaskRow shiftedInTime(TaskRow r, double us)
{
    r.receiveUs += us;
    r.startUs += us;
    r.endUs += us;
    if (r.hasAicpu()) {
        r.dispatchUs += us;
        r.finishUs += us;
    }
    return r;
}

// A record taken into another capture: shifted, and its kind renamed into that capture's table
// (phase kinds are interned per file).
inline PhaseRecord movedInto(PhaseRecord r, double us, const StringTable &fromKinds, StringTable &toKinds)
{
    r.startUs += us;
    r.endUs += us;
    r.kind = std::uint16_t(toKinds.intern(fromKinds.at(r.kind)));
    return r;
}

} // namespace lanescope
