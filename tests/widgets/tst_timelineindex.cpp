#include "testmain.h"
#include "widgets/render/timelineindex.h"
#include "widgets/style/slicepalette.h"

using namespace lanescope;

namespace {

Slice slice(double start, double end, std::uint8_t depth = 0, std::uint32_t label = 0, std::uint8_t flags = 0)
{
    Slice s;
    s.startUs = start;
    s.endUs = end;
    s.depth = depth;
    s.label = label;
    s.flags = flags;
    return s;
}

// Lane 0, one level: a long slice [0, 10000] followed by 200 short ones [100 + 10i, 105 + 10i]
// (overlapping the long one, so the level is not disjoint).
// Lane 1, two levels: outer [0, 100] and [200, 300] at depth 0, inner [10, 20], [50, 60], [210, 220]
// at depth 1.
Capture indexedCapture()
{
    Capture c;
    Lane overlapping;
    overlapping.name = QStringLiteral("overlapping");
    overlapping.slices.push_back(slice(0, 10000));
    for (int i = 0; i < 200; ++i)
        overlapping.slices.push_back(slice(100 + 10 * i, 105 + 10 * i));
    Lane nested;
    nested.name = QStringLiteral("nested");
    nested.maxDepth = 1;
    nested.slices = {slice(0, 100, 0), slice(10, 20, 1), slice(50, 60, 1), slice(200, 300, 0),
                     slice(210, 220, 1)};
    c.lanes = {overlapping, nested};
    return c;
}

} // namespace

class TestTimelineIndex : public QObject
{
    Q_OBJECT

private slots:
    void splitsLanesIntoLevels()
    {
        const Capture c = indexedCapture();
        const TimelineIndex index(c);
        QCOMPARE(index.levelCount(0), 1);
        QCOMPARE(index.levelCount(1), 2);
        QCOMPARE(index.level(0, 0).size(), std::size_t(201));
        QVERIFY(!index.level(0, 0).isDisjoint());
        QCOMPARE(index.level(1, 0).size(), std::size_t(2));
        QCOMPARE(index.level(1, 1).size(), std::size_t(3));
        QVERIFY(index.level(1, 0).isDisjoint());
        QCOMPARE(index.level(1, 1).sliceIndex(2), std::uint32_t(4));
        QCOMPARE(index.extent(), (TimeRange{0, 10000}));
    }

    void findsSlicesThatStartedEarlier_data()
    {
        QTest::addColumn<int>("lane");
        QTest::addColumn<int>("depth");
        QTest::addColumn<double>("us");
        QTest::addColumn<int>("first");
        // The long slice 0 covers everything: it is always the first candidate.
        QTest::newRow("long slice, late time") << 0 << 0 << 5000.0 << 0;
        QTest::newRow("long slice, at its end") << 0 << 0 << 10000.0 << 0;
        QTest::newRow("past everything") << 0 << 0 << 10001.0 << 201;
        QTest::newRow("nested outer, inside the second") << 1 << 0 << 250.0 << 1;
        QTest::newRow("nested outer, in the gap") << 1 << 0 << 150.0 << 1;
        QTest::newRow("nested inner, after the first") << 1 << 1 << 30.0 << 1;
        QTest::newRow("nested inner, before all") << 1 << 1 << -5.0 << 0;
    }
    void findsSlicesThatStartedEarlier()
    {
        QFETCH(int, lane);
        QFETCH(int, depth);
        QFETCH(double, us);
        QFETCH(int, first);
        const Capture c = indexedCapture();
        const TimelineIndex index(c);
        QCOMPARE(
            index.level(std::size_t(lane), depth).firstEndingAtOrAfter(c.lanes[std::size_t(lane)].slices, us),
            std::size_t(first));
    }

    // The painter's jump over a merged pixel column: the first slice at or after a time, searched
    // from a position on (galloping, then bisecting).
    void findsTheNextSliceToStart_data()
    {
        QTest::addColumn<int>("lane");
        QTest::addColumn<int>("depth");
        QTest::addColumn<double>("us");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("first");
        // Lane 0's level: k = 0 starts at 0, k = i + 1 at 100 + 10i (up to 2090).
        QTest::newRow("from the start, before everything") << 0 << 0 << -1.0 << 0 << 0;
        QTest::newRow("exactly at a start") << 0 << 0 << 300.0 << 0 << 21;
        QTest::newRow("between two starts") << 0 << 0 << 301.0 << 0 << 22;
        QTest::newRow("a step on") << 0 << 0 << 111.0 << 1 << 3;
        QTest::newRow("far on, from the middle") << 0 << 0 << 2000.0 << 50 << 191;
        QTest::newRow("already past it") << 0 << 0 << 150.0 << 100 << 100;
        QTest::newRow("after the last start") << 0 << 0 << 5000.0 << 7 << 201;
        QTest::newRow("from the end") << 0 << 0 << 0.0 << 201 << 201;
        // A nested level holds some of its lane's slices: k counts the level's own.
        QTest::newRow("nested level, between its slices") << 1 << 1 << 30.0 << 0 << 1;
        QTest::newRow("nested level, at its last start") << 1 << 1 << 210.0 << 0 << 2;
        QTest::newRow("nested level, after it") << 1 << 1 << 211.0 << 1 << 3;
    }
    void findsTheNextSliceToStart()
    {
        QFETCH(int, lane);
        QFETCH(int, depth);
        QFETCH(double, us);
        QFETCH(int, from);
        QFETCH(int, first);
        const Capture c = indexedCapture();
        const TimelineIndex index(c);
        QCOMPARE(index.level(std::size_t(lane), depth)
                     .firstStartingAtOrAfter(c.lanes[std::size_t(lane)].slices, us, std::size_t(from)),
                 std::size_t(first));
    }

