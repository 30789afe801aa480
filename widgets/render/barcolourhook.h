#pragma once

#include "model/capture/capture.h"

#include <QRgb>

namespace lanescope {

class TimelineIndex;

// A bar colour chosen by something other than the colour mode: the Diff view colours each After
// bar by how much it changed. The bar painter asks it for every bar it collects, so an
// implementation looks its colours up (prepared once per diff) and computes nothing per bar. The
// slice it is asked about may be a copy (a level summary's longest slice, standing for the bars
// of a zoomed-out run), so a colour is found by what the slice says (its ref), not where it is.
// Frames are cached by the hook's pointer: a hook does not change once it is given to a view; a
// new colouring is a new hook.
class BarColourHook
{
public:
    virtual ~BarColourHook() = default;
    virtual QRgb colourOf(const TimelineIndex &index, const Capture &capture, const Lane &lane,
                          const Slice &slice) const = 0;
};

} // namespace lanescope
