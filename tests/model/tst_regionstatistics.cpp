#include "model/analysis/regionstatistics.h"

#include "analysiscapture.h"
#include "testmain.h"

using namespace lanescope;

namespace {

Slice bar(double start, double end, std::uint8_t depth = 0, std::uint8_t flags = 0)
{
    Slice s;
    s.startUs = start;
    s.endUs = end;
    s.depth = depth;
    s.flags = flags;
    return s;
}

Lane workerLane(int core, std::vector<Slice> slices)
{
    Lane lane;
    lane.group = QStringLiteral("AICore");
    lane.kind = LaneKind::Worker;
    lane.laneSource = core;
    lane.name = QStringLiteral("core %1").arg(core);
    lane.slices = std::move(slices);
    return lane;
}

// Core 0 (AIC) runs task 1 [10, 30] and task 2 [40, 60]; core 1 (AIV) runs task 2's other block
// [45, 90] and task 3 [100, 120]; a host lane on its own clock is left out.
Capture sample()
{
    Capture c = captureOf({row(1, 0, AIC, 5, 10, 30, 31), row(2, 0, AIC, 35, 40, 60, 61),
                           row(2, 1, AIV, 35, 45, 90, 91), row(3, 1, AIV, 95, 100, 120, 121)},
                          {{1, 2}, {2, 3}});
    c.info.coreTypes = {CoreType::Aic, CoreType::Aiv};
    c.lanes = {workerLane(0, {bar(10, 30), bar(40, 60)}), workerLane(1, {bar(45, 90), bar(100, 120)})};
    Lane host;
    host.group = QStringLiteral("Host");
    host.name = QStringLiteral("host");
    host.kind = LaneKind::Host;
    host.clockAligned = false;
    host.slices = {bar(0, 1000)};
    c.lanes.push_back(host);
    return c;
}

} // namespace

class TestRegionStatistics : public QObject
{
    Q_OBJECT

private slots:
    void laneBusyClipsAndMerges_data()
    {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<double>("busy");
        // Lane: [10, 30], nested [12, 20] (depth 1), [25, 50] overlapping, instant at 70, [80, 90].
        QTest::newRow("whole lane") << 0.0 << 100.0 << 50.0;
        QTest::newRow("inside one run") << 15.0 << 45.0 << 30.0;
        QTest::newRow("clipped both sides") << 40.0 << 85.0 << 15.0;
        QTest::newRow("only the gap") << 55.0 << 78.0 << 0.0;
        QTest::newRow("instant does not count") << 69.0 << 71.0 << 0.0;
        QTest::newRow("empty range") << 20.0 << 20.0 << 0.0;
        QTest::newRow("reversed range") << 50.0 << 10.0 << 0.0;
    }
    void laneBusyClipsAndMerges()
    {
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(double, busy);
        Lane lane = workerLane(
            0, {bar(10, 30), bar(12, 20, 1), bar(25, 50), bar(70, 70, 0, Slice::Instant), bar(80, 90)});
        QCOMPARE(laneBusyUs(lane, from, to), busy);
    }

    void countsTasksByTheirFoldedEdges_data()
    {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<int>("started");
        QTest::addColumn<int>("ended");
        QTest::addColumn<int>("running");
        // Folded tasks: 1 [10, 30], 2 [40, 90], 3 [100, 120].
        QTest::newRow("everything") << 0.0 << 200.0 << 3 << 3 << 3;
        QTest::newRow("task 2 starts, 1 ends") << 20.0 << 50.0 << 1 << 1 << 2;
        QTest::newRow("inside task 2 only") << 50.0 << 80.0 << 0 << 0 << 1;
        QTest::newRow("end is exclusive") << 30.0 << 40.0 << 0 << 1 << 0;
        QTest::newRow("empty") << 50.0 << 50.0 << 0 << 0 << 0;
    }
    void countsTasksByTheirFoldedEdges()
    {
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(int, started);
        QFETCH(int, ended);
        QFETCH(int, running);
        const Capture c = sample();
        const RegionStatistics s = regionStatistics(c, {from, to});
        QVERIFY(s.countsTasks);
        QCOMPARE(int(s.started), started);
        QCOMPARE(int(s.ended), ended);
        QCOMPARE(int(s.running), running);
    }

    void busyPerLaneAndEngine()
    {
        const Capture c = sample();
        const RegionStatistics s = regionStatistics(c, {20, 70});
        QCOMPARE(s.durationUs, 50.0);
        // The host lane runs on its own clock: not part of the region.
        QCOMPARE(s.lanes.size(), std::size_t(2));
        QCOMPARE(s.lanes[0].lane, 0);
        QCOMPARE(s.lanes[0].busyUs, 30.0); // [20, 30] + [40, 60]
        QCOMPARE(s.lanes[0].busyPct, 60.0);
        QCOMPARE(s.lanes[1].busyUs, 25.0); // [45, 70]
        QCOMPARE(s.lanes[1].busyPct, 50.0);
        QCOMPARE(s.engines[0].lanes, 1);
        QCOMPARE(s.engines[0].busyPct, 60.0);
        QCOMPARE(s.engines[1].lanes, 1);
        QCOMPARE(s.engines[1].busyPct, 50.0);
    }

