#include "testmain.h"
#include "widgets/render/scanlinebars.h"

#include <QImage>
#include <QPainter>

using namespace lanescope;

namespace {
struct Fill
{
    int left, right; // logical columns [left, right)
    QRgb colour;
};
} // namespace

Q_DECLARE_METATYPE(Fill)

namespace {

// Rows that differ from each other, so that a copy of anything but the bars would show.
QImage stripedImage(int scale)
{
    QImage image(QSize(60, 20) * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            image.setPixel(x, y, qRgb(y * 10 % 256, x * 3 % 256, 200));
    return image;
}
} // namespace

class TestScanlineBars : public QObject
{
    Q_OBJECT

private slots:
    // The composed level must equal filling each bar with QPainter, in order, under the same clip.
    void paintsWhatFillRectPaints_data()
    {
        QTest::addColumn<int>("scale");
        QTest::addColumn<QRect>("clip"); // logical; empty for none
        QTest::addColumn<QList<Fill>>("fills");
        const QRgb red = qRgb(220, 40, 40), blue = qRgb(40, 40, 220), pale = qRgb(250, 200, 200);
        const QList<Fill> bars = {{2, 5, red},    {5, 6, blue},   {6, 7, red},
                                  {10, 30, blue}, {10, 14, pale}, {30, 31, red}};
        QTest::newRow("1x, no clip") << 1 << QRect() << bars;
        QTest::newRow("2x, no clip") << 2 << QRect() << bars;
        QTest::newRow("1x, clipped on both sides") << 1 << QRect(4, 0, 20, 20) << bars;
        QTest::newRow("2x, clipped rows") << 2 << QRect(0, 6, 60, 3) << bars;
        QTest::newRow("bars beyond the image") << 1 << QRect() << QList<Fill>{{-5, 3, red}, {55, 80, blue}};
        QTest::newRow("nothing") << 1 << QRect() << QList<Fill>{};
        QTest::newRow("a later bar over an earlier one, further left")
            << 1 << QRect() << QList<Fill>{{20, 30, red}, {15, 25, blue}};
        // Runs close together are written pixel by pixel over their span: the pixels between stay.
        QList<Fill> marks;
        for (int x = 1; x < 58; x += 2 + x % 3)
            marks.push_back({x, x + 1 + x % 2, x % 4 ? red : blue});
        QTest::newRow("one-pixel marks a pixel or two apart") << 1 << QRect() << marks;
        QTest::newRow("one-pixel marks, 2x, clipped") << 2 << QRect(5, 0, 40, 20) << marks;
        QTest::newRow("two marks at the ends") << 1 << QRect() << QList<Fill>{{1, 2, red}, {57, 58, blue}};
    }

    void paintsWhatFillRectPaints()
    {
        QFETCH(int, scale);
        QFETCH(QRect, clip);
        QFETCH(QList<Fill>, fills);
        const QRect band(0, 4, 60, 7);

        QImage composed = stripedImage(scale);
        {
            QPainter p(&composed);
            if (!clip.isEmpty())
                p.setClipRect(clip);
            const auto target = RasterTarget::of(p);
            QVERIFY(target);
            ScanlineBars bars;
            bars.begin(*target, band);
            for (const Fill &f : fills)
                bars.fill(f.left, f.right, f.colour);
            bars.end();
        }
        QImage expected = stripedImage(scale);
        {
            QPainter p(&expected);
            if (!clip.isEmpty())
                p.setClipRect(clip);
            for (const Fill &f : fills)
                p.fillRect(QRect(f.left, band.top(), f.right - f.left, band.height()),
                           QColor::fromRgb(f.colour));
        }
        QCOMPARE(composed, expected);
    }

    // The scanline is reused level after level: what one level wrote never leaks into the next.
    void levelsStayApart()
    {
        QImage image = stripedImage(1);
        const QImage untouched = image;
        QPainter p(&image);
        const auto target = RasterTarget::of(p);
        ScanlineBars bars;
        bars.begin(*target, QRect(0, 0, 60, 3));
        bars.fill(0, 60, qRgb(1, 2, 3));
        bars.end();
        bars.begin(*target, QRect(0, 10, 60, 3));
        bars.fill(20, 21, qRgb(4, 5, 6));
        bars.end();
        p.end();
        QCOMPARE(image.pixel(19, 11), untouched.pixel(19, 11));
        QCOMPARE(image.pixel(20, 11), qRgb(4, 5, 6));
        QCOMPARE(image.pixel(21, 12), untouched.pixel(21, 12));
        QCOMPARE(image.pixel(30, 2), qRgb(1, 2, 3));
        QCOMPARE(image.pixel(30, 3), untouched.pixel(30, 3));
    }
};

LANESCOPE_TEST_MAIN(TestScanlineBars)
#include "tst_scanlinebars.moc"
