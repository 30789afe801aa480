// span_containment_v1 (upstream §2.2–2.8) on small hand-computed inputs: f = 1 GHz, so a cycle is
// a nanosecond and every number below can be followed with the formulas of §2.4 and §2.5.
#include "model/io/placement/containmentplacement.h"
#include "testmain.h"

using namespace lanescope;

namespace {

HostSpan span(const char *name, std::int64_t ts, std::int64_t dur, bool dev = false, std::int64_t inv = 1,
              std::int64_t pid = 7)
{
    HostSpan s;
    s.pid = pid;
    s.tid = pid + 1;
    s.inv = inv;
    s.name = QString::fromLatin1(name);
    s.tsNs = ts;
    s.durNs = dur;
    s.deviceClock = dev;
    return s;
}

// One invocation: chip.run [9000, 13000], runner_run [10000, 12000], device_wall 1000 ns with a
// sched sub-phase at [50, 850] on the device-phase timeline.
std::vector<HostSpan> invocation(std::int64_t inv = 1, std::int64_t runnerDur = 2000, std::int64_t pid = 7)
{
    return {span("chip.run", 9000, 4000, false, inv, pid),
            span("chip.run.runner_run", 10000, runnerDur, false, inv, pid),
            span("chip.run.runner_run.device_wall", 0, 1000, true, inv, pid),
            span("chip.run.runner_run.device_wall.sched", 50, 800, true, inv, pid)};
}

// Everything the capture draws lies in cycles [1000, 1900]; its AICPU scheduler records in [1100, 1800].
ContainmentCapture capture()
{
    ContainmentCapture c;
    c.frequencyHz = 1'000'000'000;
    c.extent.add(1000);
    c.extent.add(1900);
    c.sched.add(1100);
    c.sched.add(1800);
    return c;
}

} // namespace

class TestContainmentPlacement : public QObject
{
    Q_OBJECT

private slots:
    void joinAndPlace()
    {
        const ContainmentOutcome out = placeByContainment(invocation(), capture());
        QVERIFY2(out.placement, qPrintable(out.reason));
        const ContainmentPlacement &p = *out.placement;
        // §2.4 sched:        hi = 1100 - 50 = 1050,  lo = 1800 - (50 + 800) = 950
        //      device_wall:  hi = min(1050, 1000 - 0) = 1000,  lo = max(950, 1900 - 1000) = 950
        QCOMPARE(p.join.loCycles, 950.0);
        QCOMPARE(p.join.hiCycles, 1000.0);
        QCOMPARE(p.join.originCycles, 975.0);
        QCOMPARE(p.join.residualNs, std::int64_t(50));
        QCOMPARE(p.join.sources, QStringList({QStringLiteral("sched"), QStringLiteral("device_wall")}));
        // §2.5 drawn = {1000 - 975, 1900 - 975} ∪ {50, 850} = {25, 925, 50, 850}
        QCOMPARE(p.loPhaseNs, 25.0);
        QCOMPARE(p.hiPhaseNs, 925.0);
        QCOMPARE(p.headNs, 0.0);
        QCOMPARE(p.extentNs, 1000.0);     // max(device_wall 1000, 925) - 0
        QCOMPARE(p.outerSlackNs, 1000.0); // runner 2000 - 1000
        QCOMPARE(p.placeLoNs, 10000.0);
        QCOMPARE(p.placeHiNs, 11000.0);
        QCOMPARE(p.slackNs, 1000.0);
        // §2.6 host_ns(c) = place_lo + (c - origin)·1e9/f - head
        QCOMPARE(p.hostNsOfCycles(1000), 10025.0);
        QCOMPARE(p.hostNsOfDevicePhase(50), 10050.0); // the sched span's ts
        QCOMPARE(p.window.pid, std::int64_t(7));
        QCOMPARE(p.window.inv, std::int64_t(1));
    }

    // Without a sched window on both sides only device_wall joins: hi = 1000 - 0, lo = 1900 - 1000.
    void deviceWallAloneJoinsLoosely()
    {
        ContainmentCapture c = capture();
        c.sched = CycleBounds();
        const ContainmentOutcome out = placeByContainment(invocation(), c);
        QVERIFY2(out.placement, qPrintable(out.reason));
        QCOMPARE(out.placement->join.originCycles, 950.0);
        QCOMPARE(out.placement->join.residualNs, std::int64_t(100));
        QCOMPARE(out.placement->join.sources, QStringList{QStringLiteral("device_wall")});
        QCOMPARE(out.placement->loPhaseNs, 50.0); // min(1000 - 950, 1900 - 950, 50, 850)
        QCOMPARE(out.placement->hiPhaseNs, 950.0);
    }

