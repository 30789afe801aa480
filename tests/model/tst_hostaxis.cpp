// Host lanes on the device time axis: hand-written captures with their host logs, loaded as a user
// opens them (loadCapture on a directory), and an HBG capture with a saved bounded record.
#include "model/capture/lanebuilder.h"
#include "model/io/loader.h"
#include "model/io/records/recordsreader.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <tuple>

using namespace lanescope;

namespace {

using Method = HostPlacement::Method;

QByteArray fixture(const QString &relative)
{
    QFile f(QStringLiteral(LANESCOPE_FIXTURES "/") + relative);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(relative));
    return f.readAll();
}

bool write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

const Lane *laneNamed(const Capture &c, const QString &name)
{
    for (const Lane &l : c.lanes)
        if (l.name == name)
            return &l;
    return nullptr;
}

} // namespace

class TestHostAxis : public QObject
{
    Q_OBJECT

private slots:
    // A capture directory as the runner leaves it: the records and the host log side by side.
    void loadsHostLanesAligned_data()
    {
        QTest::addColumn<QString>("records");
        QTest::addColumn<QString>("hostLog");
        QTest::addColumn<int>("method");
        QTest::addColumn<QString>("lane"); // a host-clock lane and where its first bar must start
        QTest::addColumn<double>("startUs");
        QTest::addColumn<double>("endUs");
        QTest::addColumn<double>("lowUs");
        QTest::addColumn<double>("highUs");

        // base = dispatch 850 = anchor; chip.run at 4 990 000 ns is 10 000 ns before the anchor's host time.
        QTest::newRow("bounded clock_alignment")
            << QStringLiteral("records/level2_bounded_alignment.json")
            << QStringLiteral("hostlog/bounded_alignment.log") << int(Method::Bounded)
            << QStringLiteral("Thread 12") << -10.0 << 10.0 << -1.0 << 0.5;
        // join origin 950 cycles, place_lo 10 000 ns, slack 1 000 ns: cycle 1000 (t = 0) is host 10 050 ns,
        // so chip.run (9 000 ns) starts 1.05 µs before the first device record.
        QTest::newRow("span containment")
            << QStringLiteral("records/level3_containment.json") << QStringLiteral("hostlog/containment.log")
            << int(Method::Containment) << QStringLiteral("Thread 8") << -1.05 << 2.95 << 0.0 << 1.0;
    }

    void loadsHostLanesAligned()
    {
        QFETCH(QString, records);
        QFETCH(QString, hostLog);
        QFETCH(int, method);
        QFETCH(QString, lane);
        QFETCH(double, startUs);
        QFETCH(double, endUs);
        QFETCH(double, lowUs);
        QFETCH(double, highUs);

        QTemporaryDir dir;
        QVERIFY(write(dir.filePath(QStringLiteral("chip_swimlane_records.json")), fixture(records)));
        QVERIFY(write(dir.filePath(QStringLiteral("host.log")), fixture(hostLog)));
        const LoadResult r = loadCapture(dir.path());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        const Capture &c = *r.capture;
        QVERIFY(!c.info.sources.hostLog.isEmpty());
        const HostPlacement &p = c.info.hostPlacement;
        QCOMPARE(int(p.method), method);
        QVERIFY(p.inferred);
        QCOMPARE(p.lowUs, lowUs);
        QCOMPARE(p.highUs, highUs);

        const Lane *host = laneNamed(c, lane);
        QVERIFY(host);
        QVERIFY(host->clockAligned);
        QVERIFY(host->hostClock);
        QCOMPARE(host->slices.front().startUs, startUs);
        QCOMPARE(host->slices.front().endUs, endUs);
        for (const Lane &l : c.lanes)
            if (l.group == groups::host)
                QVERIFY2(l.clockAligned, qPrintable(l.name));
    }

    // Containment places the matched invocation's clk=dev spans as well: host ns = place_lo + ts.
    void containmentPlacesDeviceSpans()
    {
        QTemporaryDir dir;
        QVERIFY(write(dir.filePath(QStringLiteral("chip_swimlane_records.json")),
                      fixture(QStringLiteral("records/level3_containment.json"))));
        QVERIFY(write(dir.filePath(QStringLiteral("host.log")),
                      fixture(QStringLiteral("hostlog/containment.log"))));
        const LoadResult r = loadCapture(dir.path());
        QVERIFY(r.ok());
        const Lane *placed = laneNamed(*r.capture, QStringLiteral("Device phases (placed)"));
        QVERIFY(placed);
        QVERIFY(placed->clockAligned);
        // device_wall at ts 0 → host 10 000 ns → -0.05 µs; sched at ts 50 → 10 050 ns → 0 µs, where
        // the capture's first scheduler record is.
        QCOMPARE(placed->slices.size(), std::size_t(2));
        QCOMPARE(placed->slices[0].startUs, -0.05);
        QCOMPARE(placed->slices[1].startUs, 0.0);
        QCOMPARE(placed->slices[1].endUs, 0.9);
    }

