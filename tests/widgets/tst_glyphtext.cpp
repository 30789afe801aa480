#include "testmain.h"
#include "widgets/render/rastertarget.h"
#include "widgets/text/glyphtext.h"

#include <QFontDatabase>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <optional>

using namespace lanescope;

namespace {
QFont labelFont()
{
    QFont font = QFontDatabase::systemFont(QFontDatabase::GeneralFont);
    font.setPixelSize(11);
    return font;
}

// The columns and rows holding ink (any pixel differing from white).
QRect inkBox(const QImage &image)
{
    QRect box;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) != qRgb(255, 255, 255))
                box |= QRect(x, y, 1, 1);
    return box;
}
} // namespace

class TestGlyphText : public QObject
{
    Q_OBJECT

private slots:
    void coversPrintableLatin1Only_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("covered");
        QTest::newRow("function and task") << QStringLiteral("o_proj_spmd(r1t17)") << true;
        QTest::newRow("spaces and digits") << QStringLiteral("dispatch 16 / 32") << true;
        QTest::newRow("empty") << QString() << true;
        QTest::newRow("ellipsis") << QStringLiteral("a…") << false;
        QTest::newRow("micro sign") << QStringLiteral("12 µs") << true;
        QTest::newRow("middle dot and no-break space") << QStringLiteral("a\u00b7b\u00a0c") << true;
        QTest::newRow("C1 control") << QStringLiteral("a\u0085b") << false;
        QTest::newRow("CJK") << QStringLiteral("算子") << false;
        QTest::newRow("tab") << QStringLiteral("a\tb") << false;
    }

    void coversPrintableLatin1Only()
    {
        QFETCH(QString, text);
        QFETCH(bool, covered);
        QCOMPARE(GlyphText(labelFont()).covers(text), covered);
    }

    void fitsWholeOrElides_data()
    {
        QTest::addColumn<double>("roomFraction"); // of the text's full width
        QTest::addColumn<bool>("whole");
        QTest::newRow("ample room") << 2.0 << true;
        QTest::newRow("exact") << 1.0 << true;
        QTest::newRow("half") << 0.5 << false;
        QTest::newRow("a few characters") << 0.2 << false;
    }

    void fitsWholeOrElides()
    {
        QFETCH(double, roomFraction);
        QFETCH(bool, whole);
        const GlyphText glyphs(labelFont());
        const QString text = QStringLiteral("o_proj_spmd(r1t17)");
        const double room = glyphs.width(text) * roomFraction;
        const GlyphText::Fit fit = glyphs.fit(text, room);
        QVERIFY(!fit.empty());
        QCOMPARE(fit.ellipsis, !whole);
        QCOMPARE(fit.chars == text.size(), whole);
        QVERIFY(fit.width <= room + 1e-9);
        if (!whole) { // as many characters as fit next to the ellipsis
            const double ellipsis = fit.width - glyphs.width(text.left(fit.chars));
            QVERIFY(ellipsis > 0);
            QVERIFY(glyphs.width(text.left(fit.chars + 1)) + ellipsis > room);
        }
    }

    void nothingFitsInATinyRoom()
    {
        const GlyphText glyphs(labelFont());
        QVERIFY(glyphs.fit(QStringLiteral("abc"), 2).empty());
    }

    // Measured like QFontMetrics (no kerning, so within a pixel or two on a short label).
    void widthAgreesWithFontMetrics()
    {
        const QFont font = labelFont();
        const QString text = QStringLiteral("pv_matmul(r12t345)");
        QVERIFY(qAbs(GlyphText(font).width(text) - QFontMetricsF(font).horizontalAdvance(text)) < 2.0);
    }

    void blitInksWhereDrawTextInks_data()
    {
        QTest::addColumn<int>("scale");
        QTest::newRow("1x") << 1;
        QTest::newRow("2x") << 2;
    }

    void blitInksWhereDrawTextInks()
    {
        QFETCH(int, scale);
        const QFont font = labelFont();
        const GlyphText glyphs(font);
        const QString text = QStringLiteral("o_proj_spmd(r1t17)");
        auto image = [&] {
            QImage i(QSize(200, 30) * scale, QImage::Format_ARGB32_Premultiplied);
            i.setDevicePixelRatio(scale);
            i.fill(Qt::white);
            return i;
        };
        QImage blitted = image();
        {
            QPainter p(&blitted);
            const auto target = RasterTarget::of(p);
            QVERIFY(target);
            QCOMPARE(target->scale, scale);
            glyphs.blit(*target, QPointF(10, 20), text, glyphs.fit(text, 500), qRgb(0, 0, 0));
        }
        QImage drawn = image();
        {
            QPainter p(&drawn);
            p.setFont(font);
            p.setPen(Qt::black);
            p.drawText(QPointF(10, 20), text);
        }
        const QRect a = inkBox(blitted), b = inkBox(drawn);
        QVERIFY2(!a.isEmpty(), "the blit drew nothing");
        const int tolerance = 2 * scale;
        QVERIFY2(qAbs(a.left() - b.left()) <= tolerance && qAbs(a.right() - b.right()) <= tolerance &&
                     qAbs(a.top() - b.top()) <= tolerance && qAbs(a.bottom() - b.bottom()) <= tolerance,
                 qPrintable(QStringLiteral("blit ink %1,%2 %3x%4 vs drawText %5,%6 %7x%8")
                                .arg(a.x())
                                .arg(a.y())
                                .arg(a.width())
                                .arg(a.height())
                                .arg(b.x())
                                .arg(b.y())
                                .arg(b.width())
                                .arg(b.height())));
        // Solid strokes reach the pen colour itself.
        bool solid = false;
        for (int y = a.top(); y <= a.bottom() && !solid; ++y)
            for (int x = a.left(); x <= a.right() && !solid; ++x)
                solid = blitted.pixel(x, y) == qRgb(0, 0, 0);
        QVERIFY(solid);
    }

    // Pixels of the expected background blend from a precomputed table; they must come out as
    // the general blend makes them, and other pixels under the text (a bar's lighter head) too.
    void knownBackgroundBlendsLikeAnyOther_data()
    {
        QTest::addColumn<QRgb>("background");
        QTest::addColumn<QRgb>("pen");
        QTest::newRow("dark text on a blue bar") << qRgb(0x3b, 0x76, 0xd9) << qRgb(0x11, 0x11, 0x11);
        QTest::newRow("light text on a dark bar") << qRgb(0x30, 0x20, 0x10) << qRgb(0xf5, 0xf5, 0xf5);
        QTest::newRow("translucent pen") << qRgb(0xe0, 0xe0, 0xe0) << qRgba(0, 0, 0, 128);
    }

    void knownBackgroundBlendsLikeAnyOther()
    {
        QFETCH(QRgb, background);
        QFETCH(QRgb, pen);
        const GlyphText glyphs(labelFont());
        const QString text = QStringLiteral("o_proj_spmd(r1t17) 12 µs");
        auto blitted = [&](std::optional<QRgb> expected) {
            QImage image(200, 30, QImage::Format_ARGB32_Premultiplied);
            image.fill(background);
            QPainter p(&image);
            p.fillRect(QRect(0, 0, 40, 30), QColor(0xff, 0xd0, 0xa0)); // not the expected colour
            const auto target = RasterTarget::of(p);
            if (expected)
                glyphs.blit(*target, QPointF(4, 20), text, glyphs.fit(text, 500), pen, *expected);
            p.end();
            return image;
        };
        const QImage table = blitted(background);
        QVERIFY(table != blitted(std::nullopt));
        QCOMPARE(table, blitted(0)); // no pixel is transparent black: every one takes the general blend
    }

    void blitStaysInsideTheClip()
    {
        const GlyphText glyphs(labelFont());
        const QString text = QStringLiteral("WWWWWWWW");
        QImage image(100, 30, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QPainter p(&image);
            p.setClipRect(QRect(0, 0, 30, 30));
            const auto target = RasterTarget::of(p);
            QVERIFY(target);
            glyphs.blit(*target, QPointF(5, 20), text, glyphs.fit(text, 500), qRgb(0, 0, 0));
        }
        const QRect ink = inkBox(image);
        QVERIFY(!ink.isEmpty());
        QVERIFY(ink.right() < 30);
    }

    void noRasterTargetForVectorDevices()
    {
        QPainter p;
        // A painter on an unsupported format, and one with a rotation, have no direct pixels.
        QImage image(10, 10, QImage::Format_ARGB32_Premultiplied);
        p.begin(&image);
        p.rotate(30);
        QVERIFY(!RasterTarget::of(p));
        p.end();
        QImage rgb16(10, 10, QImage::Format_RGB16);
        p.begin(&rgb16);
        QVERIFY(!RasterTarget::of(p));
        p.end();
    }
};

LANESCOPE_TEST_MAIN(TestGlyphText)
#include "tst_glyphtext.moc"
