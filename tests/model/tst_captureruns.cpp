// Runs as first-class (supplement §4, §5): a file with several run epochs and a retained folder
// open as one capture per run; rows of different runs never join and no figure mixes runs.
// The fixtures in tests/fixtures/runs are written by hand from the supplement's field tables.
#include "model/analysis/capturesummary.h"
#include "model/capture/captureruns.h"
#include "model/io/loader.h"
#include "testmain.h"

using namespace lanescope;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/") + name;
}

std::size_t records(const std::vector<PhaseLane> &lanes)
{
    std::size_t n = 0;
    for (const PhaseLane &l : lanes)
        n += l.size();
    return n;
}

QString epochs(const CaptureRuns &runs)
{
    QStringList out;
    for (const auto &run : runs.runs)
        out << (run->info.runEpoch ? QString::number(*run->info.runEpoch) : QStringLiteral("-"));
    return out.join(u',');
}

} // namespace

class TestCaptureRuns : public QObject
{
    Q_OBJECT

private slots:
    void runsOfAnInput_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("epochs");
        QTest::addColumn<std::vector<int>>("rows");
        QTest::addColumn<std::vector<int>>("schedulerRecords");
        QTest::addColumn<QString>("verdicts");
        QTest::addColumn<bool>("allRuns");

        QTest::newRow("two runs in one file")
            << "runs/two-runs"
            << "1,2" << std::vector<int>{3, 2} << std::vector<int>{2, 1} << "," << true;
        QTest::newRow("retained folder") << "runs/retained"
                                         << "1,2,3" << std::vector<int>{3, 2, 0} << std::vector<int>{0, 0, 0}
                                         << "published,partial_safe,partial_cut_unknown" << true;
        QTest::newRow("one retained run file")
            << "runs/retained/swimlane-0/records_e2.json"
            << "2" << std::vector<int>{2} << std::vector<int>{0} << "partial_safe" << false;
        QTest::newRow("the swimlane folder itself")
            << "runs/retained/swimlane-0"
            << "1,2,3" << std::vector<int>{3, 2, 0} << std::vector<int>{0, 0, 0}
            << "published,partial_safe,partial_cut_unknown" << true;
        QTest::newRow("a run that captured nothing")
            << "runs/nothing"
            << "3" << std::vector<int>{0} << std::vector<int>{0} << "partial_cut_unknown" << false;
        QTest::newRow("before run identity: one run without an epoch")
            << "records/level4_tmr_metadata_last.json"
            << "-" << std::vector<int>{4} << std::vector<int>{3} << "" << false;
    }
    void runsOfAnInput()
    {
        QFETCH(QString, path);
        QFETCH(QString, epochs);
        QFETCH(std::vector<int>, rows);
        QFETCH(std::vector<int>, schedulerRecords);
        QFETCH(QString, verdicts);
        QFETCH(bool, allRuns);

        const LoadResult loaded = loadCapture(fixture(path));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
        QCOMPARE(::epochs(loaded.runs), epochs);
        QCOMPARE(loaded.capture, loaded.runs.defaultRun());
        QStringList seenVerdicts;
        for (std::size_t i = 0; i < loaded.runs.size(); ++i) {
            const Capture &run = *loaded.runs.runs[i];
            QCOMPARE(int(run.rows.size()), rows[i]);
            QCOMPARE(int(records(run.schedulerThreads)), schedulerRecords[i]);
            QCOMPARE(run.info.runCount, int(loaded.runs.size()));
            QVERIFY(!run.info.allRuns);
            for (const TaskRow &r : run.rows)
                QCOMPARE(r.runEpoch, run.info.runEpoch.value_or(0));
            seenVerdicts << run.info.collection.verdict;
        }
        QCOMPARE(seenVerdicts.join(u','), verdicts);
        const auto laidOut = layOutAllRuns(loaded.runs);
        QCOMPARE(bool(laidOut), allRuns);
        if (allRuns) {
            const Capture &all = *laidOut;
            QVERIFY(all.info.allRuns);
            QCOMPARE(all.runSpans.size(), loaded.runs.size());
            QVERIFY2(all.deps.empty(), "arrows on the All runs view would join runs by bare task id");
            for (std::size_t i = 1; i < all.runSpans.size(); ++i)
                QVERIFY(all.runSpans[i - 1].startUs <= all.runSpans[i].startUs);
        }
    }

    // The join key is (run_epoch, core_id, reg_task_id): the same (core 0, reg 1) in runs 1 and 2
    // joins within its run, and each run's figures are its own.
    void eachRunHasItsOwnFigures_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("epoch");
        QTest::addColumn<double>("totalTestTimeUs");
        QTest::addColumn<int>("tasks");

        QTest::newRow("file, run 1") << "runs/two-runs" << 1 << 100.0 << 3; // 1105 - 1005
        QTest::newRow("file, run 2") << "runs/two-runs" << 2 << 40.0 << 2;  // 2045 - 2005
        QTest::newRow("retained, run 1") << "runs/retained" << 1 << 100.0 << 3;
        QTest::newRow("retained, run 2")
            << "runs/retained" << 2 << 40.0 << 2; // its epoch-1 leftover is not its own
    }
    void eachRunHasItsOwnFigures()
    {
        QFETCH(QString, path);
        QFETCH(int, epoch);
        QFETCH(double, totalTestTimeUs);
        QFETCH(int, tasks);

        const LoadResult loaded = loadCapture(fixture(path));
        QVERIFY(loaded.ok());
        const auto run = loaded.runs.find(std::uint32_t(epoch));
        QVERIFY(run);
        for (const TaskRow &r : run->rows)
            QVERIFY2(r.hasAicpu(), "every row joins its own run's scheduler row");
        const CaptureSummary s = summarize(*run);
        QCOMPARE(int(s.tasks), tasks);
        QVERIFY(s.makespanUs);
        QCOMPARE(*s.makespanUs, totalTestTimeUs);
        QVERIFY(!run->deps.empty());
        QVERIFY(!run->lanes.empty());
    }

    void verdictsBecomeWarningsAndPartial()
    {
        const LoadResult loaded = loadCapture(fixture(QStringLiteral("runs/retained")));
        QVERIFY(loaded.ok());
        const Capture &published = *loaded.runs.find(1);
        const Capture &safe = *loaded.runs.find(2);
        const Capture &unknown = *loaded.runs.find(3);
        QVERIFY(!published.info.partial);
        QVERIFY(safe.info.partial);
        QVERIFY(unknown.info.partial);
        const QString safeWarnings = safe.info.warnings.join(u'\n');
        QVERIFY2(safeWarnings.contains(QStringLiteral("collection verdict partial_safe (content incomplete): "
                                                      "not_received_buffers=3, transport_retired=1, "
                                                      "transport_retired_records=12")),
                 qPrintable(safeWarnings));
        QVERIFY(safeWarnings.contains(QStringLiteral("a zero loss count proves nothing")));
        QVERIFY2(
            safeWarnings.contains(QStringLiteral("records_e2.json also holds records stamped with other runs "
                                                 "(1 rows of run 1)")),
            qPrintable(safeWarnings));
        QVERIFY(unknown.info.warnings.join(u'\n').contains(QStringLiteral(
            "collection verdict partial_cut_unknown (completeness unknown): processing_complete=false, "
            "cut_failed_queues=2")));
        QVERIFY(capturedNothing(unknown));
        QVERIFY(!capturedNothing(safe));
        QCOMPARE(
            capturedNothingText(unknown),
            QStringLiteral("run 3 captured nothing (verdict partial_cut_unknown: completeness unknown)"));
    }

    // One scope_stats.jsonl serves the folder; each run keeps the samples stamped with its epoch.
    void scopeSamplesStayWithTheirRun_data()
    {
        QTest::addColumn<int>("epoch");
        QTest::addColumn<int>("samples");
        QTest::newRow("run 1") << 1 << 2;
        QTest::newRow("run 2") << 2 << 4;
        QTest::newRow("run 3 captured nothing") << 3 << 0;
    }
    void scopeSamplesStayWithTheirRun()
    {
        QFETCH(int, epoch);
        QFETCH(int, samples);
        const LoadResult loaded = loadCapture(fixture(QStringLiteral("runs/retained")));
        QVERIFY(loaded.ok());
        const auto run = loaded.runs.find(std::uint32_t(epoch));
        QVERIFY(run);
        QCOMPARE(int(run->scopeStats.samples.size()), samples);
        for (const ScopeSample &s : run->scopeStats.samples)
            QCOMPARE(s.runEpoch, std::uint32_t(epoch));
        QVERIFY(!run->info.sources.scopeStats.isEmpty());
    }

    // What carries no epoch goes with every run of a file: the H2D uploads (host arrays) and the
    // records of an older scheduler stream beside one that stamps epochs. The All runs view
    // shows each of those once, and every run's own records once.
    void allRunsTakesSharedRecordsOnce()
    {
        const LoadResult loaded = loadCapture(fixture(QStringLiteral("runs/two-runs-shared")));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
        QCOMPARE(loaded.runs.size(), std::size_t(2));
        for (const auto &run : loaded.runs.runs) {
            QCOMPARE(run->hostUploads.size(), std::size_t(2));
            QCOMPARE(run->schedulerThreads.size(), std::size_t(2));
            QCOMPARE(run->schedulerThreads[0].size(), std::size_t(1));
            QCOMPARE(run->schedulerThreads[1].size(), std::size_t(2));
        }
        const auto all = layOutAllRuns(loaded.runs);
        QVERIFY(all);
        QCOMPARE(all->rows.size(), std::size_t(3));
        QCOMPARE(all->hostUploads.size(), std::size_t(2));
        QCOMPARE(all->schedulerThreads[0].size(), std::size_t(2));
        QCOMPARE(all->schedulerThreads[1].size(), std::size_t(2));
        // One axis already, and a run's span is its own records': run 2 starts at its dispatch
        // (cycle 2000), not at the shared records of run 1's time.
        QCOMPARE(all->runSpans[1].startUs - all->runSpans[0].startUs, 1000.0);
        // Run 1 ends at its last finish (1075), not at the shared record ending at 1076.
        QCOMPARE(all->runSpans[1].endUs - all->runSpans[0].endUs, 2045.0 - 1075.0);
    }

    // Retained runs come on time bases of their own; the All runs view lays them where the device
    // counter says they were.
    void retainedRunsShareTheDeviceAxis()
    {
        const LoadResult loaded = loadCapture(fixture(QStringLiteral("runs/retained")));
        QVERIFY(loaded.ok());
        const auto laidOut = layOutAllRuns(loaded.runs);
        QVERIFY(laidOut);
        const Capture &all = *laidOut;
        QCOMPARE(all.rows.size(), std::size_t(5));
        QCOMPARE(all.runSpans.size(), std::size_t(3));
        // Run 1's first dispatch is at cycle 5005, run 2's at 6005: 1000 µs apart at 1 MHz.
        QCOMPARE(all.runSpans[1].startUs - all.runSpans[0].startUs, 1000.0);
    }

    void runNames_data()
    {
        QTest::addColumn<int>("epoch");
        QTest::addColumn<QString>("name");
        QTest::newRow("epoch") << 7 << "run 7";
        QTest::newRow("no identity") << -1 << "run (no epoch)";
    }
    void runNames()
    {
        QFETCH(int, epoch);
        QFETCH(QString, name);
        QCOMPARE(runName(epoch < 0 ? std::nullopt : std::optional<std::uint32_t>(epoch)), name);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestCaptureRuns)
#include "tst_captureruns.moc"
