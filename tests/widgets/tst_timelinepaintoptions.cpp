#include "testmain.h"
#include "widgets/render/timelinepainter.h"

#include <QImage>
#include <QPainter>
#include <functional>

using namespace lanescope;

namespace {

using Change = std::function<void(TimelinePaintOptions &)>;

struct NoOverlay : TimelineOverlay
{
    void paint(QPainter &, const TimelineOverlayContext &) const override {}
};

Capture oneLaneCapture()
{
    Capture c;
    Lane lane;
    lane.group = QStringLiteral("AICore");
    lane.name = QStringLiteral("AIC_0");
    lane.kind = LaneKind::Trace;
    Slice s;
    s.startUs = 100;
    s.endUs = 300;
    s.label = c.strings.intern(QStringLiteral("QK"));
    lane.slices = {s};
    c.lanes = {lane};
    return c;
}

TimelineViewport viewport()
{
    TimelineViewport vp;
    vp.t0Us = 0;
    vp.t1Us = 1000;
    vp.widthPx = 600;
    vp.heightPx = 120;
    vp.headerWidthPx = 100;
    vp.rulerHeightPx = 28;
    return vp;
}

void paint(TimelinePainter &painter, const Capture &c, const TimelinePaintOptions &options)
{
    QImage image(600, 120, QImage::Format_ARGB32_Premultiplied);
    QPainter p(&image);
    painter.paint(p, c, viewport(), options);
}

} // namespace

Q_DECLARE_METATYPE(Change)

// TimelinePaintOptions compare field by field, and the painter's frame cache is kept only while
// nothing but the overlays (selection outlines included) changed.
class TestTimelinePaintOptions : public QObject
{
    Q_OBJECT

private slots:
    void everyFieldCounts_data()
    {
        QTest::addColumn<Change>("change");
        QTest::addColumn<bool>("keepsCachedFrame"); // only what the overlays draw may change

        QTest::newRow("metrics") << Change([](auto &o) { o.metrics.counterHeightPx += 1; }) << false;
        QTest::newRow("collapsed groups")
            << Change([](auto &o) { o.collapsedGroups.insert(QStringLiteral("AICore")); }) << false;
        QTest::newRow("font") << Change([](auto &o) { o.font.setItalic(!o.font.italic()); }) << false;
        QTest::newRow("labels") << Change([](auto &o) { o.drawLabels = !o.drawLabels; }) << false;
        QTest::newRow("label width") << Change([](auto &o) { o.minLabelWidthPx += 1; }) << false;
        QTest::newRow("arrangement") << Change([](auto &o) { o.arrangement.hidden.insert(0); }) << false;
        QTest::newRow("label mode") << Change([](auto &o) { o.labelMode = BarLabelMode::Function; }) << false;
        QTest::newRow("colour mode") << Change([](auto &o) { o.colourMode = BarColourMode::CoreType; })
                                     << false;
        QTest::newRow("setup heads") << Change([](auto &o) { o.drawSetupHeads = !o.drawSetupHeads; })
                                     << false;
        QTest::newRow("hint badges") << Change([](auto &o) { o.drawHintBadges = !o.drawHintBadges; })
                                     << false;
        QTest::newRow("level summaries")
            << Change([](auto &o) { o.useLevelSummaries = !o.useLevelSummaries; }) << false;
        QTest::newRow("background") << Change([](auto &o) { o.colours.background = Qt::red; }) << false;
        // The old cache key compared the colours by their background only.
        QTest::newRow("text colour") << Change([](auto &o) { o.colours.text = Qt::red; }) << false;
        QTest::newRow("grid colour") << Change([](auto &o) { o.colours.grid = Qt::red; }) << false;
        QTest::newRow("chrome colour") << Change([](auto &o) { o.colours.chrome = Qt::red; }) << false;
        QTest::newRow("highlight") << Change([](auto &o) { o.highlight.lane = 0; }) << true;
        QTest::newRow("highlight slice") << Change([](auto &o) { o.highlight.slice = 1; }) << true;
        QTest::newRow("related") << Change([](auto &o) { o.relatedSlices.push_back({0, 0}); }) << true;
        QTest::newRow("overlays") << Change([](auto &o) {
            o.overlays.push_back(std::make_shared<NoOverlay>());
        }) << true;
    }
    void everyFieldCounts()
    {
        QFETCH(Change, change);
        QFETCH(bool, keepsCachedFrame);
        TimelinePaintOptions before;
        before.cacheFrames = true;
        TimelinePaintOptions after = before;
        QVERIFY(after == before);
        change(after);
        QVERIFY(!(after == before));

        const Capture c = oneLaneCapture();
        TimelinePainter painter;
        paint(painter, c, before);
        QVERIFY(!painter.stats().fromCache);
        paint(painter, c, before);
        QVERIFY(painter.stats().fromCache);
        paint(painter, c, after);
        QCOMPARE(painter.stats().fromCache, keepsCachedFrame);
    }

    void lightAndDarkColoursDiffer()
    {
        QVERIFY(TimelineColours::light() == TimelineColours::light());
        QVERIFY(!(TimelineColours::light() == TimelineColours::dark()));
    }
};

LANESCOPE_TEST_MAIN(TestTimelinePaintOptions)
#include "tst_timelinepaintoptions.moc"
