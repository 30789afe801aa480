// The one capture pipeline off the GUI thread (model/session/captureloader.h): a job reports its
// document, every run's analysis and the All runs layout under its own id; a cancelled job, or one
// whose loader is destroyed, reports nothing more and never waits for a whole analysis: the
// analysis stops at its next cancel point (AnalysisHold holds one at a known stage to show it).
#include "analysishold.h"
#include "capturegenerator.h"
#include "generatedcapture.h"
#include "model/io/discovery.h"
#include "model/io/loadpreview.h"
#include "model/session/capturefacts.h"
#include "model/session/captureloader.h"
#include "previewhold.h"
#include "testmain.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <chrono>
#include <thread>

using namespace lanescope;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/") + name;
}

// Stages of the analysis to hold a job at, one row each.
void addStageRows()
{
    QTest::addColumn<int>("stage");
    QTest::newRow("before the report") << int(AnalysisStage::Report);
    QTest::newRow("before the landmarks") << int(AnalysisStage::Landmarks);
    QTest::newRow("before the metrics") << int(AnalysisStage::Metrics);
    QTest::newRow("before the suggestions") << int(AnalysisStage::Symptoms);
}

} // namespace

class TestCaptureLoader : public QObject
{
    Q_OBJECT

private slots:
    void reportsEachStepOfItsJob_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("runs");
        QTest::newRow("one run") << QStringLiteral(LANESCOPE_SAMPLES "/sample-l4") << 1;
        QTest::newRow("two runs in one file") << fixture(QStringLiteral("runs/two-runs")) << 2;
    }
    void reportsEachStepOfItsJob()
    {
        QFETCH(QString, path);
        QFETCH(int, runs);
        CaptureLoader loader;
        QSignalSpy opened(&loader, &CaptureLoader::opened);
        QSignalSpy analysed(&loader, &CaptureLoader::analysed);
        QSignalSpy laidOut(&loader, &CaptureLoader::allRunsLaidOut);
        QSignalSpy failed(&loader, &CaptureLoader::failed);
        const int job = loader.open(path);
        QTRY_COMPARE_WITH_TIMEOUT(analysed.count(), runs, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.busy(), 20000);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.at(0).at(0).toInt(), job);
        const auto document = opened.at(0).at(1).value<DocumentPtr>();
        QVERIFY(document);
        QCOMPARE(int(document->runs.size()), runs);
        // Frozen with its derived tracks, and the ring occupancy kept for the analysis.
        for (const auto &run : document->runs.runs) {
            QVERIFY(document->rings.count(run.get()));
            QVERIFY(run->facts && run->facts->functions); // the panels' figures, computed with it
        }
        // The default run is analysed first: it is the one on screen.
        QCOMPARE(analysed.at(0).at(1).value<CapturePtr>(), CapturePtr(document->runs.defaultRun()));
        QVERIFY(analysed.at(0).at(2).value<CaptureAnalysisPtr>());
        QCOMPARE(laidOut.count(), runs > 1 ? 1 : 0);
        if (runs > 1) {
            const auto allRuns = laidOut.at(0).at(1).value<CapturePtr>();
            QVERIFY(allRuns->info.allRuns);
            // Its legend and search come with it too; per-function figures never.
            QVERIFY(allRuns->facts && !allRuns->facts->functions);
            QCOMPARE(allRuns->facts->search.bars().size(), SliceSearchIndex(*allRuns).bars().size());
            // And its bar index, so that the window never builds one on the GUI thread.
            const auto index = laidOut.at(0).at(2).value<CaptureIndexPtr>();
            QVERIFY(index && index->bars.isFor(*allRuns));
        }
    }

    void failureNamesTheInput()
    {
        CaptureLoader loader;
        QSignalSpy failed(&loader, &CaptureLoader::failed);
        QSignalSpy opened(&loader, &CaptureLoader::opened);
        const int job = loader.open(fixture(QStringLiteral("no-such-capture")));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QCOMPARE(failed.at(0).at(0).toInt(), job);
        QVERIFY(failed.at(0).at(1).value<ReadError>().toString().contains(QStringLiteral("no-such-capture")));
        QCOMPARE(opened.count(), 0);
    }

    // Cancelled while loading: nothing is reported, not even the failure the cancel causes.
    void cancelledWhileLoadingReportsNothing()
    {
        QTemporaryDir dir;
        const QString path = largeCapture(dir);
        QVERIFY(!path.isEmpty());
        CaptureLoader loader;
        QSignalSpy progress(&loader, &CaptureLoader::progress);
        QSignalSpy opened(&loader, &CaptureLoader::opened);
        QSignalSpy analysed(&loader, &CaptureLoader::analysed);
        QSignalSpy failed(&loader, &CaptureLoader::failed);
        const int job = loader.open(path);
        QTRY_VERIFY_WITH_TIMEOUT(progress.count() > 0, 60000); // the load is under way
        loader.cancel(job);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.busy(), 60000);
        QCoreApplication::processEvents(); // whatever the workers posted last
        QCOMPARE(opened.count(), 0);
        QCOMPARE(analysed.count(), 0);
        QCOMPARE(failed.count(), 0);
    }

    // Progress counts the bytes of the records and of deps.json together (read side by side), so
    // the bar only moves forward, and the records read so far come with it.
    void progressCoversEveryFileRead()
    {
        QTemporaryDir dir;
        const QString path = largeCapture(dir);
        QVERIFY(!path.isEmpty());
        ReadError error;
        const DiscoveredFiles files = discoverCapture(path, &error);
        QVERIFY(!files.deps.isEmpty());
        const qint64 total = QFileInfo(files.main).size() + QFileInfo(files.deps).size();
        CaptureLoader loader;
        QSignalSpy progress(&loader, &CaptureLoader::progress);
        QSignalSpy opened(&loader, &CaptureLoader::opened);
        const int job = loader.open(path);
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 60000);
        QVERIFY(progress.count() >= 2);
        qint64 lastDone = -1, lastRecords = -1;
        for (const QList<QVariant> &report : std::as_const(progress)) {
            QCOMPARE(report.at(0).toInt(), job);
            QCOMPARE(report.at(2).toLongLong(), total);
            QVERIFY(report.at(1).toLongLong() > lastDone);
            QVERIFY(report.at(3).toLongLong() >= lastRecords);
            lastDone = report.at(1).toLongLong();
            lastRecords = report.at(3).toLongLong();
        }
        QCOMPARE(lastDone, total); // every byte read is reported before the lanes are laid out
        const auto document = opened.at(0).at(1).value<DocumentPtr>();
        QVERIFY(lastRecords > 0);
        QVERIFY(lastRecords <= qint64(document->runs.defaultRun()->rows.size()));
        QTRY_VERIFY_WITH_TIMEOUT(!loader.busy(), 60000);
    }

    // Cancelled while an analysis is at one of its stages: it stops there, reports nothing, and
    // the loader's next job is analysed as usual.
    void cancelledAnalysisStopsAtItsCancelPoint_data() { addStageRows(); }
    void cancelledAnalysisStopsAtItsCancelPoint()
    {
        QFETCH(int, stage);
        CaptureLoader loader;
        AnalysisHold hold{AnalysisStage(stage)};
        loader.setCheckpoint(hold.checkpoint());
        QSignalSpy opened(&loader, &CaptureLoader::opened);
        QSignalSpy analysed(&loader, &CaptureLoader::analysed);
        const QString sample = QStringLiteral(LANESCOPE_SAMPLES "/sample-l4");
        const int job = loader.open(sample);
        QVERIFY(hold.waitUntilHeld());
        QCOMPARE(opened.count(), 1);
        loader.cancel(job);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.busy(), 60000);
        QCoreApplication::processEvents();
        QVERIFY(hold.released());
        QCOMPARE(hold.stagesAfterRelease(), QStringList());
        QCOMPARE(analysed.count(), 0);
        const int next = loader.open(sample);
        QTRY_COMPARE_WITH_TIMEOUT(analysed.count(), 1, 60000);
        QCOMPARE(analysed.at(0).at(0).toInt(), next);
    }

    // An analysis nobody cancels passes every stage's cancel point in order, once per run.
    void analysisPassesEveryCancelPoint()
    {
        CaptureLoader loader;
        auto stages = std::make_shared<std::vector<int>>(); // written by the one analysing thread
        loader.setCheckpoint(
            [stages](AnalysisStage stage, const std::atomic<bool> &) { stages->push_back(int(stage)); });
        QSignalSpy analysed(&loader, &CaptureLoader::analysed);
        loader.open(fixture(QStringLiteral("runs/two-runs")));
        QTRY_COMPARE_WITH_TIMEOUT(analysed.count(), 2, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.busy(), 20000);
        const std::vector<int> once = {int(AnalysisStage::Report), int(AnalysisStage::Landmarks),
                                       int(AnalysisStage::Metrics), int(AnalysisStage::Symptoms)};
        std::vector<int> twice = once;
        twice.insert(twice.end(), once.begin(), once.end());
        QVERIFY(*stages == twice);
    }

    // Two jobs of one loader do not see each other's results.
    void jobsAreIndependent()
    {
        CaptureLoader loader;
        QSignalSpy opened(&loader, &CaptureLoader::opened);
        const int first = loader.open(fixture(QStringLiteral("runs/two-runs")));
        const int second = loader.open(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QVERIFY(first != second);
        loader.cancel(first);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.busy(), 20000);
        QCoreApplication::processEvents();
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.at(0).at(0).toInt(), second);
    }

    // Destroying the loader mid-load cancels the load: nothing is reported, nothing crashes.
    void destroyingTheLoaderWhileLoading()
    {
        QTemporaryDir dir;
        const QString path = largeCapture(dir);
        QVERIFY(!path.isEmpty());
        auto loader = std::make_unique<CaptureLoader>();
        QSignalSpy progress(loader.get(), &CaptureLoader::progress);
        QSignalSpy opened(loader.get(), &CaptureLoader::opened);
        loader->open(path);
        QTRY_VERIFY_WITH_TIMEOUT(progress.count() > 0, 60000); // somewhere in the load
        loader.reset();
        QCoreApplication::processEvents();
        QCOMPARE(opened.count(), 0);
    }

    // Destroying the loader mid-analysis: the destructor returns once the analysis reaches its
    // next cancel point, without running the stages after it.
    // A preview the receiver has not had yet is replaced by a newer one: a receiver that was busy
    // meanwhile gets only the latest, with its bar index; none arrives after the document.
    void previewsDeliverOnlyTheLatest()
    {
        QTemporaryDir dir;
        const QString path = largeCapture(dir, 9);
        QVERIFY(!path.isEmpty());
        CaptureLoader loader;
        PreviewHold hold(2); // held at the third
        loader.setPreviewCheckpoint(hold.checkpoint());
        loader.setPreviewPacing(eagerPreviewPacing());
        QStringList order;
        QList<qint64> rowsRead;
        connect(&loader, &CaptureLoader::previewed, this,
                [&](int, const CapturePtr &preview, const CaptureIndexPtr &index, qint64 rows) {
                    QVERIFY(index && index->bars.isFor(*preview));
                    QVERIFY(preview->facts); // what a measured region snaps to, sorted here too
                    QCOMPARE(rows, qint64(preview->rows.size()));
                    order << QStringLiteral("preview");
                    rowsRead << rows;
                });
        connect(&loader, &CaptureLoader::opened, this, [&] { order << QStringLiteral("opened"); });
        loader.open(path);
        // No event is handled here until the third preview is handed out.
        while (hold.handedOut() < 3)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        QTRY_COMPARE_WITH_TIMEOUT(order.size(), 1, 20000);
        QTest::qWait(50);
        QCOMPARE(order, QStringList{QStringLiteral("preview")});
        // The third: previews come at the first look and at every doubling of the rows after it.
        QCOMPARE(rowsRead.front(), qint64(4 * LoadPreviewer::kRowsBetweenLooks));

        hold.releaseAll();
        QTRY_VERIFY_WITH_TIMEOUT(order.contains(QStringLiteral("opened")), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.busy(), 60000);
        QCoreApplication::processEvents();
        QCOMPARE(order.back(), QStringLiteral("opened"));
        QCOMPARE(order.count(QStringLiteral("opened")), 1);
        QCOMPARE(rowsRead.size(), order.size() - 1);
        QVERIFY(std::is_sorted(rowsRead.begin(), rowsRead.end()));
    }

    void destroyingTheLoaderStopsItsAnalysis_data() { addStageRows(); }
    void destroyingTheLoaderStopsItsAnalysis()
    {
        QFETCH(int, stage);
        AnalysisHold hold{AnalysisStage(stage)};
        auto loader = std::make_unique<CaptureLoader>();
        loader->setCheckpoint(hold.checkpoint());
        loader->open(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QVERIFY(hold.waitUntilHeld());
        loader.reset();
        QVERIFY(hold.released()); // the destructor waited for the worker, which let go of the hold
        QCOMPARE(hold.stagesAfterRelease(), QStringList());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestCaptureLoader)
#include "tst_captureloader.moc"
