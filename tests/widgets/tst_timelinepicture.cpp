#include "testmain.h"
#include "widgets/export/timelinepicture.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

// One AICore lane with two bars.
Capture oneCore()
{
    Capture c;
    c.info.level = 1;
    c.info.coreTypes = {CoreType::Aic};
    TaskRow first, second;
    first.taskId = 1, first.funcId = 0, first.receiveUs = first.startUs = 100, first.endUs = 300;
    second.taskId = 2, second.funcId = 1, second.receiveUs = second.startUs = 500, second.endUs = 900;
    c.rows = {first, second};
    Lane lane;
    lane.group = QStringLiteral("AICore");
    lane.name = QStringLiteral("AIC_0");
    lane.kind = LaneKind::Worker;
    Slice a, b;
    a.startUs = 100, a.endUs = 300, a.ref = 0, a.label = 1;
    b.startUs = 500, b.endUs = 900, b.ref = 1, b.label = 2;
    lane.slices = {a, b};
    c.lanes = {lane};
    return c;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

// The picture every exporter shares: its size and frame, and how it reaches a file.
class TestTimelinePicture : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void formatFollowsTheSuffix_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("format"); // -1: none
        QTest::newRow("png") << "a/b.png" << int(PictureFormat::Png);
        QTest::newRow("PNG") << "b.PNG" << int(PictureFormat::Png);
        QTest::newRow("svg") << "b.Svg" << int(PictureFormat::Svg);
        QTest::newRow("jpeg") << "b.jpg" << -1;
        QTest::newRow("none") << "picture" << -1;
    }
    void formatFollowsTheSuffix()
    {
        QFETCH(QString, path);
        QFETCH(int, format);
        const std::optional<PictureFormat> got = pictureFormatOf(path);
        QCOMPARE(got ? int(*got) : -1, format);
    }

    void capturePictureHasTheAskedOrTheDefaultSize()
    {
        const Capture c = oneCore();
        const TimelinePicture asked = capturePicture(c, QStringLiteral("one"), {}, QSize(800, 400));
        QCOMPARE(asked.size, QSize(800, 400));
        QVERIFY(asked.frame.caption.startsWith(QStringLiteral("one · level 1")));
        QVERIFY(!asked.frame.legend.empty());

        const TimelinePicture fitted = capturePicture(c, QStringLiteral("one"), {200, 600});
        QCOMPARE(fitted.size, defaultPictureSize(c, fitted.frame));
        QCOMPARE(fitted.range, (TimeRange{200, 600}));
        QCOMPARE(renderPicture(c, fitted).size(), fitted.size);
    }

    void writesPngAndSvgByTheSuffix()
    {
        const Capture c = oneCore();
        const TimelinePicture picture = capturePicture(c, QStringLiteral("one"), {}, QSize(640, 320));
        const QString png = m_dir.filePath(QStringLiteral("one.png"));
        QCOMPARE(writePicture(c, picture, png), QString());
        QCOMPARE(QImage(png).size(), QSize(640, 320));
        QCOMPARE(QImage(png), renderPicture(c, picture).convertToFormat(QImage(png).format()));

        const QString svg = m_dir.filePath(QStringLiteral("one.svg"));
        QCOMPARE(writePicture(c, picture, svg), QString());
        QCOMPARE(readAll(svg), renderPictureSvg(c, picture));
        QVERIFY(readAll(svg).contains("width=\"640\""));
    }

    void pngBytesDecodeToTheImage()
    {
        const Capture c = oneCore();
        TimelinePicture picture; // the timeline alone, as each side of the compare picture
        picture.size = QSize(300, 120);
        const QImage image = renderPicture(c, picture);
        const QByteArray bytes = pngBytes(image);
        QVERIFY(bytes.startsWith("\x89PNG"));
        QCOMPARE(QImage::fromData(bytes, "PNG"),
                 image.convertToFormat(QImage::fromData(bytes, "PNG").format()));
        QVERIFY(pngBytes(QImage()).isEmpty());
    }

    // A picture that cannot be written says where and why, and leaves the file that was there.
    void aFailedWriteNamesTheFileAndKeepsTheOldOne()
    {
        const Capture c = oneCore();
        const TimelinePicture picture = capturePicture(c, QStringLiteral("one"), {}, QSize(200, 100));
        const QString unreachable = m_dir.filePath(QStringLiteral("no-such-dir/one.png"));
        const QString error = writePicture(c, picture, unreachable);
        QVERIFY2(error.startsWith(unreachable + QStringLiteral(": ")), qPrintable(error));

        const QString old = m_dir.filePath(QStringLiteral("old.png"));
        {
            QFile f(old);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("old bytes");
        }
        const QString noMemory = writePng(QImage(), old);
        QVERIFY2(noMemory.startsWith(old + QStringLiteral(": ")), qPrintable(noMemory));
        QCOMPARE(readAll(old), QByteArray("old bytes"));
    }
};

LANESCOPE_TEST_MAIN(TestTimelinePicture)
#include "tst_timelinepicture.moc"
