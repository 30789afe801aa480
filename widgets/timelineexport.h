#pragma once

#include "model/capture/capture.h"
#include "timelinepainter.h"
#include "timeviewport.h"

#include <QByteArray>
#include <QImage>
#include <QSize>

namespace lanescope {

// Pictures of a timeline drawn by the same painter as the screen.

// Default picture: `widthPx` wide and tall enough for every lane (within what image viewers open).
QSize defaultExportSize(const Capture &c, int widthPx = 1600);

// The viewport a picture of `size` shows: `range`, or the whole capture when `range` is not valid.
TimelineViewport exportViewport(const Capture &c, QSize size, TimeRange range);

// A bitmap of `size` logical pixels (size × dpr device pixels).
QImage renderImage(const Capture &c, QSize size, TimeRange range, qreal dpr = 1.0,
                   const TimelinePaintOptions &options = {});

// An SVG document of `size`; text stays text, so lane names and labels remain searchable.
QByteArray renderSvg(const Capture &c, QSize size, TimeRange range, const TimelinePaintOptions &options = {});

} // namespace lanescope
