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

enum class PictureFormat { Png, Svg };
// The format a file name asks for by its suffix (.png, .svg, any case); nullopt for any other.
std::optional<PictureFormat> pictureFormatOf(const QString &path);

// A bitmap of size × pixelRatio device pixels; null when it cannot be allocated.
QImage renderPicture(const Capture &c, const TimelinePicture &picture);
// An SVG document of the picture's size; text stays text.
QByteArray renderPictureSvg(const Capture &c, const TimelinePicture &picture);
// A bitmap encoded as PNG; empty when the image is null or encoding fails.
QByteArray pngBytes(const QImage &image);

// Writes the picture to `path` atomically as PNG or SVG, by the path's suffix. Returns empty on
// success, else one line that names the file and why ("PATH: why").
QString writePicture(const Capture &c, const TimelinePicture &picture, const QString &path);
// Writes a bitmap as PNG atomically; the same message on failure.
QString writePng(const QImage &image, const QString &path);

} // namespace lanescope
