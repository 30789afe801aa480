#include "widgets/render/rastertarget.h"

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
    target.bits = image->bits(); // once: scanLine() would check for sharing on every call
    target.stride = image->bytesPerLine();
    return target;
}

// glibc's wmemset is a vectorised 32-bit fill; wchar_t is 32 bits wide on the platforms built for.
static_assert(sizeof(wchar_t) == sizeof(QRgb));

void RasterTarget::fill(const QRect &device, QRgb colour) const
{
    const int width = device.width(), height = device.height();
    if (width <= 0 || height <= 0)
        return;
    const qsizetype step = stride / qsizetype(sizeof(QRgb)); // 32-bit images: whole pixels per line
    QRgb *row = line(device.top()) + device.left();
    // Most bars of a zoomed-out frame are one to three pixels wide and a dozen rows high: walk the
    // column down with a pointer, without a call or a loop setup per row.
    switch (width) {
    case 1:
        for (int y = 0; y < height; ++y, row += step)
            row[0] = colour;
        return;
    case 2:
        for (int y = 0; y < height; ++y, row += step)
            row[0] = row[1] = colour;
        return;
    case 3:
        for (int y = 0; y < height; ++y, row += step)
            row[0] = row[1] = row[2] = colour;
        return;
    default:
        break;
    }
    if (width < 16) {
        for (int y = 0; y < height; ++y, row += step)
            std::fill_n(row, width, colour);
        return;
    }
    wchar_t value;
    std::memcpy(&value, &colour, sizeof value);
    for (int y = 0; y < height; ++y, row += step)
        std::wmemset(reinterpret_cast<wchar_t *>(row), value, std::size_t(width));
}

} // namespace lanescope
