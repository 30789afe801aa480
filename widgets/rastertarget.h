#pragma once

#include <QRect>
#include <QRgb>
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
    QRect clip;        // device pixels that may be written
    int scale = 1;     // device pixels per logical pixel
    int dx = 0, dy = 0;

    static std::optional<RasterTarget> of(QPainter &p);

    QRect toDevice(const QRect &logical) const
    {
        return QRect(logical.left() * scale + dx, logical.top() * scale + dy, logical.width() * scale,
                     logical.height() * scale);
    }
    QRgb *line(int y) const { return reinterpret_cast<QRgb *>(bits + y * stride); }
    // Fills a device rectangle (already clipped) with an opaque colour.
    void fill(const QRect &device, QRgb colour) const;
};

} // namespace lanescope
