#pragma once

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>
#include <functional>

class QPainter;

namespace lanescope {

// A picture painted by a function, as a bitmap or as an SVG document: what every exporter draws
// into, so that a PNG and an SVG of one picture are painted by the same code.

// A white bitmap of `size` logical pixels at `dpr`; null when it cannot be allocated.
QImage paintedImage(QSize size, qreal dpr, const std::function<void(QPainter &)> &paint);
// An SVG document of `size` titled `title`; text stays text.
QByteArray paintedSvg(QSize size, const QString &title, const std::function<void(QPainter &)> &paint);

} // namespace lanescope
