#pragma once

#include "model/capture/capture.h"
#include "widgets/export/timelineexport.h"
#include "widgets/render/timelinepainter.h"

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>
#include <optional>

namespace lanescope {

// One picture of a timeline, whoever asks for it: File > Export… and Edit > Copy Image in the
// window, `lanescope export`, and each side of the before/after picture of `lanescope compare`.
// Everything that decides its pixels is here, so the three draw and write it alike.
struct TimelinePicture
{
    QSize size;                   // logical pixels, caption and legend included
    qreal pixelRatio = 1.0;       // device pixels per logical pixel
    TimeRange range;              // invalid: the whole capture
    PictureFrame frame;           // empty: the timeline alone
    TimelinePaintOptions options; // paper-white colours unless the caller chooses others
};

// What `lanescope export` draws: `range` (the whole capture when invalid) framed by its caption
// and legend, at `size` or, without one, 1600 px wide and as tall as the lanes and frame need.
TimelinePicture capturePicture(const Capture &c, const QString &captureName, TimeRange range,
                               std::optional<QSize> size = std::nullopt);

// Every lane, not only those that fit: the height that holds every row of the layout the
// picture's options describe (groups folded as options.collapsedGroups says, lanes in
// options.arrangement's order, hidden lanes left out), caption and legend included.
int everyLaneHeight(const Capture &c, const TimelinePicture &picture);
// Grows (or shrinks) the picture to everyLaneHeight, drawn from the first row; its width, range,
// frame and pixel ratio stay. Export from the window and `lanescope export --all-lanes` both
// call it, so a layout draws the same picture from either.
void showEveryLane(const Capture &c, TimelinePicture &picture);

enum class PictureFormat { Png, Svg };
// The format a file name asks for by its suffix (.png, .svg, any case); nullopt for any other.
std::optional<PictureFormat> pictureFormatOf(const QString &path);

// The largest pictures written. PNG: QPainter's raster engine rasterises shapes only within
// 32767 device pixels (QT_RASTER_COORD_LIMIT), and many viewers stop there too. An SVG has no
// such limit, but its whole text is built in memory before it is written.
inline constexpr int kMaxPngSidePx = 32767; // device pixels
inline constexpr int kMaxSvgSidePx = 200000;
// Empty when a picture of this size can be written in `format`, else why not (one line).
QString pictureSizeProblem(const TimelinePicture &picture, PictureFormat format);

// A bitmap of size × pixelRatio device pixels; null when it cannot be allocated.
QImage renderPicture(const Capture &c, const TimelinePicture &picture);
// An SVG document of the picture's size; text stays text.
QByteArray renderPictureSvg(const Capture &c, const TimelinePicture &picture);
// A bitmap encoded as PNG; empty when the image is null or encoding fails.
QByteArray pngBytes(const QImage &image);

// Writes the picture to `path` atomically as PNG or SVG, by the path's suffix. Returns empty on
// success, else one line that names the file and why ("PATH: why"); a picture too large for its
// format (pictureSizeProblem) is refused before anything is drawn.
QString writePicture(const Capture &c, const TimelinePicture &picture, const QString &path);
// Writes a bitmap as PNG atomically; the same message on failure.
QString writePng(const QImage &image, const QString &path);

} // namespace lanescope
