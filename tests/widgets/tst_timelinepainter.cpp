#include "testmain.h"
#include "widgets/comparison/diffcolouring.h"
#include "widgets/overlays/diffoverlay.h"
#include "widgets/render/timelineindex.h"
#include "widgets/render/timelinepainter.h"
#include "widgets/style/slicepalette.h"

#include <QImage>
#include <QPainter>

using namespace lanescope;

namespace {

// Picture geometry used throughout: a 200 px header and a 1000 px plot, so with the range
// [0, 1000] µs one pixel is one microsecond and time t sits at x = 200 + t.
constexpr int kHeader = 200;
constexpr int kWidth = 1200;
constexpr int kHeight = 260;
constexpr int kRuler = 28;

// Rows (TimelineMetrics defaults): heading "AICore" 24 px, then lanes of 22 px with 2 px padding.
// Lane 0 bars: y = 28 + 24 + 2 = 54 .. 71; lane 1 bars: y = 28 + 46 + 2 = 76 .. 93.
constexpr int kLane0BarY = 62;
constexpr int kLane1BarY = 84;

Slice slice(double start, double end, std::uint32_t label, std::uint8_t depth = 0, std::uint8_t flags = 0)
{
    Slice s;
    s.startUs = start;
    s.endUs = end;
    s.label = label;
    s.depth = depth;
    s.flags = flags;
    return s;
}

Lane traceLane(const QString &group, const QString &name)
{
    Lane lane;
    lane.group = group;
    lane.name = name;
    lane.kind = LaneKind::Trace;
    return lane;
}

// Two AICore lanes: AIC_0 with QK [100, 300] and SV [500, 600]; AIV_1 with LONG [-200, 150],
// which starts before the capture range that is drawn.
Capture twoLaneCapture()
{
    Capture c;
    const std::uint32_t qk = c.strings.intern(QStringLiteral("QK(t0)"));
    const std::uint32_t sv = c.strings.intern(QStringLiteral("SV(t1)"));
    const std::uint32_t longName = c.strings.intern(QStringLiteral("LONG(t2)"));
    Lane aic = traceLane(QStringLiteral("AICore"), QStringLiteral("AIC_0"));
    aic.slices = {slice(100, 300, qk), slice(500, 600, sv)};
    Lane aiv = traceLane(QStringLiteral("AICore"), QStringLiteral("AIV_1"));
    aiv.slices = {slice(-200, 150, longName)};
    c.lanes = {aic, aiv};
    return c;
}

TimelineViewport viewport(double t0, double t1, int width = kWidth)
{
    TimelineViewport vp;
    vp.t0Us = t0;
    vp.t1Us = t1;
    vp.widthPx = width;
    vp.heightPx = kHeight;
    vp.headerWidthPx = kHeader;
    vp.rulerHeightPx = kRuler;
    return vp;
}

QImage render(TimelinePainter &painter, const Capture &c, const TimelineViewport &vp,
              const TimelinePaintOptions &options = {})
{
    QImage image(vp.widthPx, vp.heightPx, QImage::Format_ARGB32);
    image.fill(Qt::magenta); // anything the painter leaves untouched shows up
    QPainter p(&image);
    painter.paint(p, c, vp, options);
    return image;
}

// The colour of the bars named `stem` in `c`, as the timeline gives a trace's names theirs.
QRgb colourOf(const Capture &c, const QString &stem)
{
    const NameColours colours = traceNameColours(c);
    for (const auto &[name, colour] : colours.stems())
        if (name == stem)
            return colour;
    return 0;
}

int countPixels(const QImage &image, int y, int fromX, int toX, QRgb colour)
{
    int n = 0;
    for (int x = fromX; x < toX; ++x)
        n += image.pixel(x, y) == colour ? 1 : 0;
    return n;
}

// Where a picture drawn directly first differs from the one drawn through QPainter; empty: nowhere.
QString firstDifference(const QImage &direct, const QImage &painted)
{
    if (direct.size() != painted.size())
        return QStringLiteral("sizes differ");
    for (int y = 0; y < direct.height(); ++y) {
        for (int x = 0; x < direct.width(); ++x) {
            if (direct.pixel(x, y) != painted.pixel(x, y))
                return QStringLiteral("pixel %1,%2: %3 direct, %4 through QPainter")
                    .arg(x)
                    .arg(y)
                    .arg(direct.pixel(x, y), 8, 16)
                    .arg(painted.pixel(x, y), 8, 16);
        }
    }
    return {};
}

// One lane holding `count` slices of 0.1 µs, one per µs from t = 0.
Capture denseCapture(int count, int levels, bool overlapping)
{
    Capture c;
    const std::uint32_t a = c.strings.intern(QStringLiteral("A"));
    const std::uint32_t b = c.strings.intern(QStringLiteral("B"));
    Lane lane = traceLane(QStringLiteral("Dense"), QStringLiteral("many"));
    lane.maxDepth = std::uint8_t(levels - 1);
    lane.slices.reserve(std::size_t(count));
    for (int i = 0; i < count; ++i) {
        // Overlapping: every slice runs 1.5 µs into the next one's start.
        const double end = overlapping ? i + 2.5 : i + 0.1;
        lane.slices.push_back(slice(i, end, i % 2 ? a : b, std::uint8_t(i % levels)));
    }
    c.lanes = {std::move(lane)};
    return c;
}

// Fills the span [startUs, endUs] of lane 1's bars in a colour and counts its paints.
class BandOverlay : public TimelineOverlay
{
public:
    BandOverlay(double startUs, double endUs, QRgb colour) : m_start(startUs), m_end(endUs), m_colour(colour)
    {
    }
    void paint(QPainter &p, const TimelineOverlayContext &context) const override
    {
        ++paints;
        const auto top = context.laneTop(1);
        if (!top)
            return;
        const double x0 = context.viewport.xOf(m_start);
        const double x1 = context.viewport.xOf(m_end);
        p.fillRect(QRectF(x0, *top, x1 - x0, 4), QColor::fromRgb(m_colour));
    }
    mutable int paints = 0;

private:
    double m_start, m_end;
    QRgb m_colour;
};

// Three AICore worker lanes of back-to-back tasks, each with a setup head (receive -> start) and
// one function of five: bars of every width from sub-pixel to wide, heads, joins and gaps.
Capture workerCapture()
{
    Capture c;
    constexpr int kCores = 3;
    std::vector<double> clock(kCores, 0.0);
    for (std::uint64_t i = 0; i < 3000; ++i) {
        const int core = int(i % kCores);
        TaskRow r;
        r.taskId = i;
        r.coreId = core;
        r.coreType = CoreType::Aiv;
        r.funcId = int(i / 7 % 5);
        r.receiveUs = clock[std::size_t(core)] + 0.1 * double(i % 4);
        r.startUs = r.receiveUs + 0.3;
        r.endUs = r.startUs + 0.5 + 0.25 * double(i % 9);
        r.dispatchUs = r.receiveUs - 0.2;
        r.finishUs = r.endUs + 0.2;
        r.flags = TaskRow::HasAicpu | TaskRow::HasReceive;
        clock[std::size_t(core)] = r.endUs;
        c.rows.push_back(r);
    }
    c.lanes.resize(kCores);
    for (int core = 0; core < kCores; ++core) {
        Lane &lane = c.lanes[std::size_t(core)];
        lane.group = QStringLiteral("AICore");
        lane.name = QStringLiteral("AIV_%1").arg(core);
        lane.kind = LaneKind::Worker;
        lane.laneSource = core;
    }
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
        const TaskRow &r = c.rows[i];
        c.lanes[std::size_t(r.coreId)].slices.push_back(
            Slice{r.receiveUs, r.endUs, std::uint32_t(i), std::uint32_t(r.funcId + 1), 0, 0});
    }
    return c;
}