    // Without the host log nothing places the capture: host lanes stay on their own axis.
    void containmentNeedsItsWindow()
    {
        QTemporaryDir dir;
        QVERIFY(write(dir.filePath(QStringLiteral("chip_swimlane_records.json")),
                      fixture(QStringLiteral("records/level3_containment.json"))));
        QByteArray log = fixture(QStringLiteral("hostlog/containment.log"));
        log.replace("name=chip.run.runner_run ts=10000 dur=2000",
                    "name=chip.run.runner_run ts=10000 dur=900");
        QVERIFY(write(dir.filePath(QStringLiteral("host.log")), log));
        const LoadResult r = loadCapture(dir.path());
        QVERIFY(r.ok());
        const HostPlacement &p = r.capture->info.hostPlacement;
        QCOMPARE(p.method, Method::None);
        QVERIFY2(p.reason.contains(QStringLiteral("window is only 0.9 µs wide")), qPrintable(p.reason));
        for (const Lane &l : r.capture->lanes)
            if (l.kind == LaneKind::Host)
                QVERIFY(!l.clockAligned);
    }

    // dispatch_identity.json beside the records (§2.8 filters 2 and 3). two_processes.log holds two
    // invocations that both fit level3_containment.json: pid 7 (dispatch 1, runner 2 µs, slack 1 µs)
    // and pid 8 (dispatch 2, runner 3 µs, slack 2 µs). Only the sidecar tells them apart; one that
    // matches neither is the reason there is no placement; a malformed one is a warning, and the
    // placement goes on as without it.
    void sidecarPicksTheInvocation_data()
    {
        QTest::addColumn<QString>("hostLog");
        QTest::addColumn<QString>("sidecar"); // under dispatchidentity/; empty: none
        QTest::addColumn<qint64>("pid");      // the placed invocation's, 0: not placed
        QTest::addColumn<double>("highUs");
        QTest::addColumn<QString>("reason");  // when not placed
        QTest::addColumn<QString>("warning"); // empty: no warning about the sidecar
        QTest::addColumn<bool>("used");       // sources.dispatchIdentity is set

        const QString two = QStringLiteral("hostlog/two_processes.log");
        QTest::newRow("no sidecar") << two << QString() << qint64(0) << 0.0
                                    << QStringLiteral("2 host invocations could hold this capture")
                                    << QString() << false;
        QTest::newRow("host pid") << two << QStringLiteral("host_pid_8.json") << qint64(8) << 2.0 << QString()
                                  << QString() << true;
        QTest::newRow("dispatch") << two << QStringLiteral("dispatch_1.json") << qint64(7) << 1.0 << QString()
                                  << QString() << true;
        QTest::newRow("host pid matches none")
            << two << QStringLiteral("host_pid_4242.json") << qint64(0) << 0.0
            << QStringLiteral("no containment placement: none of the 2 host invocations with a "
                              "chip.run.runner_run window fits this capture: no window of host pid 4242 "
                              "(dispatch_identity.json)")
            << QString() << true;
        QTest::newRow("dispatch matches none")
            << two << QStringLiteral("dispatch_3.json") << qint64(0) << 0.0
            << QStringLiteral("no window of dispatch run_id 1 dispatch_id 3 slot_id 0 generation 0 "
                              "(dispatch_identity.json)")
            << QString() << true;
        QTest::newRow("truncated, one invocation")
            << QStringLiteral("hostlog/containment.log") << QStringLiteral("truncated.json") << qint64(7)
            << 1.0 << QString() << QStringLiteral("dispatch_identity.json not used: ") << false;
        QTest::newRow("truncated, two invocations")
            << two << QStringLiteral("truncated.json") << qint64(0) << 0.0
            << QStringLiteral("2 host invocations could hold this capture")
            << QStringLiteral("dispatch_identity.json not used: ") << false;
        QTest::newRow("fields malformed")
            << two << QStringLiteral("fields_malformed.json") << qint64(0) << 0.0
            << QStringLiteral("2 host invocations could hold this capture")
            << QStringLiteral("dispatch_identity.json: host_pid at byte 34 is not a positive integer")
            << true;
    }

