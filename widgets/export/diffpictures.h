#pragma once

#include "model/capture/capture.h"
#include "model/diff/makespanattribution.h"
#include "model/diff/taskdiff.h"
#include "model/index/captureindex.h"
#include "widgets/timeline/timeviewport.h"

#include <QByteArray>
#include <QImage>

namespace lanescope {

// The Diff view of a pair as a picture, for the command line and reports: a caption with the
// match mode and counts, the Before timeline, the After timeline coloured by the diff (with the
// removed bars' ghosts and the added bars hatched), and the diff's legend. Both timelines show
// their AICore lanes on one axis, lined up at their first bars; `range` is in Before's time (the
// whole pair when invalid). The indexes are the captures' bar indexes when their documents built
// them. Null when the picture cannot be allocated.
QImage diffTimelineImage(const Capture &before, const CaptureIndexPtr &beforeIndex, const Capture &after,
                         const CaptureIndexPtr &afterIndex, const TaskDiff &diff, int widthPx = 1600,
                         TimeRange range = {});

// The same picture as an SVG document (text stays text); empty when there is nothing to draw.
QByteArray diffTimelineSvg(const Capture &before, const CaptureIndexPtr &beforeIndex, const Capture &after,
                           const CaptureIndexPtr &afterIndex, const TaskDiff &diff, int widthPx = 1600,
                           TimeRange range = {});

// The makespan waterfall of an attribution (WaterfallChart's picture), `widthPx` wide.
QImage waterfallImage(const MakespanAttribution &attribution, int widthPx = 800);

} // namespace lanescope
