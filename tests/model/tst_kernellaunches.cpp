// Kernel launches of a DFX window (field supplement §3): launches reuse task and register ids, so
// each is joined and analysed as a run of its own, and a file whose boundaries were dropped is shown
// whole and never analysed. The files are hand-written from the supplement's tables, not generated:
// three launches of the same three tasks at 50 MHz, the launches' scheduler rows listed out of
// launch order (2, 0, 1) and two tasks of one core finishing on one cycle in reverse order.
#include "model/analysis/functionsummary.h"
#include "model/capture/captureruns.h"
#include "model/capture/kernellaunch.h"
#include "model/io/loader.h"
#include "model/session/capturedocument.h"
#include "testmain.h"

using namespace lanescope;

namespace {

const QString kThreeLaunches = QStringLiteral(LANESCOPE_FIXTURES "/field/three-launches");
const QString kDroppedBoundary = QStringLiteral(LANESCOPE_FIXTURES "/field/dropped-boundary");
const QString kOneBoundary = QStringLiteral(LANESCOPE_FIXTURES "/field/mid-generation");

// The time base is the first orchestrator record, at cycle 1000; a launch's boundary is 100 cycles
// before its first record and launches are 3000 cycles (60 µs) apart.
constexpr double kLaunchStartsUs[] = {-2.0, 58.0, 118.0};

const Lane *laneOfKind(const Capture &c, LaneKind kind)
{
    for (const Lane &lane : c.lanes)
        if (lane.kind == kind)
            return &lane;
    return nullptr;
}

} // namespace

class TstKernelLaunches : public QObject
{
    Q_OBJECT

private slots:
    void launchPosition_data()
    {
        QTest::addColumn<double>("time");
        QTest::addColumn<int>("position");
        QTest::newRow("before the first") << 5.0 << 0;
        QTest::newRow("at the first boundary") << 10.0 << 1;
        QTest::newRow("inside the first") << 15.0 << 1;
        QTest::newRow("at the second boundary") << 20.0 << 2;
        QTest::newRow("after the last") << 35.0 << 3;
    }
    void launchPosition()
    {
        QFETCH(double, time);
        QFETCH(int, position);
        QCOMPARE(int(lanescope::launchPosition(std::vector<double>{10, 20, 30}, time)), position);
    }

    void everyLaunchIsARun_data()
    {
        QTest::addColumn<int>("launch");
        QTest::addColumn<double>("endUs");      // the launch's last observed record
        QTest::addColumn<double>("longExecUs"); // the AIV task's execution, 2 µs longer each launch
        QTest::newRow("launch 0") << 0 << 10.5 << 2.0;
        QTest::newRow("launch 1") << 1 << 72.5 << 4.0;
        QTest::newRow("launch 2") << 2 << 140.0 << 6.0; // the stream's terminal dispatch at cycle 8000
    }
    void everyLaunchIsARun()
    {
        QFETCH(int, launch);
        QFETCH(double, endUs);
        QFETCH(double, longExecUs);
        const LoadResult loaded = loadCapture(kThreeLaunches);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
        QCOMPARE(loaded.runs.size(), std::size_t(3));
        const Capture &run = *loaded.runs.runs[std::size_t(launch)];
        QCOMPARE(runLabel(run.info), QStringLiteral("launch %1").arg(launch));
        QCOMPARE(run.info.runCount, 3);
        QVERIFY(isAnalysable(run.info));
        // Reused ids join within their launch: nothing repeats a key, every row has its dispatch,
        // and that dispatch lies in the row's own launch.
        const QString warnings = run.info.warnings.join(u'\n');
        QVERIFY2(!warnings.contains(QStringLiteral("duplicate join keys")), qPrintable(warnings));
        QCOMPARE(run.rows.size(), std::size_t(3));
        const double startUs = kLaunchStartsUs[launch];
        for (const TaskRow &row : run.rows) {
            QVERIFY(row.hasAicpu());
            QVERIFY2(row.dispatchUs > startUs && row.finishUs < startUs + 60,
                     qPrintable(QString::number(row.dispatchUs)));
            QVERIFY(!(row.flags & TaskRow::DuplicateKey));
        }
        // The file's launches, counted over the whole file.
        QCOMPARE(run.info.launches.size(), std::size_t(3));
        const KernelLaunch &l = run.info.launches[std::size_t(launch)];
        QCOMPARE(l.ordinal, std::uint64_t(launch));
        QCOMPARE(l.startUs, startUs);
        QCOMPARE(l.endUs, endUs);
        QCOMPARE(l.rows, std::uint64_t(3));
        QCOMPARE(l.tasks, std::uint64_t(3));
        // Its records are its own: the scheduler's and orchestrator's lie inside the launch.
        for (const auto *lanes : {&run.schedulerThreads, &run.orchestratorLanes})
            for (const PhaseLane &lane : *lanes)
                for (const PhaseRecord &r : lane)
                    QVERIFY2(r.startUs >= startUs && r.endUs <= endUs,
                             qPrintable(QString::number(r.startUs)));
        // The Kernel Launches lane shows this launch's envelope.
        const Lane *envelopes = laneOfKind(run, LaneKind::KernelLaunches);
        QVERIFY(envelopes);
        QCOMPARE(envelopes->slices.size(), std::size_t(1));
        QCOMPARE(envelopes->slices[0].startUs, startUs);
        QCOMPARE(envelopes->slices[0].endUs, endUs);
        // Its functions are its own: the AIV task (function 1) ran once, for this launch's time.
        const FunctionSummary functions = functionSummary(run);
        bool found = false;
        for (const auto &f : functions.functions)
            if (f.funcId == 1) {
                found = true;
                QCOMPARE(f.count, std::size_t(1));
                QVERIFY(qAbs(f.avgExecUs - longExecUs) < 1e-9);
            }
        QVERIFY(found);
    }