    void aicpuLaunchNarrowsTheSlack()
    {
        auto spans = invocation();
        spans.push_back(span("chip.run.runner_run.aicpu_launch", 10300, 0));
        const ContainmentOutcome out = placeByContainment(spans, capture());
        QVERIFY2(out.placement, qPrintable(out.reason));
        QCOMPARE(out.placement->placeLoNs, 10300.0); // max(runner ts, marker)
        QCOMPARE(out.placement->placeHiNs, 11000.0);
        QCOMPARE(out.placement->slackNs, 700.0);
        QCOMPARE(out.placement->hostNsOfCycles(975), 10300.0);
    }

    void laterSpanReplacesEarlier()
    {
        auto spans = invocation();
        spans.push_back(span("chip.run.runner_run", 20000, 3000)); // same (pid, inv), same name
        const HostWindows w = hostWindows(spans);
        QCOMPARE(w.windows.size(), std::size_t(1));
        QCOMPARE(w.windows[0].startNs, std::int64_t(20000));
        QCOMPARE(w.windows[0].durationNs, std::int64_t(3000));
        QCOMPARE(w.windows[0].phases.size(), std::size_t(1));
        QCOMPARE(w.windows[0].phases[0].name, QStringLiteral("sched"));
    }

    void roundsHalfToEven_data()
    {
        QTest::addColumn<double>("x");
        QTest::addColumn<qint64>("rounded");
        QTest::newRow("0.5") << 0.5 << qint64(0);
        QTest::newRow("1.5") << 1.5 << qint64(2);
        QTest::newRow("2.5") << 2.5 << qint64(2);
        QTest::newRow("-0.5") << -0.5 << qint64(0);
        QTest::newRow("2.51") << 2.51 << qint64(3);
    }
    void roundsHalfToEven()
    {
        QFETCH(double, x);
        QFETCH(qint64, rounded);
        QCOMPARE(qint64(roundHalfEven(x)), rounded);
    }

    // ns·f/1e9 of the exact product: 2^62 ns at 50 MHz overflows 64 bits before the division.
    void nsToCyclesUsesTheExactProduct()
    {
        const std::int64_t ns = std::int64_t(1) << 62;
        QCOMPARE(nsToCycles(ns, 50'000'000), double(ns) / 20.0);
        QCOMPARE(nsToCycles(30, 50'000'000), 1.5);
    }

    void unavailable_data()
    {
        QTest::addColumn<int>("variant");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no window") << 0
                                   << QStringLiteral(
                                          "no invocation with both chip.run.runner_run and its device_wall");
        QTest::newRow("two windows") << 1 << QStringLiteral("2 host invocations could hold this capture");
        QTest::newRow("late aicpu_launch marker")
            << 2 << QStringLiteral("pid 7 inv 1 has no legal placement");
        QTest::newRow("window too narrow")
            << 3
            << QStringLiteral("pid 7 inv 1 draws 1.0 µs of device work but its chip.run.runner_run window is "
                              "only 0.9 µs wide");
        QTest::newRow("windows do not overlap")
            << 4 << QStringLiteral("the device windows they report do not overlap");
        QTest::newRow("malformed launch marker") << 5 << QStringLiteral("invalid AICPU launch marker");
        QTest::newRow("run epoch matches none")
            << 6 << QStringLiteral("no single host invocation carries this capture's run_epoch 3");
        QTest::newRow("runner on the device clock") << 7 << QStringLiteral("none of the 1 host invocations");
        QTest::newRow("host records outside chip.run")
            << 8 << QStringLiteral("none of the 1 host invocations");
    }

