#include "rastertarget.h"

#include <QImage>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <cwchar>

namespace lanescope {

std::optional<RasterTarget> RasterTarget::of(QPainter &p)
{
    QPaintDevice *device = p.device();
    if (!device || device->devType() != QInternal::Image)
        return std::nullopt;
    auto *image = static_cast<QImage *>(device);
    if (image->format() != QImage::Format_ARGB32_Premultiplied && image->format() != QImage::Format_RGB32 &&
        image->format() != QImage::Format_ARGB32)
        return std::nullopt;
    const QTransform t = p.deviceTransform();
    const double scale = t.m11();
    if (t.type() > QTransform::TxScale || t.m22() != scale || scale != std::round(scale) || scale < 1)
        return std::nullopt;
    RasterTarget target;
    target.clip = image->rect();
    if (p.hasClipping()) {
        const QRegion region = p.clipRegion();
        if (region.rectCount() != 1)
            return std::nullopt;
        target.clip &= t.mapRect(region.boundingRect());
    }
    target.scale = int(scale);
    target.dx = int(std::lround(t.dx()));
    target.dy = int(std::lround(t.dy()));
    target.bits = image->bits();  // once: scanLine() would check for sharing on every call
    target.stride = image->bytesPerLine();
    return target;
}

// glibc's wmemset is a vectorised 32-bit fill; wchar_t is 32 bits wide on the platforms built for.
static_assert(sizeof(wchar_t) == sizeof(QRgb));

void RasterTarget::fill(const QRect &device, QRgb colour) const
{
    const int left = device.left(), bottom = device.bottom();
    const auto width = std::size_t(device.width());
    wchar_t value;
    std::memcpy(&value, &colour, sizeof value);
    // Most bars of a zoomed-out frame are a few pixels wide: a call per row would cost more than
    // the pixels.
    if (width < 16) {
        for (int y = device.top(); y <= bottom; ++y)
            std::fill_n(line(y) + left, width, colour);
        return;
    }
    for (int y = device.top(); y <= bottom; ++y)
        std::wmemset(reinterpret_cast<wchar_t *>(line(y) + left), value, width);
}

} // namespace lanescope
