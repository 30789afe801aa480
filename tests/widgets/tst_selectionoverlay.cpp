#include "testmain.h"
#include "widgets/overlays/selectionoverlay.h"
#include "widgets/render/timelineindex.h"
#include "widgets/render/timelinepainter.h"

#include <QImage>
#include <QPainter>

using namespace lanescope;

namespace {

// A 100 px header and a 1000 px plot over [0, 1000] µs: time t sits at x = 100 + t.
// Rows (TimelineMetrics defaults): ruler 28, heading 24, lanes of 22 px with 2 px padding, so lane
// 0's bars span y 54 .. 71 and lane 1's y 76 .. 93.
constexpr int kHeader = 100;
constexpr int kLane0Top = 54;
constexpr int kLane1Top = 76;

Capture twoLaneCapture()
{
    Capture c;
    auto lane = [&](const QString &name, std::vector<std::pair<double, double>> spans) {
        Lane l;
        l.group = QStringLiteral("AICore");
        l.name = name;
        l.kind = LaneKind::Trace;
        for (const auto &[start, end] : spans) {
            Slice s;
            s.startUs = start;
            s.endUs = end;
            s.label = c.strings.intern(name);
            l.slices.push_back(s);
        }
        return l;
    };
    c.lanes = {lane(QStringLiteral("AIC_0"), {{100, 300}, {500, 600}}),
               lane(QStringLiteral("AIV_1"), {{200, 400}})};
    return c;
}

TimelineViewport viewport()
{
    TimelineViewport vp;
    vp.t0Us = 0;
    vp.t1Us = 1000;
    vp.widthPx = kHeader + 1000;
    vp.heightPx = 160;
    vp.headerWidthPx = kHeader;
    vp.rulerHeightPx = 28;
    return vp;
}

QImage render(const Capture &c, const TimelinePaintOptions &options)
{
    QImage image(viewport().widthPx, viewport().heightPx, QImage::Format_ARGB32);
    image.fill(Qt::magenta);
    QPainter p(&image);
    TimelinePainter painter;
    painter.paint(p, c, viewport(), options);
    return image;
}

} // namespace

// The selection outlines are an overlay like the others: where they go, and that the painter draws
// the options' selection through it.
class TestSelectionOverlay : public QObject
{
    Q_OBJECT

private slots:
    void outlinesTheBarItsSelectionNames_data()
    {
        QTest::addColumn<int>("lane");
        QTest::addColumn<int>("slice");
        QTest::addColumn<QRectF>("expected"); // null: nothing drawn

        QTest::newRow("first bar") << 0 << 0 << QRectF(kHeader + 99, kLane0Top, 202, 17);
        QTest::newRow("second bar") << 0 << 1 << QRectF(kHeader + 499, kLane0Top, 102, 17);
        QTest::newRow("other lane") << 1 << 0 << QRectF(kHeader + 199, kLane1Top, 202, 17);
        QTest::newRow("no lane") << -1 << 0 << QRectF();
        QTest::newRow("lane out of range") << 5 << 0 << QRectF();
        QTest::newRow("slice out of range") << 0 << 9 << QRectF();
    }
    void outlinesTheBarItsSelectionNames()
    {
        QFETCH(int, lane);
        QFETCH(int, slice);
        QFETCH(QRectF, expected);
        const Capture c = twoLaneCapture();
        const TimelineIndex index(c);
        const TimelineMetrics metrics;
        const TimelineLayout layout(c, metrics, {});
        const TimelineViewport vp = viewport();
        const TimelineColours colours = TimelineColours::light();
        const TimelineOverlayContext context{c, vp, layout, index, colours};
        const auto rect = SelectionOverlay::outlineRect(SliceRef{lane, std::size_t(slice)}, context);
        QCOMPARE(rect.value_or(QRectF()), expected);
    }

    void drawsTheSelectedAndTheRelatedBars()
    {
        const Capture c = twoLaneCapture();
        TimelinePaintOptions options;
        options.drawLabels = false;
        // Opaque and found nowhere else, so the pixels tell which outline they belong to.
        options.colours.highlight = QColor(1, 2, 3);
        options.colours.related = QColor(4, 5, 6);
        const TimelineColours &colours = options.colours;
        const QImage plain = render(c, options);

        auto overlay = std::make_shared<SelectionOverlay>(SliceRef{0, 0}, std::vector<SliceRef>{{1, 0}});
        options.overlays = {overlay};
        const QImage outlined = render(c, options);
        QVERIFY(outlined != plain);
        // The selected bar's left edge in the highlight colour (2 px pen), the related one dashed.
        QCOMPARE(outlined.pixel(kHeader + 99, kLane0Top + 8), colours.highlight.rgb());
        // The related bar's outline, somewhere around lane 1's bar, and only with the overlay.
        auto relatedPixels = [&](const QImage &image) {
            int n = 0;
            for (int y = kLane1Top - 2; y < kLane1Top + 20; ++y)
                for (int x = kHeader + 190; x < kHeader + 410; ++x)
                    n += image.pixel(x, y) == colours.related.rgb() ? 1 : 0;
            return n;
        };
        QVERIFY(relatedPixels(outlined) > 0);
        QCOMPARE(relatedPixels(plain), 0);
    }

    void thePainterDrawsTheOptionsSelectionThroughIt()
    {
        const Capture c = twoLaneCapture();
        TimelinePaintOptions viaOptions;
        viaOptions.highlight = {0, 1};
        viaOptions.relatedSlices = {{0, 1}, {1, 0}};
        TimelinePaintOptions viaOverlay;
        viaOverlay.overlays = {std::make_shared<SelectionOverlay>(SelectionOverlay::of(viaOptions))};
        QCOMPARE(render(c, viaOptions), render(c, viaOverlay));
        QVERIFY(render(c, viaOptions) != render(c, {}));
        QCOMPARE(SelectionOverlay::of(viaOptions).selected(), (SliceRef{0, 1}));
        QCOMPARE(SelectionOverlay::of(viaOptions).related().size(), std::size_t(2));
        QVERIFY(SelectionOverlay::of(TimelinePaintOptions{}).isEmpty());
    }
};

LANESCOPE_TEST_MAIN(TestSelectionOverlay)
#include "tst_selectionoverlay.moc"