// A Before/After pair for the Diff view: one AICore lane of 40 000 back-to-back 1 µs tasks in
// segments of 2 000, 2 000 µs idle between segments (a zoomed-out frame draws each segment as one
// run). Each segment's tasks changed by the segment's own Δ, and every fifth segment was added
// whole, so every bar of a segment has one diff colour. Before also ran a task every 89 µs that
// After lost (ghosts a pixel or so apart at full view).
enum class DiffKind {
    Segments,
    PerFunction, // the task set changed: two functions alternate by segment, bars take their mean Δ
    Scattered,   // also every 97th task added, inside the segments
};
constexpr int kDiffSegment = 2000;
constexpr int kDiffTasks = 40000;

struct DiffPair
{
    Capture before;
    Capture after;
    TaskDiff diff;
};

DiffPair diffPair(DiffKind kind)
{
    DiffPair d;
    auto lanes = [](Capture &c) {
        Lane lane;
        lane.group = QStringLiteral("AICore");
        lane.name = QStringLiteral("AIV_0");
        lane.kind = LaneKind::Worker;
        lane.laneSource = 0;
        c.lanes = {lane};
    };
    lanes(d.before);
    lanes(d.after);
    auto row = [](double startUs, double endUs, int funcId) {
        TaskRow r;
        r.coreId = 0;
        r.coreType = CoreType::Aiv;
        r.funcId = funcId;
        r.startUs = startUs;
        r.endUs = endUs;
        return r;
    };
    double t = 0;
    for (int i = 0; i < kDiffTasks; ++i) {
        const int segment = i / kDiffSegment;
        if (i > 0 && i % kDiffSegment == 0)
            t += 2000;
        const int funcId = kind == DiffKind::PerFunction ? segment % 2 : 0;
        // Every After bar equally long: the first bar of a run stands for it, on either path.
        d.after.rows.push_back(row(t, t + 1, funcId));
        d.after.lanes[0].slices.push_back(Slice{t, t + 1, std::uint32_t(i), std::uint32_t(funcId + 1), 0, 0});
        d.before.rows.push_back(row(t, t + 1 - 0.04 * (segment - 10), funcId)); // Δ -0.4 .. +0.36 µs
        t += 1;
    }
    TaskDiff &diff = d.diff;
    diff.afterToBefore.assign(kDiffTasks, kNoRow);
    if (kind == DiffKind::PerFunction) {
        diff.matchBy = DiffMatch::Function;
        for (int f = 0; f < 2; ++f) {
            FunctionDelta delta;
            delta.funcId = f;
            delta.beforeRows = delta.afterRows = kDiffTasks / 2;
            delta.meanDeltaUs = f == 0 ? -0.3 : 0.3;
            diff.byFunction.push_back(delta);
        }
        return d;
    }
    for (int i = 0; i < kDiffTasks; ++i) {
        const bool added = i / kDiffSegment % 5 == 3 || (kind == DiffKind::Scattered && i % 97 == 0);
        diff.afterToBefore[std::size_t(i)] = added ? kNoRow : std::uint32_t(i);
        diff.matchedRows += added ? 0 : 1;
    }
    for (double lost = 0.3; lost < t; lost += 89) {
        diff.removed.push_back(std::uint32_t(d.before.rows.size()));
        d.before.rows.push_back(row(lost, lost + 2, 0));
    }
    diff.addedRows = std::size_t(kDiffTasks) - diff.matchedRows;
    diff.removedRows = diff.removed.size();
    return d;
}

} // namespace