    void sidecarPicksTheInvocation()
    {
        QFETCH(QString, hostLog);
        QFETCH(QString, sidecar);
        QFETCH(qint64, pid);
        QFETCH(double, highUs);
        QFETCH(QString, reason);
        QFETCH(QString, warning);
        QFETCH(bool, used);

        QTemporaryDir dir;
        QVERIFY(write(dir.filePath(QStringLiteral("chip_swimlane_records.json")),
                      fixture(QStringLiteral("records/level3_containment.json"))));
        QVERIFY(write(dir.filePath(QStringLiteral("host.log")), fixture(hostLog)));
        if (!sidecar.isEmpty())
            QVERIFY(write(dir.filePath(QStringLiteral("dispatch_identity.json")),
                          fixture(QStringLiteral("dispatchidentity/") + sidecar)));
        const LoadResult r = loadCapture(dir.path());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        const Capture &c = *r.capture;
        const HostPlacement &p = c.info.hostPlacement;
        const QString warnings = c.info.warnings.join(QStringLiteral(" | "));
        QVERIFY(!c.info.partial); // a sidecar loses no data
        QCOMPARE(c.info.sources.dispatchIdentity.isEmpty(), !used);
        if (warning.isEmpty())
            QVERIFY2(!warnings.contains(QStringLiteral("dispatch_identity")), qPrintable(warnings));
        else
            QVERIFY2(warnings.contains(warning), qPrintable(warnings));
        if (!pid) {
            QCOMPARE(p.method, Method::None);
            QVERIFY2(p.reason.contains(reason), qPrintable(p.reason));
            return;
        }
        QCOMPARE(p.method, Method::Containment);
        QCOMPARE(p.placedInvocation, std::optional(std::make_pair(std::int64_t(pid), std::int64_t(1))));
        QCOMPARE(p.highUs, highUs);
        // The pid leads a host lane's name only when the log holds several processes.
        const Lane *placed = laneNamed(c, QStringLiteral("pid %1 · Device phases (placed)").arg(pid));
        if (!placed)
            placed = laneNamed(c, QStringLiteral("Device phases (placed)"));
        QVERIFY(placed && placed->clockAligned);
    }

    // §2.8 filter 4: the HBG capture's host records ([1000, 3000] ns: the submit and the upload) lie
    // in inv 0's root chip.run [500, 200500] and not in inv 1's [200600, 400600], though both
    // runner_run windows fit its device records. With no root holding them nothing is placed.
    void hostRecordsPickTheRootChipRun()
    {
        QTemporaryDir dir;
        QVERIFY(write(dir.filePath(QStringLiteral("chip_swimlane_records.json")),
                      fixture(QStringLiteral("records/level4_hbg_composite.json"))));
        QVERIFY(write(dir.filePath(QStringLiteral("host.log")),
                      fixture(QStringLiteral("hostlog/hbg_two_roots.log"))));
        const LoadResult r = loadCapture(dir.path());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        const HostPlacement &p = r.capture->info.hostPlacement;
        QCOMPARE(p.method, Method::Containment);
        QCOMPARE(p.placedInvocation, std::optional(std::make_pair(std::int64_t(5), std::int64_t(0))));
        QCOMPARE(p.highUs, 40.0);

        QByteArray late = fixture(QStringLiteral("hostlog/hbg_containment.log"));
        late.replace("name=chip.run ts=500 dur=200000", "name=chip.run ts=1500 dur=200000");
        QVERIFY(write(dir.filePath(QStringLiteral("host.log")), late));
        const LoadResult unplaced = loadCapture(dir.path());
        QVERIFY2(unplaced.ok(), qPrintable(unplaced.error.toString()));
        const HostPlacement &none = unplaced.capture->info.hostPlacement;
        QCOMPARE(none.method, Method::None);
        QVERIFY2(none.reason.contains(
                     QStringLiteral("no root chip.run contains the capture's host records [1000, 3000] ns")),
                 qPrintable(none.reason));
    }

