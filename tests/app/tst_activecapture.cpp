// The docks follow the window's ActiveCapture: a change of tab, of run and the arrival of an
// analysis reach every one of them, a comparison tab gives them the side its switch names (Before
// first, After at a click on the switch or on an After bar), and a closed tab leaves no dock
// pointing at its timeline.
#include "app/window/mainwindow.h"
#include "app/window/reviewcontroller.h"
#include "app/window/tabmodel.h"
#include "testmain.h"
#include "widgets/comparison/comparisonview.h"
#include "widgets/comparison/twintimeline.h"
#include "widgets/overlays/criticalpathhighlight.h"
#include "widgets/overlays/dependencyarrows.h"
#include "widgets/panels/annotationlist.h"
#include "widgets/panels/detailspanel.h"
#include "widgets/panels/functiontable.h"
#include "widgets/panels/reportmodel.h"
#include "widgets/panels/reportpanel.h"
#include "widgets/panels/ringspanel.h"
#include "widgets/panels/searchbar.h"
#include "widgets/panels/techniquespanel.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>

using namespace lanescope;

namespace {

const QString kBefore = QStringLiteral(LANESCOPE_SAMPLES "/before-after/before");
const QString kAfter = QStringLiteral(LANESCOPE_SAMPLES "/before-after/after");

bool analysed(const CapturePage *page)
{
    return page && page->state() == CapturePage::State::Ready && page->analysis();
}

// What every dock follows, read from the docks themselves.
struct Followed
{
    const TimelineNavigator *report, *arrows, *techniques, *critical;
    CapturePtr reportCapture, techniquesCapture;
    CaptureAnalysisPtr reportAnalysis;
};

Followed followed(const MainWindow &w)
{
    return {w.reportPanel()->view(),
            w.dependencyArrows()->view(),
            w.review()->techniquesPanel()->timeline(),
            w.criticalPath()->view(),
            w.reportPanel()->model()->capture(),
            w.review()->techniquesPanel()->capture(),
            w.reportPanel()->model()->analysis()};
}

void clickTab(MainWindow &w, int index)
{
    QTabBar *bar = w.tabs()->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(index).center());
}

void clickCloseButton(MainWindow &w, int index)
{
    QTabBar *bar = w.tabs()->tabBar();
    QWidget *button = bar->tabButton(index, QTabBar::RightSide);
    if (!button)
        button = bar->tabButton(index, QTabBar::LeftSide);
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton);
}

// Every dock follows `page`'s timeline, run and analysis.
void verifyFollows(const MainWindow &w, const CapturePage *page)
{
    const ActiveCapture *active = w.activeCapture();
    const TimelineView *view = page->timeline();
    QCOMPARE(active->view(), view);
    QCOMPARE(active->capture(), page->capture());
    QCOMPARE(active->analysis(), page->analysis());
    QVERIFY(!active->isComparison());
    const Followed f = followed(w);
    QCOMPARE(f.report, view);
    QCOMPARE(f.arrows, view);
    QCOMPARE(f.techniques, view);
    QCOMPARE(f.reportCapture, page->analysis() ? page->capture() : CapturePtr());
    QCOMPARE(f.reportAnalysis, page->analysis());
    QCOMPARE(f.techniquesCapture, page->capture());
    QCOMPARE(static_cast<const TimelineView *>(w.criticalPath()->view()), view);
}

} // namespace