class TestTimelinePainter : public QObject
{
    Q_OBJECT

private slots:
    void drawsBarsAtTheirTimes_data()
    {
        QTest::addColumn<int>("x");
        QTest::addColumn<int>("y");
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("coloured");
        QTest::newRow("QK start (t=105)") << kHeader + 105 << kLane0BarY << "QK" << true;
        QTest::newRow("QK end (t=295)") << kHeader + 295 << kLane0BarY << "QK" << true;
        QTest::newRow("before QK (t=95)") << kHeader + 95 << kLane0BarY << "QK" << false;
        QTest::newRow("between QK and SV (t=400)") << kHeader + 400 << kLane0BarY << "QK" << false;
        QTest::newRow("between QK and SV, SV colour") << kHeader + 400 << kLane0BarY << "SV" << false;
        QTest::newRow("SV (t=505)") << kHeader + 505 << kLane0BarY << "SV" << true;
        QTest::newRow("after SV (t=605)") << kHeader + 605 << kLane0BarY << "SV" << false;
        QTest::newRow("long slice from before t0 (t=5)") << kHeader + 5 << kLane1BarY << "LONG" << true;
        QTest::newRow("long slice end (t=145)") << kHeader + 145 << kLane1BarY << "LONG" << true;
        QTest::newRow("after long slice (t=155)") << kHeader + 155 << kLane1BarY << "LONG" << false;
        QTest::newRow("no bar in the header") << kHeader - 5 << kLane1BarY << "LONG" << false;
        QTest::newRow("no bar in another lane") << kHeader + 200 << kLane1BarY << "QK" << false;
    }
    void drawsBarsAtTheirTimes()
    {
        QFETCH(int, x);
        QFETCH(int, y);
        QFETCH(QString, name);
        QFETCH(bool, coloured);
        const Capture c = twoLaneCapture();
        TimelinePainter painter;
        const QImage image = render(painter, c, viewport(0, 1000));
        QCOMPARE(image.pixel(x, y) == colourOf(c, name), coloured);
    }

