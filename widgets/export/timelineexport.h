#pragma once

#include "model/capture/capture.h"
#include "widgets/panels/barlegend.h"
#include "widgets/render/timelinepainter.h"
#include "widgets/timeline/timeviewport.h"

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>
#include <vector>

namespace lanescope {

// Pictures of a timeline drawn by the same painter as the screen.

// Default picture: `widthPx` wide and tall enough for every lane (within what image viewers open).
QSize defaultExportSize(const Capture &c, int widthPx = 1600);

// The viewport a picture of `size` shows: `range`, or the whole capture when `range` is not valid.
TimelineViewport exportViewport(const Capture &c, QSize size, TimeRange range);

// A bitmap of `size` logical pixels (size × dpr device pixels).
QImage renderImage(const Capture &c, QSize size, TimeRange range, qreal dpr = 1.0,
                   const TimelinePaintOptions &options = {});

// A picture for a review: the timeline framed by a caption line on top (capture name, level,
// range) and the colour legend at the bottom. Overlays in the paint options (markers, the
// measured region) are drawn as on screen.
struct PictureFrame
{
    QString caption;                 // empty: no caption line
    std::vector<LegendEntry> legend; // empty: no legend
    double scrollYPx = 0;            // lanes scrolled as on screen
};

// "name · level 4 · 1.20 ms – 3.45 ms (2.25 ms)"; a capture without a level names its format.
QString pictureCaption(const Capture &c, const QString &captureName, TimeRange shown);
// The caption and legend for `range` (the whole capture when invalid) in a colour mode.
PictureFrame pictureFrame(const Capture &c, const QString &captureName, QSize size, TimeRange range,
                          BarColourMode colourMode = BarColourMode::Function);
// Heights the frame takes from a picture `widthPx` wide.
int captionHeight(const PictureFrame &frame);
int legendHeight(const PictureFrame &frame, int widthPx);
// The timeline viewport inside a framed picture of `size`.
TimelineViewport framedViewport(const Capture &c, QSize size, TimeRange range, const PictureFrame &frame);
// defaultExportSize plus the room the frame needs.
QSize defaultPictureSize(const Capture &c, const PictureFrame &frame, int widthPx = 1600);

QImage renderFramedImage(const Capture &c, QSize size, TimeRange range, const PictureFrame &frame,
                         qreal dpr = 1.0, const TimelinePaintOptions &options = {});
QByteArray renderFramedSvg(const Capture &c, QSize size, TimeRange range, const PictureFrame &frame,
                           const TimelinePaintOptions &options = {});

} // namespace lanescope
