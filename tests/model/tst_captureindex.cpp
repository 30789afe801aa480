#include "model/index/captureindex.h"
#include "model/session/capturedocument.h"
#include "testmain.h"

#include <cmath>

using namespace lanescope;

namespace {

Slice slice(double start, double end, std::uint32_t ref = 0, std::uint8_t depth = 0)
{
    Slice s;
    s.startUs = start;
    s.endUs = end;
    s.ref = ref;
    s.depth = depth;
    return s;
}

TaskRow row(std::uint64_t task, int func, double start, double end, int core = 0)
{
    TaskRow r;
    r.taskId = task;
    r.coreId = core;
    r.funcId = func;
    r.startUs = start;
    r.endUs = end;
    return r;
}

// Rows 0..3 (task 7 has two blocks, rows 1 and 2) on two Worker lanes; a host lane on its own clock
// far before the device bars; one counter track with a negative value.
Capture indexedCapture()
{
    Capture c;
    c.rows = {row(5, 1, 10, 20), row(7, 2, 30, 35), row(7, 2, 30, 50, 1), row(9, 1, 60, 100)};
    Lane core0;
    core0.kind = LaneKind::Worker;
    core0.laneSource = 0;
    core0.slices = {slice(10, 20, 0), slice(30, 35, 1), slice(60, 100, 3)};
    Lane core1;
    core1.kind = LaneKind::Worker;
    core1.laneSource = 1;
    core1.slices = {slice(30, 50, 2)};
    Lane host;
    host.kind = LaneKind::Host;
    host.clockAligned = false;
    host.maxDepth = 1;
    host.slices = {slice(-500, -400), slice(-490, -480, 0, 1)};
    c.lanes = {core0, core1, host};
    CounterTrack counter;
    counter.timesUs = {0, 120};
    counter.values = {-3, 8};
    c.counters = {counter};
    return c;
}

// Bars whose edges are 10, 20, 30 and 100 on two lanes, one nested and overlapping another; an
// instant at 50, which is no edge; a bar at 60-61 on a lane with its own clock, whose times mean
// nothing on the device axis.
Capture edgeCapture()
{
    Capture c;
    Lane a;
    a.kind = LaneKind::Trace;
    a.maxDepth = 1;
    a.slices = {slice(10, 100), slice(20, 30, 0, 1), slice(50, 50)};
    a.slices[2].flags = Slice::Instant;
    Lane b;
    b.kind = LaneKind::Trace;
    b.slices = {slice(10, 20), slice(20, 30)}; // sharing edges with lane a, and with each other
    Lane own;
    own.kind = LaneKind::Host;
    own.clockAligned = false;
    own.slices = {slice(60, 61)};
    c.lanes = {a, b, own};
    return c;
}

} // namespace

// The bar index and the task lookup of the model (model/index/), and the document that builds
// them once per run.
class TestCaptureIndex : public QObject
{
    Q_OBJECT

private slots:
    void extentSpansEverythingAlignedOnlyTheDeviceClock()
    {
        const Capture c = indexedCapture();
        const BarIndex bars(c);
        QCOMPARE(bars.extent(), (TimeRange{-500, 120}));
        // The host lane runs on its own clock: it does not widen the device extent; counters do.
        QCOMPARE(bars.alignedExtent(), (TimeRange{0, 120}));
        QCOMPARE(bars.counterRange(0), (std::pair<double, double>{-3, 8}));
        QCOMPARE(bars.laneCount(), std::size_t(3));
        QCOMPARE(bars.levelCount(2), 2);
    }

    void emptyCaptureStillHasAVisibleExtent()
    {
        const Capture c;
        const BarIndex bars(c);
        QCOMPARE(bars.extent(), (TimeRange{0, 1}));
        QCOMPARE(bars.alignedExtent(), bars.extent());
    }

    void findsSlicesByTime_data()
    {
        QTest::addColumn<int>("lane");
        QTest::addColumn<double>("us");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<int>("expected"); // -1: none

        QTest::newRow("inside") << 0 << 15.0 << 0.0 << 0;
        QTest::newRow("gap, no tolerance") << 0 << 25.0 << 0.0 << -1;
        QTest::newRow("gap, nearest within tolerance") << 0 << 28.0 << 3.0 << 1;
        QTest::newRow("other lane") << 1 << 40.0 << 0.0 << 0;
        QTest::newRow("after the last") << 0 << 101.0 << 0.5 << -1;
    }
    void findsSlicesByTime()
    {
        QFETCH(int, lane);
        QFETCH(double, us);
        QFETCH(double, tolerance);
        QFETCH(int, expected);
        const Capture c = indexedCapture();
        const BarIndex bars(c);
        const auto hit = bars.sliceAt(c, std::size_t(lane), 0, us, tolerance);
        QCOMPARE(hit ? int(*hit) : -1, expected);
    }