    void unavailable()
    {
        QFETCH(int, variant);
        QFETCH(QString, reason);
        std::vector<HostSpan> spans = invocation();
        ContainmentCapture c = capture();
        switch (variant) {
        case 0:
            spans.erase(spans.begin() + 2);
            break; // no device_wall
        case 1:
            for (const HostSpan &s : invocation(2))
                spans.push_back(s);
            break;
        case 2:
            spans.push_back(span("chip.run.runner_run.aicpu_launch", 11500, 0));
            break; // after place_hi 11000
        case 3:
            spans = invocation(1, 900);
            break; // outer_slack = 900 - 1000 < 0
        case 4:
            spans[3].tsNs = 500;
            break; // sched hi = 600 < device_wall lo = 900
        case 5:
            spans.push_back(span("chip.run.runner_run.aicpu_launch", 10300, 5));
            break;
        case 6:
            spans[0].attributes = {{QStringLiteral("run_epoch"), QStringLiteral("2")}};
            c.runEpoch = 3;
            break;
        case 7:
            spans[1].deviceClock = true;
            break;
        case 8:
            c.hostRecordsNs = std::make_pair(std::int64_t(8000), std::int64_t(9500));
            break; // chip.run starts at 9000
        }
        const ContainmentOutcome out = placeByContainment(spans, c);
        QVERIFY(!out.placement);
        QVERIFY2(out.reason.contains(reason), qPrintable(out.reason));
    }

    // The root chip.run names its dispatch with four integers written together (§2.2): a partial
    // set, a non-integer or both ids 0 (a synchronous launch) is no identity.
    void hostWindowIdentity_data()
    {
        QTest::addColumn<QString>("attributes");
        QTest::addColumn<bool>("hasIdentity");
        QTest::newRow("all four") << "run_id=17 dispatch_id=4 slot_id=2 generation=9" << true;
        QTest::newRow("among others") << "run_epoch=7 run_id=17 dispatch_id=4 slot_id=2 generation=9" << true;
        QTest::newRow("run id alone zero") << "run_id=0 dispatch_id=4 slot_id=0 generation=0" << true;
        QTest::newRow("both ids zero") << "run_id=0 dispatch_id=0 slot_id=2 generation=9" << false;
        QTest::newRow("one missing") << "run_id=17 dispatch_id=4 slot_id=2" << false;
        QTest::newRow("not an integer") << "run_id=17 dispatch_id=four slot_id=2 generation=9" << false;
        QTest::newRow("none") << "" << false;
    }
    void hostWindowIdentity()
    {
        QFETCH(QString, attributes);
        QFETCH(bool, hasIdentity);
        std::vector<HostSpan> spans = invocation();
        for (const QString &kv : attributes.split(u' ', Qt::SkipEmptyParts))
            spans[0].attributes.append({kv.section(u'=', 0, 0), kv.section(u'=', 1)});
        const HostWindows w = hostWindows(spans);
        QCOMPARE(w.windows.size(), std::size_t(1));
        QCOMPARE(bool(w.windows[0].identity), hasIdentity);
        if (hasIdentity && attributes.contains(QStringLiteral("run_id=17")))
            QCOMPARE(*w.windows[0].identity, (DispatchKey{17, 4, 2, 9}));
    }