class TestActiveCapture : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        qRegisterMetaType<CapturePage *>();
    }

    void docksFollowTheTabInFront()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(!w.activeCapture()->view());
        CapturePage *first = w.openPath(kBefore);
        CapturePage *second = w.openPath(kAfter);
        QTRY_VERIFY_WITH_TIMEOUT(analysed(first) && analysed(second), 30000);
        verifyFollows(w, second);

        QSignalSpy changed(w.activeCapture(), &ActiveCapture::changed);
        clickTab(w, 0);
        QCOMPARE(w.tabs()->currentIndex(), 0);
        QCOMPARE(changed.count(), 1);
        verifyFollows(w, first);

        // The function table locates on the timeline in front, the details dock shows what it
        // selected there and not on the other tab.
        QTableView *table = w.functionTable()->view();
        QVERIFY(table->model()->rowCount() > 0);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(0, 0)).center());
        QVERIFY(first->timeline()->selection());
        QVERIFY(!second->timeline()->selection());
        QVERIFY(w.detailsPanel()->toPlainText() != DetailsPanel().toPlainText());
        clickTab(w, 1);
        QCOMPARE(w.detailsPanel()->toPlainText(), DetailsPanel().toPlainText());
        clickTab(w, 0);
        QVERIFY(w.detailsPanel()->toPlainText() != DetailsPanel().toPlainText());

        // The search box searches the tab in front.
        QLineEdit *edit = w.searchBar()->lineEdit();
        edit->setFocus();
        QTest::keyClicks(edit, QStringLiteral("e"));
        QTRY_VERIFY(!w.searchBar()->matches().empty()); // once the typing pauses
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(*first->timeline()->selection(), w.searchBar()->matches().front());
    }

    void docksFollowTheRunOnScreen()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        CapturePage *page = w.openPath(QStringLiteral(LANESCOPE_FIXTURES "/runs/two-runs"));
        QTRY_VERIFY_WITH_TIMEOUT(analysed(page), 20000);
        verifyFollows(w, page);
        const CapturePtr last = page->capture();

        QSignalSpy changed(w.activeCapture(), &ActiveCapture::changed);
        QComboBox *picker = page->runPicker();
        picker->setFocus();
        QTest::keyClick(picker, Qt::Key_Up);
        QCOMPARE(page->currentRun(), 0);
        QVERIFY(page->capture() != last);
        QVERIFY(changed.count() >= 1);
        QCOMPARE(w.activeCapture()->capture(), page->capture());
        QTRY_VERIFY_WITH_TIMEOUT(page->analysis() != nullptr, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(w.activeCapture()->analysis(), page->analysis(), 20000);
        verifyFollows(w, page);
    }

    void analysisArrivesInEveryDock()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        // When the capture has loaded the docks follow it already, and its analysis is still due.
        bool followedWhenLoaded = false;
        CaptureAnalysisPtr analysisWhenLoaded;
        connect(&w, &MainWindow::captureLoaded, this, [&](CapturePage *loaded) {
            followedWhenLoaded = w.activeCapture()->view() == loaded->timeline() &&
                                 w.reportPanel()->view() == w.activeCapture()->navigator();
            analysisWhenLoaded = w.activeCapture()->analysis();
        });
        QSignalSpy arrived(w.activeCapture(), &ActiveCapture::analysisChanged);
        CapturePage *page = w.openPath(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QTRY_VERIFY_WITH_TIMEOUT(page->state() == CapturePage::State::Ready, 20000);
        QVERIFY(followedWhenLoaded);
        QVERIFY(!analysisWhenLoaded);
        QTRY_VERIFY_WITH_TIMEOUT(page->analysis() != nullptr, 20000);
        QCOMPARE(arrived.count(), 1);
        verifyFollows(w, page);
        QVERIFY(w.showCriticalPathAction()->isEnabled());
    }

    void comparisonGivesTheDocksTheChosenSide()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        CapturePage *before = w.openPath(kBefore);
        CapturePage *after = w.openPath(kAfter);
        QTRY_VERIFY_WITH_TIMEOUT(analysed(before) && analysed(after), 30000);
        w.review()->markBefore(before);
        w.review()->markAfter(after);
        QVERIFY(w.review()->compare(QStringLiteral("general")));
        ComparisonView *comparison = w.review()->comparisonView();
        QCOMPARE(w.tabModel()->currentComparison(), comparison);

        // The Before side first: every dock describes it, none says "no capture".
        const ActiveCapture *active = w.activeCapture();
        QVERIFY(active->isComparison());
        QCOMPARE(active->view(), comparison->twin()->beforeView());
        QCOMPARE(active->name(), QStringLiteral("Before — before"));
        Followed f = followed(w);
        QCOMPARE(f.techniques, comparison->twin()->beforeView());
        QCOMPARE(f.techniquesCapture, comparison->before().capture);
        QCOMPARE(f.report, comparison->twin()->beforeView());
        QCOMPARE(f.reportCapture, comparison->before().capture);
        QCOMPARE(f.reportAnalysis, comparison->before().analysis);
        QCOMPARE(f.arrows, comparison->twin()->beforeView());
        QCOMPARE(f.critical, comparison->twin()->beforeView());
        QVERIFY(w.functionTable()->view()->model()->rowCount() > 0);
        QVERIFY(!w.currentTimeline()); // no capture tab in front

        // The switch turns them to After.
        QTest::mouseClick(comparison->dockSideButton(ComparisonView::Side::After), Qt::LeftButton);
        QCOMPARE(comparison->dockSide(), ComparisonView::Side::After);
        QCOMPARE(active->view(), comparison->twin()->afterView());
        QCOMPARE(active->name(), QStringLiteral("After — after"));
        f = followed(w);
        QCOMPARE(f.report, comparison->twin()->afterView());
        QCOMPARE(f.reportAnalysis, comparison->after().analysis);
        QCOMPARE(f.techniquesCapture, comparison->after().capture);

        // A bar chosen on the Before side turns them back, and the status bar says so.
        TimelineView *beforeView = comparison->twin()->beforeView();
        int lane = -1;
        for (const TimelineRow &row : beforeView->layout().rows())
            if (lane < 0 && row.kind == TimelineRow::Kind::Lane &&
                !beforeView->capture()->lanes[std::size_t(row.index)].slices.empty())
                lane = row.index;
        QVERIFY(lane >= 0);
        beforeView->select(SliceRef{lane, 0});
        QCOMPARE(comparison->dockSide(), ComparisonView::Side::Before);
        QCOMPARE(active->view(), beforeView);
        QVERIFY2(comparison->statusText().endsWith(QStringLiteral("The docks show the Before side.")),
                 qPrintable(comparison->statusText()));

        clickTab(w, 0);
        verifyFollows(w, before);
    }

    void closedTabLeavesNothingDangling()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        CapturePage *first = w.openPath(kBefore);
        CapturePage *second = w.openPath(kAfter);
        QTRY_VERIFY_WITH_TIMEOUT(analysed(first) && analysed(second), 30000);
        QPointer<TimelineView> closed = second->timeline();
        QCOMPARE(w.activeCapture()->view(), closed.data());

        clickCloseButton(w, 1);
        verifyFollows(w, first);
        QTRY_VERIFY(!closed); // deleted later
        verifyFollows(w, first);

        clickCloseButton(w, 0);
        QTRY_COMPARE(w.tabs()->count(), 0);
        const ActiveCapture *active = w.activeCapture();
        QVERIFY(!active->view() && !active->capture() && !active->analysis());
        const Followed f = followed(w);
        QCOMPARE(f.report, nullptr);
        QCOMPARE(f.arrows, nullptr);
        QCOMPARE(f.techniques, nullptr);
        QCOMPARE(f.critical, nullptr);
        QCOMPARE(f.techniquesCapture, nullptr);
        QCOMPARE(w.detailsPanel()->toPlainText(), DetailsPanel().toPlainText());
        QCOMPARE(w.functionTable()->view()->model()->rowCount(), 0);
        QVERIFY(!w.showCriticalPathAction()->isEnabled());
        // Nothing acts on a timeline that is gone.
        QLineEdit *edit = w.searchBar()->lineEdit();
        edit->setFocus();
        QTest::keyClicks(edit, QStringLiteral("e"));
        QTest::keyClick(edit, Qt::Key_Return);
        QVERIFY(w.searchBar()->matches().empty());
        auto *markers = w.findChild<AnnotationList *>();
        QVERIFY(markers);
        markers->keepRegion();
        QVERIFY(!w.findChild<RingsPanel *>()->bandShown());
    }

    // A timeline destroyed before anyone says another tab is in front clears the ActiveCapture
    // at once, and the panels following it let go of it.
    void destroyedTimelineClearsWhatIsInFront()
    {
        MainWindow w;
        CapturePage *page = w.openPath(kBefore);
        QTRY_VERIFY_WITH_TIMEOUT(page->state() == CapturePage::State::Ready, 20000);
        ActiveCapture active;
        ReportPanel report(active);
        SearchBar search(active);
        auto *view = new TimelineView;
        view->setCapture(page->capture());
        active.showCapture(view, view->capture(), page->analysis(), QStringLiteral("before"));
        QCOMPARE(report.view(), view);
        QSignalSpy changed(&active, &ActiveCapture::changed);
        delete view;
        QCOMPARE(changed.count(), 1);
        QVERIFY(!active.view());
        QVERIFY(!active.capture());
        QCOMPARE(report.view(), nullptr);
        search.lineEdit()->setText(QStringLiteral("e"));
        QVERIFY(search.matches().empty());
    }
};

LANESCOPE_TEST_MAIN(TestActiveCapture)
#include "tst_activecapture.moc"