    void allLaunchesAreALayout()
    {
        const LoadResult loaded = loadCapture(kThreeLaunches);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
        const auto all = layOutAllRuns(loaded.runs);
        QVERIFY(all);
        QVERIFY(!isAnalysable(all->info));
        QCOMPARE(all->rows.size(), std::size_t(9));
        QCOMPARE(runsNoun(*all), QStringLiteral("launches"));
        QCOMPARE(runsNoun(loaded.runs), QStringLiteral("launches"));
        const Lane *envelopes = laneOfKind(*all, LaneKind::KernelLaunches);
        QVERIFY(envelopes);
        QCOMPARE(envelopes->slices.size(), std::size_t(3));
        QCOMPARE(all->runSpans.size(), std::size_t(3));
        QCOMPARE(all->runSpans[1].name, QStringLiteral("launch 1"));
    }

    void droppedBoundariesAreNotGuessed()
    {
        const LoadResult loaded = loadCapture(kDroppedBoundary);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
        QCOMPARE(loaded.runs.size(), std::size_t(1));
        const Capture &c = *loaded.capture;
        QVERIFY(c.info.launchesUnknown);
        QVERIFY(c.info.partial);
        QVERIFY(!isAnalysable(c.info));
        QVERIFY(c.info.launches.empty());
        QCOMPARE(c.rows.size(), std::size_t(9)); // every row is still shown
        QVERIFY(!laneOfKind(c, LaneKind::KernelLaunches));
        const QString warnings = c.info.warnings.join(u'\n');
        QVERIFY2(warnings.contains(QStringLiteral("chip_swimlane_records.json: dropped_run_boundaries is 1")),
                 qPrintable(warnings));
        QVERIFY2(analysisPendingText(c).contains(QStringLiteral("cannot be told apart")),
                 qPrintable(analysisPendingText(c)));
        // Nor are its derived curves drawn: they would mix the launches too.
        const OpenedDocument opened = openDocument(kDroppedBoundary);
        QVERIFY2(opened.ok(), qPrintable(opened.error.toString()));
        for (const CounterTrack &t : opened.document->runs.defaultRun()->counters)
            QVERIFY2(t.kind == CounterKind::Recorded, qPrintable(t.name));
    }

    // A file with one boundary and none dropped behaves exactly as a file without boundaries.
    void oneBoundaryIsOneRun()
    {
        const LoadResult loaded = loadCapture(kOneBoundary);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
        QCOMPARE(loaded.runs.size(), std::size_t(1));
        QVERIFY(loaded.capture->info.launches.empty());
        QVERIFY(!loaded.capture->info.launchesUnknown);
        QVERIFY(isAnalysable(loaded.capture->info));
        QCOMPARE(runLabel(loaded.capture->info), QStringLiteral("run (no epoch)"));
        QVERIFY(!laneOfKind(*loaded.capture, LaneKind::KernelLaunches));
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TstKernelLaunches)
#include "tst_kernellaunches.moc"