    void paintsEveryPixel()
    {
        const Capture c = twoLaneCapture();
        TimelinePainter painter;
        const QImage image = render(painter, c, viewport(0, 1000));
        for (int y = 0; y < image.height(); y += 3) {
            for (int x = 0; x < image.width(); x += 3)
                QVERIFY2(image.pixel(x, y) != qRgb(255, 0, 255),
                         qPrintable(QStringLiteral("%1,%2").arg(x).arg(y)));
        }
    }

    void drawsNothingOutsideTheRange()
    {
        const Capture c = twoLaneCapture();
        TimelinePainter painter;
        // [550, 1550]: only SV's last 50 µs (x 200..250) are visible; QK and LONG are not.
        TimelinePaintOptions noLabels; // so that text does not hide bar pixels
        noLabels.drawLabels = false;
        const QImage image = render(painter, c, viewport(550, 1550), noLabels);
        QCOMPARE(countPixels(image, kLane0BarY, 0, kWidth, colourOf(c, QStringLiteral("QK"))), 0);
        QCOMPARE(countPixels(image, kLane1BarY, 0, kWidth, colourOf(c, QStringLiteral("LONG"))), 0);
        // SV covers x 200..249; the last bar pixel column may be left as a separator gap.
        const int sv = countPixels(image, kLane0BarY, 0, kWidth, colourOf(c, QStringLiteral("SV")));
        QVERIFY2(sv >= 49 && sv <= 50, qPrintable(QString::number(sv)));
        QCOMPARE(countPixels(image, kLane0BarY, 0, kHeader, colourOf(c, QStringLiteral("SV"))), 0);
        QCOMPARE(painter.stats().rectsDrawn, 1);
    }

    void labelsWideBars()
    {
        const Capture c = twoLaneCapture();
        TimelinePainter painter;
        render(painter, c, viewport(0, 1000));
        QCOMPARE(painter.stats().labelsDrawn, 3); // QK 200 px, SV 100 px, LONG 150 px
        TimelinePaintOptions noLabels;
        noLabels.drawLabels = false;
        render(painter, c, viewport(0, 1000), noLabels);
        QCOMPARE(painter.stats().labelsDrawn, 0);
        // Zoomed out 100x every bar is a few pixels wide: no room for text.
        render(painter, c, viewport(0, 100000));
        QCOMPARE(painter.stats().labelsDrawn, 0);
    }

    void hidesCollapsedGroups()
    {
        const Capture c = twoLaneCapture();
        TimelinePainter painter;
        TimelinePaintOptions options;
        options.collapsedGroups.insert(QStringLiteral("AICore"));
        const QImage image = render(painter, c, viewport(0, 1000), options);
        QCOMPARE(painter.stats().lanesDrawn, 0);
        QCOMPARE(painter.stats().rectsDrawn, 0);
        QCOMPARE(countPixels(image, kLane0BarY, kHeader, kWidth, colourOf(c, QStringLiteral("QK"))), 0);
    }

    void drawsInstantsAsMarkers()
    {
        Capture c;
        const std::uint32_t mark = c.strings.intern(QStringLiteral("mark"));
        Lane lane = traceLane(QStringLiteral("AICore"), QStringLiteral("AIC_0"));
        lane.slices = {slice(700, 700, mark, 0, Slice::Instant), slice(700.2, 700.2, mark, 0, Slice::Instant),
                       slice(900, 900, mark, 0, Slice::Instant)};
        c.lanes = {lane};
        TimelinePainter painter;
        const QImage image = render(painter, c, viewport(0, 1000));
        // 700 and 700.2 share a pixel column: one marker.
        QCOMPARE(painter.stats().markersDrawn, 2);
        QCOMPARE(painter.stats().rectsDrawn, 0);
        QCOMPARE(image.pixel(kHeader + 700, kLane0BarY), colourOf(c, QStringLiteral("mark")));
        QVERIFY(image.pixel(kHeader + 800, kLane0BarY) != colourOf(c, QStringLiteral("mark")));
    }