    // The sidecar's host pid and dispatch (§2.8 filters 2 and 3) pick one of windows that fit alike:
    // pid 7 ran dispatches 1 and 2, pid 9 (another rank, its own dispatch counter) dispatch 1.
    void sidecarSelects_data()
    {
        QTest::addColumn<qint64>("hostPid");    // 0: none
        QTest::addColumn<qint64>("dispatchId"); // 0: no identity
        QTest::addColumn<bool>("pid9Named");    // false: pid 9's chip.run names no dispatch (older log)
        QTest::addColumn<qint64>("pid");        // the window placed, or 0 for none
        QTest::addColumn<qint64>("inv");
        QTest::addColumn<QString>("reason");
        QTest::newRow("nothing picks") << qint64(0) << qint64(0) << true << qint64(0) << qint64(0)
                                       << QStringLiteral("3 host invocations could hold this capture");
        QTest::newRow("pid leaves two") << qint64(7) << qint64(0) << true << qint64(0) << qint64(0)
                                        << QStringLiteral("2 host invocations could hold this capture");
        QTest::newRow("pid picks") << qint64(9) << qint64(0) << true << qint64(9) << qint64(1) << QString();
        QTest::newRow("dispatch picks")
            << qint64(0) << qint64(2) << true << qint64(7) << qint64(2) << QString();
        QTest::newRow("dispatch of two ranks")
            << qint64(0) << qint64(1) << true << qint64(0) << qint64(0)
            << QStringLiteral("2 host invocations could hold this capture");
        QTest::newRow("pid and dispatch")
            << qint64(9) << qint64(1) << true << qint64(9) << qint64(1) << QString();
        QTest::newRow("pid matches none")
            << qint64(4242) << qint64(0) << true << qint64(0) << qint64(0)
            << QStringLiteral("none of the 3 host invocations with a chip.run.runner_run window fits this "
                              "capture: no window of host pid 4242 (dispatch_identity.json)");
        QTest::newRow("dispatch matches none")
            << qint64(0) << qint64(5) << true << qint64(0) << qint64(0)
            << QStringLiteral("none of the 3 host invocations with a chip.run.runner_run window fits this "
                              "capture: no window of dispatch run_id 1 dispatch_id 5 slot_id 0 generation 0 "
                              "(dispatch_identity.json)");
        // A window naming no dispatch is no mismatch: it stays a candidate.
        QTest::newRow("unnamed window stays")
            << qint64(0) << qint64(5) << false << qint64(9) << qint64(1) << QString();
    }
    void sidecarSelects()
    {
        QFETCH(qint64, hostPid);
        QFETCH(qint64, dispatchId);
        QFETCH(bool, pid9Named);
        QFETCH(qint64, pid);
        QFETCH(qint64, inv);
        QFETCH(QString, reason);
        std::vector<HostSpan> spans;
        for (const auto &[p, i] : {std::pair{7, 1}, std::pair{7, 2}, std::pair{9, 1}}) {
            std::vector<HostSpan> one = invocation(i, 2000, p);
            if (p == 7 || pid9Named)
                one[0].attributes = {{QStringLiteral("run_id"), QStringLiteral("1")},
                                     {QStringLiteral("dispatch_id"), QString::number(i)},
                                     {QStringLiteral("slot_id"), QStringLiteral("0")},
                                     {QStringLiteral("generation"), QStringLiteral("0")}};
            spans.insert(spans.end(), one.begin(), one.end());
        }
        ContainmentCapture c = capture();
        if (hostPid)
            c.hostPid = hostPid;
        if (dispatchId)
            c.identity = DispatchKey{1, dispatchId, 0, 0};
        const ContainmentOutcome out = placeByContainment(spans, c);
        if (!pid) {
            QVERIFY(!out.placement);
            QVERIFY2(out.reason.contains(reason), qPrintable(out.reason));
            return;
        }
        QVERIFY2(out.placement, qPrintable(out.reason));
        QCOMPARE(qint64(out.placement->window.pid), pid);
        QCOMPARE(qint64(out.placement->window.inv), inv);
    }

    // Filter 4: of two windows that fit alike, the one whose root chip.run holds the host records.
    void hostRecordsPickTheRoot()
    {
        std::vector<HostSpan> spans = invocation(1);
        for (HostSpan s : invocation(2)) {
            if (s.name == QLatin1String("chip.run"))
                s.tsNs = 9500; // [9500, 13500] misses the submit at 9200
            spans.push_back(s);
        }
        ContainmentCapture c = capture();
        c.hostRecordsNs = std::make_pair(std::int64_t(9200), std::int64_t(9800));
        const ContainmentOutcome out = placeByContainment(spans, c);
        QVERIFY2(out.placement, qPrintable(out.reason));
        QCOMPARE(out.placement->window.inv, std::int64_t(1));
        c.hostRecordsNs = std::make_pair(std::int64_t(8000), std::int64_t(9800));
        const ContainmentOutcome none = placeByContainment(spans, c);
        QVERIFY(!none.placement);
        QVERIFY2(none.reason.contains(
                     QStringLiteral("no root chip.run contains the capture's host records [8000, 9800] ns")),
                 qPrintable(none.reason));
    }

    // The run epoch picks one of two windows of one process; a matching epoch or no attribute at
    // all passes.
    void runEpochSelects()
    {
        std::vector<HostSpan> spans = invocation(1);
        for (const HostSpan &s : invocation(2))
            spans.push_back(s);
        spans[0].attributes = {{QStringLiteral("run_epoch"), QStringLiteral("1")}};
        spans[4].attributes = {{QStringLiteral("run_epoch"), QStringLiteral("2")}};
        ContainmentCapture c = capture();
        c.runEpoch = 2;
        const ContainmentOutcome out = placeByContainment(spans, c);
        QVERIFY2(out.placement, qPrintable(out.reason));
        QCOMPARE(out.placement->window.inv, std::int64_t(2));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestContainmentPlacement)
#include "tst_containmentplacement.moc"
