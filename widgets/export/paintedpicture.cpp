#include "widgets/export/paintedpicture.h"

#include <QBuffer>
#include <QPainter>
#include <QSvgGenerator>

namespace lanescope {

QImage paintedImage(QSize size, qreal dpr, const std::function<void(QPainter &)> &paint)
{
    const qreal ratio = dpr > 0 ? dpr : 1.0;
    QImage image(size * ratio, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::white);
    QPainter painter(&image);
    paint(painter);
    return image;
}

QByteArray paintedSvg(QSize size, const QString &title, const std::function<void(QPainter &)> &paint)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(96); // the SVG's physical size then matches the pixel size in browsers
    generator.setTitle(title);
    {
        QPainter painter(&generator);
        paint(painter);
    }
    return bytes;
}

} // namespace lanescope