    void drawsNestedLevelsAsSubRows()
    {
        Capture c;
        const std::uint32_t outer = c.strings.intern(QStringLiteral("outer"));
        const std::uint32_t inner = c.strings.intern(QStringLiteral("inner"));
        Lane lane = traceLane(QStringLiteral("AICore"), QStringLiteral("AIC_0"));
        lane.maxDepth = 1;
        lane.slices = {slice(100, 500, outer, 0), slice(200, 300, inner, 1)};
        c.lanes = {lane};
        TimelinePainter painter;
        const QImage image = render(painter, c, viewport(0, 1000));
        // Level 1 sits one 18 px row below level 0 (probes stay clear of the centred labels).
        QCOMPARE(image.pixel(kHeader + 210, kLane0BarY), colourOf(c, QStringLiteral("outer")));
        QCOMPARE(image.pixel(kHeader + 210, kLane0BarY + 18), colourOf(c, QStringLiteral("inner")));
        QVERIFY(image.pixel(kHeader + 400, kLane0BarY + 18) != colourOf(c, QStringLiteral("inner")));
        QCOMPARE(image.pixel(kHeader + 400, kLane0BarY), colourOf(c, QStringLiteral("outer")));
    }

    void drawsCountersAsSteps()
    {
        Capture c;
        c.lanes = {traceLane(QStringLiteral("AICPU Scheduler"), QStringLiteral("Sched_0"))};
        CounterTrack queue;
        queue.group = QStringLiteral("AICPU Scheduler");
        queue.name = QStringLiteral("shared_ready_queue");
        queue.timesUs = {0, 200, 600, 1000};
        queue.values = {0, 10, 5, 5};
        c.counters = {queue};
        TimelinePainter painter;
        const QImage image = render(painter, c, viewport(0, 1000));
        QCOMPARE(painter.stats().counterPoints, 4);
        // Counter row: heading 24 + lane 22 -> top at 28 + 46 = 74, 40 px high; values 0..10 map to
        // y 110..79. At t = 130 the value is 0 (nothing above the baseline), at t = 430 it is 10, at
        // t = 830 it is 5 (y 94.5). Probes avoid the grid lines at round times.
        const int probeY = 100;
        const QRgb background = image.pixel(kHeader + 130, probeY);
        QVERIFY(image.pixel(kHeader + 430, probeY) != background);
        QVERIFY(image.pixel(kHeader + 830, probeY) != background);
        QCOMPARE(image.pixel(kHeader + 830, 84), image.pixel(kHeader + 130, 84));
        QVERIFY(image.pixel(kHeader + 430, 84) != image.pixel(kHeader + 130, 84));
    }

    void levelOfDetailBoundsRectangles_data()
    {
        QTest::addColumn<int>("levels");
        QTest::addColumn<bool>("overlapping");
        QTest::newRow("one level") << 1 << false;
        QTest::newRow("two nested levels") << 2 << false;
        QTest::newRow("overlapping slices") << 1 << true;
    }
    void levelOfDetailBoundsRectangles()
    {
        QFETCH(int, levels);
        QFETCH(bool, overlapping);
        constexpr int kSlices = 1000000;
        const Capture c = denseCapture(kSlices, levels, overlapping);
        TimelinePainter painter;
        const TimelineViewport vp = viewport(-10, kSlices + 10);
        const QImage image = render(painter, c, vp);
        const TimelinePaintStats &stats = painter.stats();
        QVERIFY2(stats.rectsDrawn > 0, "the lane must not disappear");
        QCOMPARE_LE(stats.maxRectsInLane, std::int64_t(vp.plotWidth()) * levels);
        QCOMPARE_LE(stats.rectsDrawn, std::int64_t(vp.plotWidth()) * levels);
        if (!overlapping) {
            // Jumping over merged runs: a few slices per pixel column, not a million.
            QCOMPARE_LE(stats.slicesVisited, std::int64_t(vp.plotWidth()) * levels * 4);
        }
        // The whole lane is covered: the middle of the plot is not background.
        QVERIFY(image.pixel(kHeader + 517, kLane0BarY - 8) != image.pixel(kHeader + 517, kLane0BarY - 20));
    }