    void hitsTheSliceUnderATime_data()
    {
        QTest::addColumn<int>("lane");
        QTest::addColumn<int>("depth");
        QTest::addColumn<double>("us");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<int>("expected"); // Lane::slices index, -1 for none
        QTest::newRow("inner slice") << 1 << 1 << 55.0 << 0.0 << 2;
        QTest::newRow("outer slice under the inner") << 1 << 0 << 55.0 << 0.0 << 0;
        QTest::newRow("gap, no tolerance") << 1 << 1 << 35.0 << 0.0 << -1;
        QTest::newRow("gap, near the second") << 1 << 1 << 48.0 << 3.0 << 2;
        QTest::newRow("gap, near the first") << 1 << 1 << 21.0 << 3.0 << 1;
        QTest::newRow("after the last, within tolerance") << 1 << 1 << 221.0 << 2.0 << 4;
        QTest::newRow("no such level") << 1 << 2 << 55.0 << 0.0 << -1;
        // Overlapping level: the short slice started last, so it is the one on top.
        QTest::newRow("short slice over the long one") << 0 << 0 << 102.0 << 0.0 << 1;
        QTest::newRow("long slice between short ones") << 0 << 0 << 107.0 << 0.0 << 0;
    }
    void hitsTheSliceUnderATime()
    {
        QFETCH(int, lane);
        QFETCH(int, depth);
        QFETCH(double, us);
        QFETCH(double, tolerance);
        QFETCH(int, expected);
        const Capture c = indexedCapture();
        const TimelineIndex index(c);
        const auto hit = index.sliceAt(c, std::size_t(lane), depth, us, tolerance);
        QCOMPARE(hit ? int(*hit) : -1, expected);
    }

    void coloursByKindAndFlags()
    {
        Capture c;
        const std::uint32_t complete = c.phaseKinds.intern(QStringLiteral("complete"));
        const std::uint32_t qk = c.strings.intern(QStringLiteral("QK(r1t3)"));
        Lane worker;
        worker.kind = LaneKind::Worker;
        Lane scheduler;
        scheduler.kind = LaneKind::Scheduler;
        Lane trace;
        trace.kind = LaneKind::Trace;
        c.lanes = {worker, scheduler, trace};
        const TimelineIndex index(c);
        QCOMPARE(index.colourOf(c, worker, slice(0, 1, 0, 4)), keyColour(4));
        QCOMPARE(index.colourOf(c, worker, slice(0, 1, 0, 4, Slice::Dummy)), dummyColour());
        QCOMPARE(index.colourOf(c, scheduler, slice(0, 1, 0, complete)), phaseColour(u"complete"));
        // A trace's names take the palette in the order they first appear: QK is the first.
        QCOMPARE(index.colourOf(c, trace, slice(0, 1, 0, qk)), paletteColour(0));
        // An out-of-range string index must not crash.
        QCOMPARE(index.colourOf(c, trace, slice(0, 1, 0, 99)), keyColour(99));
    }

    void paletteIsStable()
    {
        // Neighbouring functions differ; calls of one kernel share a colour; phases keep theirs.
        QVERIFY(keyColour(1) != keyColour(2));
        QCOMPARE(nameColour(u"QK(t0)"), nameColour(u"QK(r2t10)"));
        QCOMPARE(nameColour(u"func_3_d(t5)"), keyColour(4));
        QCOMPARE(nameColour(u"complete(12)"), phaseColour(u"complete"));
        QCOMPARE(phaseColour(u"no_such_phase"), QRgb(0));
        // An AICore Scheduler's bars (supplement §7) look like the AICPU Scheduler's.
        QCOMPARE(nameColour(u"Completion(t3)"), phaseColour(u"complete"));
        QCOMPARE(nameColour(u"Dispatch(t3)"), phaseColour(u"dispatch"));
        QCOMPARE(nameColour(u"Resolve(t3)"), phaseColour(u"resolve"));
        QCOMPARE(nameColour(u"StateProbe(t3)"), phaseColour(u"state_probe"));
        QCOMPARE(nameColour(u"Worksteal(t3)"), phaseColour(u"worksteal"));
        QCOMPARE(nameColour(u"Refill(t3)"), phaseColour(u"refill"));
        QVERIFY(phaseColour(u"bootstrap") != 0 && phaseColour(u"state_probe") != 0);
        QCOMPARE(nameColour(u"some kernel"), nameColour(u"some kernel"));
    }
};

LANESCOPE_TEST_MAIN(TestTimelineIndex)
#include "tst_timelineindex.moc"
