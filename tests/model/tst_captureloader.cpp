// The one capture pipeline off the GUI thread (model/session/captureloader.h): a job reports its
// document, every run's analysis and the All runs layout under its own id; a cancelled job, or one
// whose loader is destroyed, reports nothing more and never blocks for long.
#include "capturegenerator.h"
#include "model/capture/baredges.h"
#include "model/session/capturefacts.h"
#include "model/session/captureloader.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace lanescope;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/") + name;
}

// A capture large enough that loading and analysing it take a while.
QString largeCapture(const QTemporaryDir &dir)
{
    GeneratorOptions o;
    o.seed = 7;
    o.level = 4;
    o.tasks = 40000;
    const GeneratedCapture g = generateCapture(o, dir.path());
    return g.ok() ? dir.path() : QString();
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
            // Its legend, search and snapping come with it too; per-function figures never.
            QVERIFY(allRuns->facts && !allRuns->facts->functions);
            QCOMPARE(allRuns->facts->barEdges, barEdges(*allRuns));
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

    // Cancelled while loading, or once opened while analysing: nothing more is reported.
    void cancelledJobsReportNothing_data()
    {
        QTest::addColumn<bool>("afterOpening");
        QTest::newRow("while loading") << false;
        QTest::newRow("while analysing") << true;
    }
    void cancelledJobsReportNothing()
    {
        QFETCH(bool, afterOpening);
        QTemporaryDir dir;
        const QString path = largeCapture(dir);
        QVERIFY(!path.isEmpty());
        CaptureLoader loader;
        QSignalSpy opened(&loader, &CaptureLoader::opened);
        QSignalSpy analysed(&loader, &CaptureLoader::analysed);
        QSignalSpy failed(&loader, &CaptureLoader::failed);
        const int job = loader.open(path);
        if (afterOpening)
            QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 60000);
        loader.cancel(job);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.busy(), 60000);
        QCoreApplication::processEvents(); // whatever the workers posted last
        QCOMPARE(opened.count(), afterOpening ? 1 : 0);
        QCOMPARE(analysed.count(), 0);
        QCOMPARE(failed.count(), 0);
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

    // Destroying the loader mid-job cancels it: the destructor returns once the workers reach
    // their next step, far sooner than the job would have taken.
    void destroyingTheLoaderStopsItsJobs()
    {
        QTemporaryDir dir;
        const QString path = largeCapture(dir);
        QVERIFY(!path.isEmpty());
        QElapsedTimer whole;
        {
            CaptureLoader loader;
            QSignalSpy analysed(&loader, &CaptureLoader::analysed);
            whole.start();
            loader.open(path);
            QTRY_COMPARE_WITH_TIMEOUT(analysed.count(), 1, 60000);
        }
        const qint64 fullJobMs = whole.elapsed();
        auto loader = std::make_unique<CaptureLoader>();
        QSignalSpy opened(loader.get(), &CaptureLoader::opened);
        loader->open(path);
        QTest::qWait(int(std::max<qint64>(1, fullJobMs / 4))); // somewhere in the load
        QElapsedTimer stopping;
        stopping.start();
        loader.reset();
        QVERIFY2(stopping.elapsed() < fullJobMs, qPrintable(QString::number(stopping.elapsed())));
        QCOMPARE(opened.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCaptureLoader)
#include "tst_captureloader.moc"