    // Zoomed far out a level is drawn from its time buckets: the same pixels as from its slices,
    // read from a few thousand buckets instead of a million slices.
    void levelSummariesDrawTheSameBars_data()
    {
        QTest::addColumn<double>("gapEvery");  // a long idle gap after every this many slices
        QTest::addColumn<double>("viewStart"); // the visible range
        QTest::addColumn<double>("viewEnd");
        QTest::addColumn<bool>("fromBuckets"); // whether this view is drawn from the buckets
        QTest::newRow("full view") << 0.0 << -10.0 << 200010.0 << true;
        QTest::newRow("full view with idle gaps") << 20000.0 << -10.0 << 290010.0 << true;
        QTest::newRow("half the span") << 20000.0 << 60000.0 << 190000.0 << true;
        QTest::newRow("zoomed in: slices") << 20000.0 << 1000.0 << 1400.0 << false;
    }
    void levelSummariesDrawTheSameBars()
    {
        QFETCH(double, gapEvery);
        QFETCH(double, viewStart);
        QFETCH(double, viewEnd);
        QFETCH(bool, fromBuckets);
        // 200 000 back-to-back slices of one kernel, 1 µs each, with 10 000 µs idle after every
        // `gapEvery` of them: runs wide enough to be told apart, every slice the same colour.
        Capture c;
        const std::uint32_t a = c.strings.intern(QStringLiteral("A"));
        Lane lane = traceLane(QStringLiteral("Dense"), QStringLiteral("many"));
        double t = 0;
        for (int i = 0; i < 200000; ++i) {
            if (gapEvery > 0 && i > 0 && i % int(gapEvery) == 0)
                t += 10000;
            lane.slices.push_back(slice(t, t + 1, a));
            t += 1;
        }
        c.lanes = {std::move(lane)};
        const TimelineViewport vp = viewport(viewStart, viewEnd);
        TimelinePainter summarised;
        const QImage fromSummaries = render(summarised, c, vp);
        TimelinePaintOptions slicesOnly;
        slicesOnly.useLevelSummaries = false;
        TimelinePainter plain;
        const QImage fromSlices = render(plain, c, vp, slicesOnly);
        QCOMPARE(summarised.stats().bucketsVisited > 0, fromBuckets);
        QCOMPARE(summarised.stats().slicesVisited == 0, fromBuckets);
        QCOMPARE(plain.stats().bucketsVisited, std::int64_t(0));
        QVERIFY(plain.stats().slicesVisited > 0);
        QCOMPARE(summarised.stats().rectsDrawn, plain.stats().rectsDrawn);
        QCOMPARE(fromSummaries, fromSlices);
        QVERIFY(countPixels(fromSummaries, kLane0BarY - 8, kHeader, kWidth,
                            colourOf(c, QStringLiteral("A"))) > 0);
    }

    // The Diff view colours every After bar through the colour hook. Zoomed out, a level is drawn
    // from its summary's buckets, whose longest slice is a copy: it still takes its own diff colour,
    // and the frame equals the one walked slice by slice. (Each segment's bars share a colour: a
    // run of buckets may merge bars the slice walk keeps a column apart, and then stands for them
    // with another of its bars, in either colour mode.)
    void diffColoursFromLevelSummaries_data()
    {
        QTest::addColumn<bool>("perFunction");
        QTest::addColumn<double>("viewStart");
        QTest::addColumn<double>("viewEnd");
        QTest::addColumn<bool>("fromBuckets");
        const double span = kDiffTasks + (kDiffTasks / kDiffSegment - 1) * 2000.0;
        QTest::newRow("full view") << false << -10.0 << span + 10 << true;
        // Starting inside segment 5, past its first bucket.
        QTest::newRow("later part") << false << 5.0 * 2 * kDiffSegment + 500 << span + 10 << true;
        QTest::newRow("zoomed in: slices")
            << false << 4.0 * 2 * kDiffSegment << 4.0 * 2 * kDiffSegment + 300 << false;
        QTest::newRow("per function") << true << -10.0 << span + 10 << true;
    }
    void diffColoursFromLevelSummaries()
    {
        QFETCH(bool, perFunction);
        QFETCH(double, viewStart);
        QFETCH(double, viewEnd);
        QFETCH(bool, fromBuckets);
        const DiffPair d = diffPair(perFunction ? DiffKind::PerFunction : DiffKind::Segments);
        const auto colouring = std::make_shared<DiffColouring>(d.before, d.after, d.diff);
        TimelinePaintOptions options;
        options.colourHook = colouring;
        options.drawLabels = false;
        const TimelineViewport vp = viewport(viewStart, viewEnd);
        TimelinePainter summarised;
        const QImage fromSummaries = render(summarised, d.after, vp, options);
        options.useLevelSummaries = false;
        TimelinePainter plain;
        const QImage fromSlices = render(plain, d.after, vp, options);
        QCOMPARE(summarised.stats().bucketsVisited > 0, fromBuckets);
        QCOMPARE(fromSummaries, fromSlices);

        // Each visible segment in the colour of the first of its bars in view.
        QSet<QRgb> colours;
        for (int segment = 0; segment < kDiffTasks / kDiffSegment; ++segment) {
            const double startUs = segment * 2.0 * kDiffSegment;
            const double firstUs = std::max(startUs, std::ceil(viewStart));
            const double midUs = (firstUs + std::min(startUs + kDiffSegment, viewEnd)) / 2;
            if (firstUs >= startUs + kDiffSegment || firstUs >= viewEnd)
                continue;
            const int x = int(vp.xOf(midUs));
            const auto firstRow = std::size_t(segment * kDiffSegment + (firstUs - startUs));
            QCOMPARE(fromSummaries.pixel(x, kLane0BarY), colouring->rowColour(firstRow));
            colours.insert(fromSummaries.pixel(x, kLane0BarY));
        }
        QVERIFY(!colours.isEmpty());
        if (!perFunction && viewEnd - viewStart > 10000) {
            QVERIFY(colours.contains(DiffColourScale::added()));
            QCOMPARE_GE(colours.size(), 8); // the Δ steps of the segments, not one function colour
        }
    }

