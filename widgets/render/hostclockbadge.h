#pragma once

#include "model/capture/capture.h"

#include <QString>

namespace lanescope {

// The tag at the right of a lane's name that says which clock its bars are on:
//  * "own clock": not on the device axis at all;
//  * "aligned ±X µs": a host-clock lane mapped onto the device axis, X being the largest distance
//    between a drawn and a possible true position (max(-low, high), not the half-width: the drawn
//    position need not be centred in the band), with "(inferred)" when the band is our reading of
//    the spec (a bounded record's rigid shift, upstream §3.3);
//  * "placed +0…X µs (inferred)": containment, drawn at the earliest legal start, X the slack.
// Empty for lanes on the device clock, which need no tag.
QString clockBadgeText(const Lane &lane, const HostPlacement &placement);

// The placement alone ("aligned ±1.50 µs (inferred)"), or "own clock" without one.
QString hostPlacementBadgeText(const HostPlacement &placement);

// One sentence for tooltips and the details panel: how a host-clock lane was placed and how far
// off it may be, or why it keeps its own clock.
QString hostPlacementDescription(const Lane &lane, const HostPlacement &placement);

} // namespace lanescope
