// Renders the scalable icons to the PNG sizes of the hicolor theme at build time, so that only
// the SVG sources live in the repository.
//   lanescope-iconrender SVG SIZE OUT.png
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTextStream>

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // A build has no session: without a runtime directory of its own every icon would warn that
    // XDG_RUNTIME_DIR is not set, and a build prints no warnings.
    QTemporaryDir runtimeDir;
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR") && runtimeDir.isValid())
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtimeDir.path()));
    QGuiApplication app(argc, argv);
    if (argc != 4) {
        QTextStream(stderr) << "usage: lanescope-iconrender SVG SIZE OUT.png\n";
        return 1;
    }
    QSvgRenderer svg(QString::fromLocal8Bit(argv[1]));
    const int size = QString::fromLatin1(argv[2]).toInt();
    if (!svg.isValid() || size <= 0) {
        QTextStream(stderr) << "cannot render " << argv[1] << '\n';
        return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter);
    painter.end();
    return image.save(QString::fromLocal8Bit(argv[3])) ? 0 : 2;
}
