// A tab holds every run of its input (supplement §4): the run picker switches between them
// without a re-read, each run is analysed on its own, "All runs" is shown but never analysed,
// and a verdict other than "published" or a run that captured nothing is said on the tab.
#include "app/window/mainwindow.h"
#include "app/window/reviewcontroller.h"
#include "model/io/loader.h"
#include "model/session/captureloader.h"
#include "testmain.h"
#include "widgets/panels/functiontable.h"
#include "widgets/panels/functiontablemodel.h"
#include "widgets/panels/reportmodel.h"
#include "widgets/panels/reportpanel.h"
#include "widgets/panels/techniquespanel.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QComboBox>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>

using namespace lanescope;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/") + name;
}

QString placeholderText(MainWindow &window)
{
    auto *label = window.reportPanel()->findChild<QLabel *>(QStringLiteral("analysisPlaceholder"));
    return label && label->isVisibleTo(window.reportPanel()) ? label->text() : QString();
}

// Picks a run the way a user does: the picker takes the focus, arrow keys move through its entries.
void pickWithKeys(QComboBox *picker, int index)
{
    picker->setFocus();
    while (picker->currentIndex() < index)
        QTest::keyClick(picker, Qt::Key_Down);
    while (picker->currentIndex() > index)
        QTest::keyClick(picker, Qt::Key_Up);
}

} // namespace

class TestRunPicker : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void eachRunOnItsOwn_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("entries");
        QTest::addColumn<QString>("firstBanner");
        QTest::newRow("two runs in one file")
            << "runs/two-runs"
            << QStringList{"run 1 · no verdict · 3 rows", "run 2 · no verdict · 2 rows",
                           "All runs (2, not analysed)"}
            << QString();
        QTest::newRow("retained folder")
            << "runs/retained"
            << QStringList{"run 1 · published · 3 rows", "run 2 · partial_safe · 2 rows",
                           "run 3 · partial_cut_unknown · 0 rows", "All runs (3, not analysed)"}
            << QString();
    }
    void eachRunOnItsOwn()
    {
        QFETCH(QString, path);
        QFETCH(QStringList, entries);

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy laidOut(window.loader(), &CaptureLoader::allRunsLaidOut);
        CapturePage *page = window.openPath(fixture(path));
        QTRY_VERIFY_WITH_TIMEOUT(page->state() == CapturePage::State::Ready, 20000);
        QComboBox *picker = page->runPicker();
        QVERIFY(picker->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(page->hasAllRuns(), 20000); // laid out after loading
        QStringList shown;
        for (int i = 0; i < picker->count(); ++i)
            shown << picker->itemText(i);
        QCOMPARE(shown, entries);
        // The last run first, as the headless verbs do.
        QCOMPARE(picker->currentIndex(), int(page->runs().size()) - 1);
        QCOMPARE(page->capture(), CapturePtr(page->runs().defaultRun()));
        QTRY_VERIFY_WITH_TIMEOUT(page->analysis() != nullptr, 20000);

        // Every run has its own analysis, and the docks follow the run on screen.
        const Capture *before = page->capture().get();
        pickWithKeys(picker, 0);
        QCOMPARE(page->currentRun(), 0);
        QVERIFY(page->capture().get() != before);
        QCOMPARE(window.currentTimeline()->capture(), page->capture());
        QTRY_VERIFY_WITH_TIMEOUT(page->analysis() != nullptr, 20000);
        QCOMPARE(window.reportPanel()->model()->analysis(), page->analysis());
        QCOMPARE(window.reportPanel()->model()->capture(), page->capture());

        // All runs: shown with its boundaries, never analysed, and the docks say why.
        pickWithKeys(picker, picker->count() - 1);
        QVERIFY(page->showsAllRuns());
        QCOMPARE(page->analysis(), nullptr);
        QCOMPARE(int(page->capture()->runSpans.size()), int(page->runs().size()));
        // Its bar index came from the loader's thread with it; the view built none of its own.
        QCOMPARE(window.currentTimeline()->captureIndex(), laidOut.at(0).at(2).value<CaptureIndexPtr>());
        QVERIFY2(placeholderText(window).contains(QStringLiteral("figures are per run")),
                 qPrintable(placeholderText(window)));
        QVERIFY(page->bannerText().contains(QStringLiteral("on one axis")));
    }

    void verdictsAndEmptyRunsAreSaid()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        CapturePage *page = window.openPath(fixture(QStringLiteral("runs/retained")));
        QTRY_VERIFY_WITH_TIMEOUT(page->state() == CapturePage::State::Ready, 20000);
        // Run 3 is shown first: it captured nothing, which is said instead of an empty timeline.
        auto *nothing = page->findChild<QLabel *>(QStringLiteral("capturedNothing"));
        QVERIFY(nothing);
        QVERIFY(nothing->isVisible());
        QCOMPARE(
            nothing->text(),
            QStringLiteral("run 3 captured nothing (verdict partial_cut_unknown: completeness unknown)"));
        QVERIFY(!page->timeline()->isVisible());
        QCOMPARE(page->bannerText(),
                 QStringLiteral(
                     "run 3: verdict partial_cut_unknown — completeness unknown (processing_complete=false, "
                     "cut_failed_queues=2)"));
        pickWithKeys(page->runPicker(), 1);
        QVERIFY(page->timeline()->isVisible());
        QVERIFY(page->bannerText().startsWith(
            QStringLiteral("run 2: verdict partial_safe — content incomplete")));
        QVERIFY(page->bannerText().contains(QStringLiteral("a zero loss count proves nothing")));
        pickWithKeys(page->runPicker(), 0);
        QCOMPARE(page->bannerText(), QString());
    }

    void oneRunHasNoPicker()
    {
        MainWindow window;
        window.show();
        CapturePage *page = window.openPath(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QTRY_VERIFY_WITH_TIMEOUT(page->state() == CapturePage::State::Ready, 20000);
        QVERIFY(!page->runPicker()->isVisible());
        QCOMPARE(page->runs().size(), std::size_t(1));
        QCOMPARE(page->runPicker()->count(), 1);
        QVERIFY(!page->hasAllRuns());
    }

    // The All runs view is laid out after loading: until then its entry says so and cannot be
    // picked, while every run can.
    void allRunsWaitsForItsLayout()
    {
        const LoadResult loaded = loadCapture(fixture(QStringLiteral("runs/two-runs")));
        QVERIFY(loaded.ok());
        CapturePage page(fixture(QStringLiteral("runs/two-runs")));
        page.resize(900, 600);
        page.show();
        page.showRuns(loaded.runs);
        QComboBox *picker = page.runPicker();
        QCOMPARE(picker->count(), 3);
        QCOMPARE(picker->itemText(2), QStringLiteral("All runs (2, laying out…)"));
        QCOMPARE(page.currentRun(), 1);
        picker->setFocus();
        QTest::keyClick(picker, Qt::Key_Down);
        QCOMPARE(page.currentRun(), 1);
        QVERIFY(!page.showsAllRuns());

        page.setAllRuns(layOutAllRuns(loaded.runs));
        QCOMPARE(picker->itemText(2), QStringLiteral("All runs (2, not analysed)"));
        QCOMPARE(page.currentRun(), 1); // laying out does not move the view
        QTest::keyClick(picker, Qt::Key_Down);
        QVERIFY(page.showsAllRuns());
        QCOMPARE(page.capture()->runSpans.size(), std::size_t(2));
    }
};

LANESCOPE_TEST_MAIN(TestRunPicker)
#include "tst_runpicker.moc"
