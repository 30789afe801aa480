#include "widgets/export/timelinepicture.h"

#include "model/io/atomicfile.h"

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
    if (pictureFormatOf(path) == PictureFormat::Svg)
        return writeFileAtomically(path, renderPictureSvg(c, picture));
    return writePng(renderPicture(c, picture), path);
}

} // namespace lanescope