    // Region snapping's edges: the nearest bar start or end within the tolerance, on the device
    // clock, the earlier on a tie; never an instant.
    void findsTheNearestBarEdge_data()
    {
        QTest::addColumn<double>("at");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<double>("expected"); // NaN: no edge
        const double none = std::nan("");
        QTest::newRow("exactly on an edge") << 20.0 << 2.0 << 20.0;
        QTest::newRow("just after an edge") << 21.5 << 2.0 << 20.0;
        QTest::newRow("just before an edge") << 28.5 << 2.0 << 30.0;
        QTest::newRow("nearer of two") << 24.0 << 6.0 << 20.0;
        QTest::newRow("tie goes earlier") << 25.0 << 6.0 << 20.0;
        QTest::newRow("too far") << 70.0 << 2.0 << none;
        QTest::newRow("at the tolerance") << 32.0 << 2.0 << 30.0;
        QTest::newRow("before the first edge") << 9.0 << 2.0 << 10.0;
        QTest::newRow("after the last edge") << 101.0 << 2.0 << 100.0;
        QTest::newRow("inside a long bar, far from its ends") << 65.0 << 2.0 << none;
        QTest::newRow("an instant is not an edge") << 50.5 << 2.0 << none;
        QTest::newRow("another clock's bar is not an edge") << 60.5 << 2.0 << none;
        QTest::newRow("zero tolerance") << 20.0 << 0.0 << none;
        QTest::newRow("not a number") << none << 2.0 << none;
    }
    void findsTheNearestBarEdge()
    {
        QFETCH(double, at);
        QFETCH(double, tolerance);
        QFETCH(double, expected);
        const Capture c = edgeCapture();
        const BarIndex bars(c);
        const std::optional<double> got = bars.nearestEdge(c, at, tolerance);
        QCOMPARE(got.has_value(), !std::isnan(expected));
        if (got)
            QCOMPARE(*got, expected);
    }

    void locatesTheBarsOfTasks()
    {
        const Capture c = indexedCapture();
        const TaskLocator tasks(c);
        QCOMPARE(tasks.barOfRow(c, 3), (SliceRef{0, 2}));
        QCOMPARE(tasks.barOfRow(c, 2), (SliceRef{1, 0}));
        QVERIFY(!tasks.barOfRow(c, 99).isValid());
        QVERIFY(!tasks.barOfRow(c, 3, LaneKind::SchedulerView).isValid()); // no AICPU timing
        QCOMPARE(tasks.barsOfTask(c, 7), (std::vector<SliceRef>{{0, 1}, {1, 0}}));
        QVERIFY(tasks.barsOfTask(c, 8).empty());
        QCOMPARE(tasks.longestOfFunction(c, 1), (SliceRef{0, 2})); // 40 µs against 10 µs
        QVERIFY(!tasks.longestOfFunction(c, 42).isValid());
    }

    void indexForReusesOnlyAnIndexOfTheSameCapture()
    {
        const Capture a = indexedCapture();
        const Capture b = indexedCapture();
        const CaptureIndexPtr ofA = indexFor(a);
        QVERIFY(ofA->bars.isFor(a));
        QCOMPARE(indexFor(a, ofA), ofA);
        const CaptureIndexPtr ofB = indexFor(b, ofA); // equal content, another capture
        QVERIFY(ofB != ofA);
        QVERIFY(ofB->bars.isFor(b));
        QVERIFY(!ofB->bars.isFor(a));
    }

    void documentBuildsOneIndexPerRun()
    {
        const OpenedDocument opened = openDocument(QStringLiteral(LANESCOPE_FIXTURES "/runs/two-runs"));
        QVERIFY(opened.ok());
        const CaptureDocument &document = *opened.document;
        QCOMPARE(document.runs.runs.size(), std::size_t(2));
        QCOMPARE(document.indexes.size(), std::size_t(2));
        for (const auto &run : document.runs.runs) {
            const CaptureIndexPtr index = document.indexOf(*run);
            QCOMPARE(index, document.indexes.at(run.get()));
            QVERIFY(index->bars.isFor(*run));
            // Built after the derived tracks were appended: every counter has its range.
            QCOMPARE(index->bars.extent(), BarIndex(*run).extent());
            for (std::size_t k = 0; k < run->counters.size(); ++k)
                QCOMPARE(index->bars.counterRange(k), BarIndex(*run).counterRange(k));
        }
        // Any other capture (the "All runs" view) gets one of its own.
        const Capture other = indexedCapture();
        const CaptureIndexPtr fallback = document.indexOf(other);
        QVERIFY(fallback->bars.isFor(other));
    }
};

LANESCOPE_TEST_MAIN(TestCaptureIndex)
#include "tst_captureindex.moc"
