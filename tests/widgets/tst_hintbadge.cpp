// The badge on the bars of kernels the compiler's hints were joined to (perf-hints spec B.3): a
// corner triangle on every wide enough AICore bar of such a kernel, in pixels on the screen and in
// PNGs, as a shape in SVGs, and never on narrow bars, on other kernels or without joined hints.

#include "testmain.h"
#include "widgets/export/timelineexport.h"
#include "widgets/render/hintbadge.h"
#include "widgets/render/timelinepainter.h"
#include "widgets/style/slicepalette.h"
#include "widgets/text/slicedetails.h"
#include "widgets/timeline/timelineview.h"

#include <QImage>
#include <QPainter>
#include <QRegularExpression>

using namespace lanescope;

namespace {

// Which kernels the capture's one hint was joined to.
enum class Hints { None, Unjoined, OnBar, OnOtherKernel };

// Two AICore lanes with one 100 µs bar each: function 0 on the first (a Worker lane, or a
// Scheduler View lane when `firstLane` says so), function 1 on the second.
CapturePtr captureWith(Hints hints, LaneKind firstLane = LaneKind::Worker)
{
    auto c = std::make_shared<Capture>();
    for (int i = 0; i < 2; ++i) {
        TaskRow row;
        row.taskId = std::uint64_t(i + 1);
        row.startUs = 0;
        row.endUs = 100;
        row.coreId = i;
        row.coreType = i == 0 ? CoreType::Aic : CoreType::Aiv;
        row.funcId = i;
        c->rows.push_back(row);
        Lane lane;
        lane.group = QStringLiteral("AICore");
        lane.name = i == 0 ? QStringLiteral("AIC_0") : QStringLiteral("AIV_1");
        lane.kind = i == 0 ? firstLane : LaneKind::Worker;
        lane.laneSource = i;
        lane.slices = {Slice{0, 100, std::uint32_t(i), std::uint32_t(i + 1), 0, 0}};
        c->lanes.push_back(lane);
    }
    if (hints != Hints::None) {
        PerfHint h;
        h.code = QStringLiteral("PH001");
        h.rule = QStringLiteral("TileInnermostDimGranularity");
        h.message = QStringLiteral("tile.load has innermost dim = 64B");
        if (hints == Hints::OnBar)
            h.funcIds = {0};
        else if (hints == Hints::OnOtherKernel)
            h.funcIds = {1};
        c->perfHints.path = QStringLiteral("report/perf_hints.log");
        c->perfHints.hints.push_back(h);
        c->perfHints.records = 1;
    }
    return c;
}

// The viewport that draws the 100 µs bars `barWidthPx` wide, starting on a whole pixel.
TimelineViewport viewportFor(const Capture &c, QSize size, int barWidthPx)
{
    const TimelineViewport probe = exportViewport(c, size, {0, 100});
    const double pxPerUs = barWidthPx / 100.0;
    const double t0 = -20 / pxPerUs;
    return probe.withRange({t0, t0 + probe.plotWidth() / pxPerUs});
}

// The device pixels of exactly `colour`, as their bounding box: the bar, badge or not, since the
// badge never takes a whole row or column of it.
QRect boxOf(const QImage &image, QRgb colour)
{
    QRect box;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if ((image.pixel(x, y) & 0xffffff) == (colour & 0xffffff))
                box |= QRect(x, y, 1, 1);
    return box;
}

QRgb rgb(const QImage &image, int x, int y)
{
    return image.pixel(x, y) & 0xffffff;
}

} // namespace

class TestHintBadge : public QObject
{
    Q_OBJECT

private slots:
    void geometry_data()
    {
        QTest::addColumn<QRect>("bar");
        QTest::addColumn<bool>("badged");
        QTest::addColumn<int>("size");
        QTest::newRow("default bar") << QRect(10, 20, 40, 17) << true << 6;
        QTest::newRow("twice the leg wide") << QRect(10, 20, 12, 17) << true << 6;
        QTest::newRow("narrower") << QRect(10, 20, 11, 17) << false << 0;
        QTest::newRow("tall bars, capped leg") << QRect(0, 0, 100, 40) << true << 8;
        QTest::newRow("low bar, smallest leg") << QRect(0, 0, 100, 8) << true << 4;
        QTest::newRow("too low for any") << QRect(0, 0, 100, 7) << false << 0;
    }
    void geometry()
    {
        QFETCH(QRect, bar);
        QFETCH(bool, badged);
        QFETCH(int, size);
        const auto badge = hintBadgeOn(bar, keyColour(1));
        QCOMPARE(badge.has_value(), badged);
        if (!badge)
            return;
        QCOMPARE(badge->size, size);
        QCOMPARE(badge->colour, textColourOn(keyColour(1)).rgb());
        // A staircase into the top-right corner: its first row the leg, its last one pixel.
        QCOMPARE(badge->row(0), QRect(bar.right() + 1 - size, bar.top(), size, 1));
        QCOMPARE(badge->row(size - 1), QRect(bar.right(), bar.top() + size - 1, 1, 1));
    }

