#include "app/window/mainwindow.h"
#include "testmain.h"
#include "widgets/overlays/criticalpathhighlight.h"
#include "widgets/overlays/criticalpathoverlay.h"
#include "widgets/panels/reportmodel.h"
#include "widgets/panels/reportpanel.h"
#include "widgets/panels/ringspanel.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTreeView>

using namespace lanescope;

// The window keeps each tab's analysis, computed after its timeline is shown, and shows it in the
// Analysis, Rings and Techniques docks and as the critical path over the timeline.
class TestAnalysisDock : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void analysisArrivesWithTheCapture()
    {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        // The timeline first: when the capture has loaded, its analysis has only just started.
        auto *rings = window.findChild<RingsPanel *>();
        QVERIFY(rings);
        bool analysedWhenLoaded = true;
        QString reportWhenLoaded, ringsWhenLoaded;
        connect(&window, &MainWindow::captureLoaded, this, [&](CapturePage *loaded) {
            analysedWhenLoaded = bool(loaded->analysis());
            if (auto *label =
                    window.reportPanel()->findChild<QLabel *>(QStringLiteral("analysisPlaceholder")))
                reportWhenLoaded = label->text();
            ringsWhenLoaded = rings->diagnosisText();
        });
        QSignalSpy analysed(&window, &MainWindow::captureAnalysed);
        CapturePage *page = window.openPath(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QTRY_VERIFY_WITH_TIMEOUT(window.currentTimeline() != nullptr, 20000);
        QVERIFY(!analysedWhenLoaded);
        QCOMPARE(reportWhenLoaded, QStringLiteral("Analysing the capture…"));
        QCOMPARE(ringsWhenLoaded, QStringLiteral("Analysing the capture…"));
        QTRY_VERIFY_WITH_TIMEOUT(page->analysis() != nullptr, 20000);
        QCOMPARE(analysed.count(), 1);
        QVERIFY2(!rings->diagnosisText().contains(QStringLiteral("Analysing")),
                 qPrintable(rings->diagnosisText()));
        QVERIFY(page->analysis()->report.overhead);
        ReportPanel *panel = window.reportPanel();
        QCOMPARE(panel->view(), window.currentTimeline());
        QCOMPARE(panel->model()->analysis(), page->analysis());
        QVERIFY(panel->model()->indexOfKey(QStringLiteral("overhead")).isValid());

        QAction *show = window.showCriticalPathAction();
        QVERIFY(show->isEnabled());
        QVERIFY(!window.criticalPath()->overlay());
        window.currentTimeline()->setFocus();
        QTest::keyClick(window.currentTimeline(), Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(show->isChecked());
        QVERIFY(window.criticalPath()->overlay());
        QVERIFY(!window.criticalPath()->overlay()->isEmpty());

        // An offscreen picture of the window with the path shown, when asked for.
        const QString pictures = qEnvironmentVariable("LANESCOPE_TEST_PICTURES");
        if (!pictures.isEmpty()) {
            QDir().mkpath(pictures);
            TimelineView *view = window.currentTimeline();
            for (const Lane &lane : view->capture()->lanes)
                if (lane.group != QLatin1String("AICore"))
                    view->setGroupCollapsed(lane.group, true);
            if (auto *dock = qobject_cast<QDockWidget *>(panel->parentWidget()))
                dock->raise();
            window.grab().save(pictures + QStringLiteral("/mainwindow-critical-path.png"));
            const TimeRange full = view->captureExtent();
            view->setVisibleRange({full.startUs + full.span() * 0.40, full.startUs + full.span() * 0.48});
            view->viewport()->grab().save(pictures + QStringLiteral("/timeline-critical-path.png"));
            ReportPanel report;
            report.resize(1100, 900);
            report.setSource(view, page->analysis());
            report.grab().save(pictures + QStringLiteral("/analysis-panel.png"));
        }

        show->trigger();
        QVERIFY(!show->isChecked());
        QVERIFY(!window.criticalPath()->overlay());
    }

    void aSecondTabHasItsOwnAnalysis()
    {
        MainWindow window;
        CapturePage *first = window.openPath(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QTRY_VERIFY_WITH_TIMEOUT(first->analysis() != nullptr, 20000);
        CapturePage *second = window.openPath(QStringLiteral(LANESCOPE_FIXTURES "/generated/level1"));
        QTRY_VERIFY_WITH_TIMEOUT(second->analysis() != nullptr, 20000);
        QCOMPARE(window.reportPanel()->model()->analysis(), second->analysis());
        const QModelIndex head = window.reportPanel()->model()->indexOfKey(QStringLiteral("head_oh"));
        QVERIFY(window.reportPanel()->model()->entry(head)->isAbsent());
        window.showCriticalPathAction()->setChecked(true);
        QCOMPARE(window.criticalPath()->view(), second->timeline());
        QVERIFY(window.criticalPath()->overlay());
        // Back on the first tab: its own analysis, the same object as before (not computed again).
        const CaptureAnalysisPtr kept = first->analysis();
        window.tabs()->setCurrentWidget(first);
        QCOMPARE(window.reportPanel()->model()->analysis(), kept);
        QCOMPARE(first->analysis(), kept);
        QCOMPARE(window.criticalPath()->view(), first->timeline());
        QVERIFY(window.criticalPath()->overlay());
    }
};

LANESCOPE_TEST_MAIN(TestAnalysisDock)
#include "tst_analysisdock.moc"