    // Into an image the Diff view's solid marks (merged or narrow ghosts and added bars) are
    // written directly; through QPainter (any other device) they are filled: the same pixels.
    void diffOverlayDirectAndPainterPathsAgree_data()
    {
        QTest::addColumn<double>("viewStart");
        QTest::addColumn<double>("viewEnd");
        QTest::addColumn<int>("scale");
        const double span = kDiffTasks + (kDiffTasks / kDiffSegment - 1) * 2000.0;
        QTest::newRow("full view: dense marks") << -10.0 << span + 10 << 1;
        QTest::newRow("full view, 2x") << -10.0 << span + 10 << 2;
        QTest::newRow("a segment: merged and single") << 7900.0 << 10100.0 << 1;
        QTest::newRow("zoomed in: outlined and hatched") << 8040.0 << 8240.0 << 1;
        QTest::newRow("zoomed in, 2x") << 8040.0 << 8240.0 << 2;
    }
    void diffOverlayDirectAndPainterPathsAgree()
    {
        QFETCH(double, viewStart);
        QFETCH(double, viewEnd);
        QFETCH(int, scale);
        const DiffPair d = diffPair(DiffKind::Scattered);
        auto overlay = std::make_shared<DiffOverlay>(d.before, d.after, d.diff);
        overlay->setOffsetUs(0.5); // ghosts off After's bars, so both show
        TimelinePaintOptions options;
        options.colourHook = std::make_shared<DiffColouring>(d.before, d.after, d.diff);
        options.drawLabels = false;
        options.overlays = {overlay};
        TimelineViewport vp = viewport(viewStart, viewEnd);
        vp.headerWidthPx = 0; // names and ruler labels are text, drawn by different routes
        vp.rulerHeightPx = 0;
        // RGB32 images are written directly; RGBX8888 ones only through QPainter.
        auto draw = [&](QImage::Format format) {
            QImage image(QSize(vp.widthPx, vp.heightPx) * scale, format);
            image.setDevicePixelRatio(scale);
            image.fill(Qt::magenta);
            QPainter p(&image);
            TimelinePainter painter;
            painter.paint(p, d.after, vp, options);
            p.end();
            return image.convertToFormat(QImage::Format_RGB32);
        };
        const QImage direct = draw(QImage::Format_RGB32);
        const QImage painted = draw(QImage::Format_RGBX8888);
        const int y = (kLane0BarY - kRuler) * scale; // no ruler here
        const QRgb added = DiffColourScale::addedMark();
        const QRgb removed = DiffColourScale::removedGhost();
        QVERIFY(countPixels(direct, y, 0, direct.width(), added) > 0);
        QVERIFY(countPixels(direct, y, 0, direct.width(), removed) > 0);
        const QString difference = firstDifference(direct, painted);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void levelOfDetailKeepsSeparateBarsWhenZoomedIn()
    {
        const Capture c = denseCapture(1000000, 1, false);
        TimelinePainter painter;
        // [1000, 1010]: 100 px per µs; slices i = 1000 .. 1009 are 10 px wide each; slice 1010 starts
        // on the right edge and has no pixel left.
        render(painter, c, viewport(1000, 1010));
        QCOMPARE(painter.stats().rectsDrawn, 10);
        QCOMPARE_LE(painter.stats().slicesVisited, 12);
    }

    // Raster images take the direct path (bars composed per level, fills written by hand); other
    // devices go through QPainter. Both must give the same pixels. A clip of more than one
    // rectangle turns the direct path off on an otherwise identical image.
    void directAndPainterPathsAgree_data()
    {
        QTest::addColumn<QString>("capture");
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        QTest::addColumn<int>("scale");
        QTest::newRow("workers, all: sub-pixel bars") << "workers" << -5.0 << 2500.0 << 1;
        QTest::newRow("workers, zoomed: heads and gaps") << "workers" << 100.0 << 160.0 << 1;
        QTest::newRow("workers, zoomed, 2x") << "workers" << 100.0 << 160.0 << 2;
        QTest::newRow("workers, half-way, 2x") << "workers" << 0.0 << 700.0 << 2;
        QTest::newRow("dense nested levels") << "dense" << -10.0 << 20010.0 << 1;
        QTest::newRow("two lanes, past the ends") << "two lanes" << -300.0 << 700.0 << 1;
    }
    void directAndPainterPathsAgree()
    {
        QFETCH(QString, capture);
        QFETCH(double, t0);
        QFETCH(double, t1);
        QFETCH(int, scale);
        const Capture c = capture == QLatin1String("workers") ? workerCapture()
                          : capture == QLatin1String("dense") ? denseCapture(20000, 2, false)
                                                              : twoLaneCapture();
        TimelineViewport vp = viewport(t0, t1);
        vp.headerWidthPx = 0; // names and ruler labels are text, drawn by different routes
        vp.rulerHeightPx = 0;
        TimelinePaintOptions options;
        options.drawLabels = false;
        auto draw = [&](bool direct) {
            QImage image(QSize(vp.widthPx, vp.heightPx) * scale, QImage::Format_ARGB32_Premultiplied);
            image.setDevicePixelRatio(scale);
            image.fill(Qt::magenta);
            QPainter p(&image);
            if (!direct)
                p.setClipRegion(QRegion(0, 0, vp.widthPx, vp.heightPx) -
                                QRegion(vp.widthPx - 1, vp.heightPx - 1, 1, 1));
            TimelinePainter painter;
            painter.paint(p, c, vp, options);
            p.end();
            for (int dy = 1; dy <= scale; ++dy) // the last logical pixel is outside the second clip
                for (int dx = 1; dx <= scale; ++dx)
                    image.setPixel(image.width() - dx, image.height() - dy, 0);
            return image;
        };
        const QImage direct = draw(true);
        const QImage painted = draw(false);
        const QString difference = firstDifference(direct, painted);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void paintsOverlaysOverBarsAndOverTheCachedFrame_data()
    {
        QTest::addColumn<bool>("cacheFrames");
        QTest::newRow("direct") << false;
        QTest::newRow("cached") << true;
    }

    void paintsOverlaysOverBarsAndOverTheCachedFrame()
    {
        QFETCH(bool, cacheFrames);
        const Capture c = twoLaneCapture();
        const QRgb band = qRgb(1, 2, 3);
        auto overlay = std::make_shared<BandOverlay>(100, 140, band);
        TimelinePaintOptions options;
        options.cacheFrames = cacheFrames;
        options.overlays = {overlay};
        TimelinePainter painter;
        const TimelineViewport vp = viewport(0, 1000);
        for (int round = 1; round <= 2; ++round) {
            const QImage image = render(painter, c, vp, options);
            QCOMPARE(overlay->paints, round);
            // Lane 1's bars start at y 76: the overlay's 4 px band covers x 300 .. 339 there.
            QCOMPARE(countPixels(image, 77, kHeader + 90, kHeader + 150, band), 40);
            QCOMPARE(countPixels(image, kLane0BarY, kHeader + 90, kHeader + 150, band), 0);
        }
        if (cacheFrames)
            QVERIFY(painter.stats().fromCache);
        // The same bars without the overlay.
        options.overlays.clear();
        QCOMPARE(countPixels(render(painter, c, vp, options), 77, kHeader + 90, kHeader + 150, band), 0);
    }

    void rebuildsItsIndexForAnotherCapture()
    {
        TimelinePainter painter;
        const Capture first = twoLaneCapture();
        QCOMPARE(painter.indexFor(first).extent(), (TimeRange{-200, 600}));
        Capture second = twoLaneCapture();
        second.lanes[0].slices.push_back(slice(2000, 2500, 0));
        QCOMPARE(painter.indexFor(second).extent(), (TimeRange{-200, 2500}));
    }
};

LANESCOPE_TEST_MAIN(TestTimelinePainter)
#include "tst_timelinepainter.moc"