    // One sidecar in a retained folder's prefix serves both runs. Its host pid 7 applies to each
    // (else pid 9's epoch-1 window would make run 1's candidates span processes), but its dispatch
    // (run 2's) names one run only, so it is not applied: each run is placed in its own epoch's
    // invocation of pid 7.
    void sharedSidecarGivesItsPidOnly()
    {
        const LoadResult r = loadCapture(QStringLiteral(LANESCOPE_FIXTURES "/runs/retained-sidecar"));
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.runs.size(), std::size_t(2));
        for (const auto &[run, inv, highUs] : {std::tuple{0, 1, 1.0}, std::tuple{1, 2, 2.0}}) {
            const Capture &c = *r.runs.runs[std::size_t(run)];
            const HostPlacement &p = c.info.hostPlacement;
            QVERIFY2(p.method == Method::Containment, qPrintable(p.reason));
            QCOMPARE(p.placedInvocation, std::optional(std::make_pair(std::int64_t(7), std::int64_t(inv))));
            QCOMPARE(p.highUs, highUs);
            QVERIFY(c.info.sources.dispatchIdentity.endsWith(
                QStringLiteral("retained-sidecar/dispatch_identity.json")));
            QVERIFY2(c.info.warnings.join(u'|').contains(QStringLiteral(
                         "dispatch_identity.json serves 2 runs, so only its host_pid narrows")),
                     qPrintable(c.info.warnings.join(u'|')));
        }
    }

    // HBG without a saved record: containment places the device on the host clock (§2.6) with
    // origin host_orchestration_origin_ns = 1000. f = 1 MHz (a cycle is 1000 ns), extent [80, 120],
    // sched records [80, 85] against the log's sched phase [10000, 20000] ns:
    //   sched: hi = 80 - 10 = 70, lo = 85 - 20 = 65; device_wall: hi = min(70, 80), lo = max(65, 120 - 60)
    //   origin 67.5; drawn {12500, 52500, 10000, 20000}; extent max(60000, 52500) = 60000;
    //   outer slack = 100000 - 60000 = 40000 = slack (place_lo 5000, no marker).
    void hbgContainment()
    {
        QTemporaryDir dir;
        QVERIFY(write(dir.filePath(QStringLiteral("chip_swimlane_records.json")),
                      fixture(QStringLiteral("records/level4_hbg_composite.json"))));
        QVERIFY(write(dir.filePath(QStringLiteral("host.log")),
                      fixture(QStringLiteral("hostlog/hbg_containment.log"))));
        const LoadResult r = loadCapture(dir.path());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        const Capture &c = *r.capture;
        const HostPlacement &p = c.info.hostPlacement;
        QCOMPARE(p.method, Method::Containment);
        QVERIFY(c.info.hostClockAligned);
        QCOMPARE(p.highUs, 40.0);
        for (const QString &w : c.info.warnings)
            QVERIFY2(!w.contains(QStringLiteral("not aligned")), qPrintable(w));
        // device_us(c) = (place_lo - head + (c - 67.5)·1000 - origin) / 1000: cycle 100 → 36.5 µs.
        QCOMPARE(c.rows.at(0).startUs, 36.5);
        QCOMPARE(c.orchestratorLanes.at(0).at(0).startUs, 0.0); // submit at 1000 ns, the origin
        const Lane *runner = laneNamed(c, QStringLiteral("Thread 6"));
        QVERIFY(runner && runner->clockAligned);
        QCOMPARE(runner->slices.front().startUs, -0.5); // chip.run at 500 ns
        const Lane *placed = laneNamed(c, QStringLiteral("Device phases (placed)"));
        QVERIFY(placed);
        QCOMPARE(placed->slices.back().startUs, 14.0); // sched: 5000 + 10000 ns
        const Lane *host = laneNamed(c, QStringLiteral("Host_0"));
        QVERIFY(host && host->clockAligned);
    }

    // HBG: a saved bounded record puts the device on the host clock as the converter does (§3.3):
    // device_us(c) = (host_anchor + (c - anchor)·1e9/f - origin) / 1000.
    void hbgBoundedRecord()
    {
        QByteArray bytes = fixture(QStringLiteral("records/level4_hbg_composite.json"));
        bytes.replace(
            "\"host_timestamp_quantization_ns\": 0,",
            "\"host_timestamp_quantization_ns\": 0, \"clock_alignment\": {\"status\": \"bounded\", "
            "\"device_anchor_cycles\": 80, \"host_anchor_ns\": 10000, \"host_anchor_min_ns\": 9000, "
            "\"host_anchor_max_ns\": 10500},");
        auto source = ByteSource::fromMemory(bytes, QStringLiteral("chip_swimlane_records.json"));
        Capture c;
        ReadError error;
        QVERIFY2(readRecords(*source, c, &error), qPrintable(error.toString()));
        QCOMPARE(c.info.hostPlacement.method, Method::Bounded);
        QVERIFY(c.info.hostClockAligned);
        for (const QString &w : c.info.warnings)
            QVERIFY2(!w.contains(QStringLiteral("not aligned")), qPrintable(w));
        // f = 1 MHz, origin 1000 ns: cycle 100 → (10000 + 20·1000 - 1000) / 1000 = 29 µs.
        QCOMPARE(c.rows.at(0).startUs, 29.0);
        QCOMPARE(c.orchestratorLanes.at(0).at(0).startUs, 0.0);
        QCOMPARE(c.orchestratorLanes.at(0).at(0).endUs, 2.0);
        buildLanes(c);
        const Lane *host = laneNamed(c, QStringLiteral("Host_0"));
        QVERIFY(host);
        QVERIFY(host->clockAligned);
        QVERIFY(host->hostClock);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestHostAxis)
#include "tst_hostaxis.moc"