    void hintedKernels()
    {
        const CapturePtr c = captureWith(Hints::OnBar);
        const HintedKernels hinted(c->perfHints);
        QVERIFY(!hinted.isEmpty());
        QVERIFY(hinted.contains(0));
        QVERIFY(!hinted.contains(1));
        QVERIFY(hinted.marks(*c, c->lanes[0], c->lanes[0].slices[0]));
        QVERIFY(!hinted.marks(*c, c->lanes[1], c->lanes[1].slices[0]));
        const CapturePtr view = captureWith(Hints::OnBar, LaneKind::SchedulerView);
        QVERIFY(!HintedKernels(view->perfHints).marks(*view, view->lanes[0], view->lanes[0].slices[0]));
        QVERIFY(HintedKernels(captureWith(Hints::Unjoined)->perfHints).isEmpty());
        QVERIFY(HintedKernels(captureWith(Hints::None)->perfHints).isEmpty());
    }

    // The function-0 bar drawn `width` px wide on a device; `device`: "raster" (pixels written
    // directly), "hidpi" (the same at 2 device pixels per pixel) or "painter" (an image format the
    // painter fills itself, as for SVG).
    void badgeOnTheTimeline_data()
    {
        QTest::addColumn<int>("hints");
        QTest::addColumn<int>("firstLane");
        QTest::addColumn<int>("width");
        QTest::addColumn<QString>("device");
        QTest::addColumn<bool>("drawHintBadges"); // the paint option
        QTest::addColumn<bool>("badged");
        QTest::addColumn<int>("badges"); // on the whole frame
        const int worker = int(LaneKind::Worker);
        const int onBar = int(Hints::OnBar);
        QTest::newRow("wide bar of a hinted kernel")
            << onBar << worker << 300 << "raster" << true << true << 1;
        QTest::newRow("hidpi") << onBar << worker << 300 << "hidpi" << true << true << 1;
        QTest::newRow("painter") << onBar << worker << 300 << "painter" << true << true << 1;
        QTest::newRow("badges turned off") << onBar << worker << 300 << "raster" << false << false << 0;
        // The bar keeps a 1 px gap on its right: 13 px drawn leave the 12 a 6 px leg needs.
        QTest::newRow("just wide enough") << onBar << worker << 13 << "raster" << true << true << 1;
        QTest::newRow("too narrow") << onBar << worker << 12 << "raster" << true << false << 0;
        QTest::newRow("too narrow, painter") << onBar << worker << 12 << "painter" << true << false << 0;
        QTest::newRow("kernel without hints")
            << int(Hints::OnOtherKernel) << worker << 300 << "raster" << true << false << 1;
        QTest::newRow("hint joined to no kernel")
            << int(Hints::Unjoined) << worker << 300 << "raster" << true << false << 0;
        QTest::newRow("capture without hints")
            << int(Hints::None) << worker << 300 << "raster" << true << false << 0;
        QTest::newRow("scheduler view bar")
            << onBar << int(LaneKind::SchedulerView) << 300 << "raster" << true << false << 0;
    }
    void badgeOnTheTimeline()
    {
        QFETCH(int, hints);
        QFETCH(int, firstLane);
        QFETCH(int, width);
        QFETCH(QString, device);
        QFETCH(bool, drawHintBadges);
        QFETCH(bool, badged);
        QFETCH(int, badges);
        const CapturePtr c = captureWith(Hints(hints), LaneKind(firstLane));
        const QSize size(900, 160);
        const int dpr = device == QLatin1String("hidpi") ? 2 : 1;
        QImage image(size * dpr, device == QLatin1String("painter") ? QImage::Format_RGB888
                                                                    : QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(dpr);
        TimelinePainter painter;
        {
            QPainter p(&image);
            TimelinePaintOptions options;
            options.drawHintBadges = drawHintBadges;
            painter.paint(p, *c, viewportFor(*c, size, width), options);
        }
        QCOMPARE(painter.stats().hintBadgesDrawn, std::int64_t(badges));

        const QRgb bar = keyColour(1) & 0xffffff;
        const QRgb mark = textColourOn(keyColour(1)).rgb() & 0xffffff;
        const QRect box = boxOf(image, bar);
        QCOMPARE(box.width(), (width - 1) * dpr); // the bar, less its gap
        const int top = box.top(), right = box.right();
        const int leg = 6 * dpr;
        if (!badged) {
            QCOMPARE(rgb(image, right, top), bar);
            QCOMPARE(rgb(image, right - leg + 2, top), bar);
            QCOMPARE(rgb(image, right, top + leg - 2), bar);
            return;
        }
        QCOMPARE(rgb(image, right, top), mark);
        QCOMPARE(rgb(image, right - leg + 2, top), mark);
        QCOMPARE(rgb(image, right, top + leg - 2), mark);
        QCOMPARE(rgb(image, right - leg, top), bar); // past the leg
        QCOMPARE(rgb(image, right, top + leg), bar);
        QCOMPARE(rgb(image, right - leg / 2 - 1, top + leg / 2 + 1), bar); // below the hypotenuse
        if (device != QLatin1String("painter")) { // the painter may round the hypotenuse's ends
            QCOMPARE(rgb(image, right - leg + 1, top), mark);
            QCOMPARE(rgb(image, right, top + leg - 1), mark);
        }
    }

    // An SVG keeps the badge a shape: a triangle with 6 px legs on the bar's top-right corner.
    void svgExportDrawsTheBadge_data()
    {
        QTest::addColumn<int>("hints");
        QTest::addColumn<int>("triangles");
        QTest::newRow("hinted kernel") << int(Hints::OnBar) << 1;
        QTest::newRow("the other kernel") << int(Hints::OnOtherKernel) << 1;
        QTest::newRow("no hints") << int(Hints::None) << 0;
    }
    void svgExportDrawsTheBadge()
    {
        QFETCH(int, hints);
        QFETCH(int, triangles);
        const CapturePtr c = captureWith(Hints(hints));
        const QSize size(900, 160);
        const QString svg =
            QString::fromUtf8(renderFramedSvg(*c, size, viewportFor(*c, size, 300).range(), PictureFrame{}));
        // "M x0,y0 L x1,y0 L x1,y1 L x0,y0": along the top edge, down the right edge, and back.
        static const QRegularExpression triangle(
            QStringLiteral(R"(d="M(\d+),(\d+) L(\d+),\2 L\3,(\d+) L\1,\2")"));
        int found = 0;
        for (auto it = triangle.globalMatch(svg); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            QCOMPARE(m.captured(3).toInt() - m.captured(1).toInt(), 6);
            QCOMPARE(m.captured(4).toInt() - m.captured(2).toInt(), 6);
            ++found;
        }
        QCOMPARE(found, triangles);
    }

    // On screen: the view draws the badge, and the bar's tooltip names the kernel's hints as the
    // details panel does.
    void viewShowsTheBadgeAndNamesTheHints()
    {
        const CapturePtr c = captureWith(Hints::OnBar);
        TimelineView view;
        view.resize(900, 200);
        view.setCapture(c);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setVisibleRange({-10, 110});
        const QImage image = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QRgb bar = keyColour(1) & 0xffffff;
        const QRect box = boxOf(image, bar);
        QVERIFY(box.width() > 100);
        QCOMPARE(rgb(image, box.right(), box.top()), textColourOn(keyColour(1)).rgb() & 0xffffff);
        const auto hit = view.sliceAt(QPointF(box.center()));
        QVERIFY(hit);
        QCOMPARE(hit->lane, 0);
        const QString tooltip = view.describeSlice(*hit);
        QVERIFY2(tooltip.contains(QStringLiteral("Compiler hints: 1 (PH001; see the Compiler hints panel)")),
                 qPrintable(tooltip));
        QVERIFY(!view.describeSlice({1, 0}).contains(QStringLiteral("Compiler hints")));
    }
};

LANESCOPE_TEST_MAIN(TestHintBadge)
#include "tst_hintbadge.moc"
