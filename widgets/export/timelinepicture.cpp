#include "widgets/export/timelinepicture.h"

#include "model/io/atomicfile.h"
#include "widgets/timeline/timelinelayout.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>

namespace lanescope {

TimelinePicture capturePicture(const Capture &c, const QString &captureName, TimeRange range,
                               std::optional<QSize> size)
{
    TimelinePicture picture;
    picture.range = range;
    // The legend wraps with the width: size the frame for the width the picture will have.
    const int width = size ? size->width() : defaultExportSize(c).width();
    const PictureFrame sizing = pictureFrame(c, captureName, QSize(width, 1000), range);
    picture.size = size.value_or(defaultPictureSize(c, sizing, width));
    picture.frame = pictureFrame(c, captureName, picture.size, range);
    return picture;
}

int everyLaneHeight(const Capture &c, const TimelinePicture &picture)
{
    const TimelinePaintOptions &o = picture.options;
    const TimelineLayout layout(c, o.metrics, o.collapsedGroups, o.arrangement);
    // As defaultExportSize: the ruler, the rows and the last row's separator line.
    const int timeline = kTimelineRulerHeightPx + layout.contentHeight() + 1;
    return timeline + captionHeight(picture.frame) + legendHeight(picture.frame, picture.size.width());
}

void showEveryLane(const Capture &c, TimelinePicture &picture)
{
    picture.size.setHeight(everyLaneHeight(c, picture));
    picture.frame.scrollYPx = 0;
}

QString pictureSizeProblem(const TimelinePicture &picture, PictureFormat format)
{
    const bool png = format == PictureFormat::Png;
    const qreal ratio = png && picture.pixelRatio > 0 ? picture.pixelRatio : 1.0;
    const QSize pixels = picture.size * ratio; // as paintedImage allocates it
    const int most = png ? kMaxPngSidePx : kMaxSvgSidePx;
    if (pixels.width() <= most && pixels.height() <= most)
        return {};
    const QString size = ratio == 1.0 ? QStringLiteral("%1 × %2 px").arg(pixels.width()).arg(pixels.height())
                                      : QStringLiteral("%1 × %2 px at %3× pixel ratio")
                                            .arg(pixels.width())
                                            .arg(pixels.height())
                                            .arg(ratio);
    return png ? QCoreApplication::translate("lanescope",
                                             "the picture would be %1, more than the %2 px per side "
                                             "a PNG can have; export an SVG instead")
                     .arg(size)
                     .arg(most)
               : QCoreApplication::translate("lanescope",
                                             "the picture would be %1, more than the %2 px per side "
                                             "an SVG is written with")
                     .arg(size)
                     .arg(most);
}

std::optional<PictureFormat> pictureFormatOf(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return PictureFormat::Png;
    if (suffix == QLatin1String("svg"))
        return PictureFormat::Svg;
    return std::nullopt;
}

QImage renderPicture(const Capture &c, const TimelinePicture &picture)
{
    return renderFramedImage(c, picture.size, picture.range, picture.frame, picture.pixelRatio,
                             picture.options);
}

QByteArray renderPictureSvg(const Capture &c, const TimelinePicture &picture)
{
    return renderFramedSvg(c, picture.size, picture.range, picture.frame, picture.options);
}

QByteArray pngBytes(const QImage &image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    if (image.isNull() || !buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG"))
        return {};
    return bytes;
}

QString writePng(const QImage &image, const QString &path)
{
    if (image.isNull())
        return QStringLiteral("%1: %2").arg(
            path, QCoreApplication::translate("lanescope", "not enough memory for the picture"));
    return writeFileAtomically(path, [&image](QIODevice &out) {
        if (image.save(&out, "PNG"))
            return QString();
        return out.errorString().isEmpty() ? QCoreApplication::translate("lanescope", "PNG encoding failed")
                                           : out.errorString();
    });
}

QString writePicture(const Capture &c, const TimelinePicture &picture, const QString &path)
{
    const PictureFormat format = pictureFormatOf(path).value_or(PictureFormat::Png);
    if (const QString why = pictureSizeProblem(picture, format); !why.isEmpty())
        return QStringLiteral("%1: %2").arg(path, why);
    if (format == PictureFormat::Svg)
        return writeFileAtomically(path, renderPictureSvg(c, picture));
    return writePng(renderPicture(c, picture), path);
}

} // namespace lanescope