    // A lane moved by -s for s in the band: the least and most busy time the region can hold.
    void busyRangeOverAPlacementBand_data()
    {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<double>("least");
        QTest::addColumn<double>("most");
        // Lane: [10, 30] and [50, 60].
        QTest::newRow("bar inside at every shift") << 0.0 << 40.0 << 0.0 << 5.0 << 20.0 << 20.0;
        // Region [25, 45] moved by s in [0, 10]: [10,30] gives 5 - s, [50,60] gives max(0, s - 5).
        QTest::newRow("one leaves, one enters") << 25.0 << 45.0 << 0.0 << 10.0 << 0.0 << 5.0;
        // Region [30, 50] moved by s in [-10, 10]: max over s of (−s)⁺ + (s)⁺ = 10 at either end.
        QTest::newRow("symmetric band") << 30.0 << 50.0 << -10.0 << 10.0 << 0.0 << 10.0;
        // Region [35, 45] moved by s in [-30, 10]: 5 µs busy at either end of the band, but 10 at
        // s = -20 (inside [10, 30]) and 0 at s = 0 (in the gap): both extremes lie strictly inside.
        QTest::newRow("extremes inside the band") << 35.0 << 45.0 << -30.0 << 10.0 << 0.0 << 10.0;
    }
    void busyRangeOverAPlacementBand()
    {
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(double, least);
        QFETCH(double, most);
        const Lane lane = workerLane(0, {bar(10, 30), bar(50, 60)});
        const auto [gotLeast, gotMost] = laneBusyRangeUs(lane, from, to, low, high);
        QCOMPARE(gotLeast, least);
        QCOMPARE(gotMost, most);
    }

    // Host lanes placed with a band carry their busy range; device lanes and unplaced ones do not.
    void placedHostLanesCarryTheirRange()
    {
        Capture c = sample();
        c.lanes.back().clockAligned = true;
        c.lanes.back().hostClock = true;
        c.lanes.back().slices = {bar(60, 75)};
        c.info.hostPlacement.method = HostPlacement::Method::Containment;
        c.info.hostPlacement.lowUs = 0;
        c.info.hostPlacement.highUs = 10;
        const RegionStatistics s = regionStatistics(c, {20, 70});
        QCOMPARE(s.lanes.size(), std::size_t(3));
        QVERIFY(!s.lanes[0].busyRangeUs);
        QVERIFY(s.lanes[2].busyRangeUs);
        QCOMPARE(s.lanes[2].busyUs, 10.0); // [60, 70]
        // Moved earlier by up to 10 µs, [50, 65] lies wholly inside [20, 70].
        QCOMPARE(s.lanes[2].busyRangeUs->first, 10.0);
        QCOMPARE(s.lanes[2].busyRangeUs->second, 15.0);
        c.info.hostPlacement.highUs = 0; // an exact placement has no range
        QVERIFY(!regionStatistics(c, {20, 70}).lanes[2].busyRangeUs);
    }

    void engineOfALane()
    {
        Capture c = sample();
        QCOMPARE(laneEngine(c, c.lanes[0]), 0);
        QCOMPARE(laneEngine(c, c.lanes[1]), 1);
        QCOMPARE(laneEngine(c, c.lanes[2]), -1);
        Lane trace;
        trace.kind = LaneKind::Trace;
        trace.name = QStringLiteral("AIV_3");
        QCOMPARE(laneEngine(c, trace), 1);
        trace.name = QStringLiteral("Sched_0");
        QCOMPARE(laneEngine(c, trace), -1);
    }

    void tracesCountAicoreBars()
    {
        Capture c;
        Lane aic;
        aic.kind = LaneKind::Trace;
        aic.name = QStringLiteral("AIC_0");
        aic.slices = {bar(0, 10), bar(20, 30), bar(22, 25, 1)};
        Lane other;
        other.kind = LaneKind::Trace;
        other.name = QStringLiteral("python");
        other.slices = {bar(0, 100)};
        c.lanes = {aic, other};
        const RegionStatistics s = regionStatistics(c, {5, 25});
        QVERIFY(!s.countsTasks);
        QCOMPARE(int(s.started), 1); // the nested bar and the other lane do not count
        QCOMPARE(int(s.ended), 1);
        QCOMPARE(s.engines[0].busyUs, 10.0);
        QCOMPARE(s.lanes[1].busyPct, 100.0);
    }
};

LANESCOPE_TEST_MAIN(TestRegionStatistics)
#include "tst_regionstatistics.moc"
