#include "model/analysis/regionstatistics.h"

#include "analysiscapture.h"

#include <QTest>

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

QTEST_MAIN(TestRegionStatistics)
#include "tst_regionstatistics.moc"
