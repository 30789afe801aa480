#pragma once

#include <QRect>
#include <QRgb>
#include <algorithm>
#include <optional>

class QPainter;

namespace lanescope {

// The pixels behind a painter when they can be written directly: a 32-bit QImage, painted with
// at most an integer scale and a translation (the device pixel ratio), clipped to one rectangle.
// Writing them by hand skips QPainter's per-call cost where a frame makes tens of thousands of
// identical small fills. Anything else (SVG, rotations, complex clips) has no RasterTarget.
struct RasterTarget
{
    uchar *bits = nullptr;
    qsizetype stride = 0;
    QRect clip;    // device pixels that may be written
    int scale = 1; // device pixels per logical pixel
    int dx = 0, dy = 0;

    static std::optional<RasterTarget> of(QPainter &p);

    // A logical rectangle in device pixels, clipped; inline: a frame asks this for every fill.
    QRect clippedToDevice(const QRect &logical) const
    {
        const int left = std::max(logical.left() * scale + dx, clip.left());
        const int top = std::max(logical.top() * scale + dy, clip.top());
        const int right = std::min((logical.right() + 1) * scale + dx, clip.right() + 1);
        const int bottom = std::min((logical.bottom() + 1) * scale + dy, clip.bottom() + 1);
        return right > left && bottom > top ? QRect(left, top, right - left, bottom - top) : QRect();
    }
    QRgb *line(int y) const { return reinterpret_cast<QRgb *>(bits + y * stride); }
    // Fills a device rectangle (already clipped) with an opaque colour.
    void fill(const QRect &device, QRgb colour) const;
};

} // namespace lanescope
