#include "model/io/loader.h"
#include "model/techniques/captureanalysis.h"
#include "testmain.h"
#include "widgets/panels/reportmodel.h"
#include "widgets/panels/reportpanel.h"
#include "widgets/timeline/timelineview.h"

#include <QHBoxLayout>
#include <QSignalSpy>
#include <QTreeView>

using namespace lanescope;

// A report panel next to a timeline of the bundled sample: clicking an entry selects and shows
// what it points at.
class TestReportPanel : public QObject
{
    Q_OBJECT

    std::unique_ptr<QWidget> m_window;
    TimelineView *m_view = nullptr;
    ReportPanel *m_panel = nullptr;
    CaptureAnalysisPtr m_analysis;

    void click(const QString &key)
    {
        const QModelIndex index = m_panel->model()->indexOfKey(key);
        QVERIFY2(index.isValid(), qPrintable(key));
        m_panel->tree()->scrollTo(index);
        const QRect rect = m_panel->tree()->visualRect(index);
        QVERIFY2(rect.isValid(), qPrintable(key));
        QTest::mouseClick(m_panel->tree()->viewport(), Qt::LeftButton, {}, rect.center());
    }

    // The view shows [from, to] and not much more than a few times its length around it.
    void verifyShows(double from, double to)
    {
        const TimeRange shown = m_view->visibleRange();
        QVERIFY2(shown.startUs <= from && shown.endUs >= to, qPrintable(QStringLiteral("%1..%2 not in %3..%4")
                                                                            .arg(from)
                                                                            .arg(to)
                                                                            .arg(shown.startUs)
                                                                            .arg(shown.endUs)));
        QVERIFY(shown.span() < m_view->fullRange().span());
    }

private slots:
    void init()
    {
        const CapturePtr capture = loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")).capture;
        QVERIFY(capture);
        m_analysis = std::make_shared<const CaptureAnalysis>(analyzeCapture(*capture));
        m_window = std::make_unique<QWidget>();
        auto *layout = new QHBoxLayout(m_window.get());
        m_view = new TimelineView(m_window.get());
        m_view->setCapture(capture);
        m_panel = new ReportPanel(m_window.get());
        layout->addWidget(m_view, 3);
        layout->addWidget(m_panel, 2);
        m_window->resize(1500, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_view->fitAll();
        m_panel->setSource(m_view, m_analysis);
        QVERIFY(m_panel->tree()->isVisible());
    }

    void cleanup() { m_window.reset(); }

    void noSourceShowsAPlaceholder()
    {
        m_panel->setSource(nullptr, nullptr);
        QVERIFY(!m_panel->tree()->isVisible());
        QCOMPARE(m_panel->model()->rowCount(), 0);
    }

    void worstHeadSelectsItsBar()
    {
        QVERIFY(m_analysis->landmarks.worstHead);
        const RowLandmark worst = *m_analysis->landmarks.worstHead;
        click(QStringLiteral("head_oh.max"));
        QVERIFY(m_view->selection());
        QCOMPARE(*m_view->selection(), m_view->taskLocator().barOfRow(*m_view->capture(), worst.row));
        verifyShows(worst.fromUs, worst.toUs);
    }

    void verdictZoomsToTheLongestInterval()
    {
        QVERIFY(m_analysis->landmarks.longestHasOverhead);
        const IntervalLandmark has = *m_analysis->landmarks.longestHasOverhead;
        click(figures::overhead);
        verifyShows(has.fromUs, has.toUs);
    }

    void switchGapSelectsTheNextBar()
    {
        // The engine whose cores switched (the sample's AIV cores never pick up a queued task).
        const auto &switches = m_analysis->landmarks.longestSwitch;
        const std::size_t engine = switches[0] ? 0 : 1;
        QVERIFY(switches[engine]);
        const CoreGapLandmark gap = *switches[engine];
        click(QStringLiteral("switch.") + QLatin1String(engineName(int(engine))));
        QVERIFY(m_view->selection());
        QCOMPARE(*m_view->selection(), m_view->taskLocator().barOfRow(*m_view->capture(), gap.nextRow));
        verifyShows(gap.fromUs, gap.toUs);
    }

    void pathHopSelectsItsTask()
    {
        const CriticalPathAttribution &p = *m_analysis->report.criticalPath;
        QVERIFY(p.taskIds.size() > 2);
        const QString parent = figures::criticalPath + QStringLiteral(".tasks");
        m_panel->tree()->expand(m_panel->model()->indexOfKey(parent));
        click(parent + QStringLiteral(".2"));
        QVERIFY(m_view->selection());
        const Slice &s = m_view->capture()
                             ->lanes[std::size_t(m_view->selection()->lane)]
                             .slices[m_view->selection()->slice];
        QCOMPARE(m_view->capture()->rows[s.ref].taskId, p.taskIds[2]);
        QVERIFY(m_view->visibleRange().contains((s.startUs + s.endUs) / 2));
    }

    void observedGapZoomsToIt()
    {
        const ObservedCriticalPath &p = *m_analysis->report.observedPath;
        const auto gap = std::find_if(p.segments.begin(), p.segments.end(), [](const PathSegment &s) {
            return s.kind != PathSegment::Kind::Compute;
        });
        QVERIFY(gap != p.segments.end());
        const QString parent = figures::observedCriticalPath + QStringLiteral(".gaps");
        m_panel->tree()->expand(m_panel->model()->indexOfKey(parent));
        const TimeRange before = m_view->visibleRange();
        click(parent + QStringLiteral(".0"));
        QVERIFY(m_view->visibleRange() != before);
        verifyShows(gap->startUs, gap->endUs);
    }

    void keyboardActivationNavigates()
    {
        QVERIFY(m_analysis->landmarks.worstTail);
        const RowLandmark worst = *m_analysis->landmarks.worstTail;
        const QModelIndex index = m_panel->model()->indexOfKey(QStringLiteral("tail_oh.max"));
        m_panel->tree()->setFocus();
        m_panel->tree()->setCurrentIndex(index);
        QTest::keyClick(m_panel->tree(), Qt::Key_Return);
        QVERIFY(m_view->selection());
        QCOMPARE(*m_view->selection(), m_view->taskLocator().barOfRow(*m_view->capture(), worst.row));
    }

    void absentEntryDoesNothing()
    {
        // A level-1 view of the same capture: nothing of level 2 to click.
        Capture level1 = *m_view->capture();
        level1.info.level = 1;
        for (TaskRow &r : level1.rows) {
            r.flags &= ~TaskRow::HasAicpu;
            r.dispatchUs = r.finishUs = 0;
        }
        auto capture = std::make_shared<const Capture>(std::move(level1));
        auto analysis = std::make_shared<const CaptureAnalysis>(analyzeCapture(*capture));
        m_view->setCapture(capture);
        m_panel->setSource(m_view, analysis);
        const QModelIndex head = m_panel->model()->indexOfKey(figures::headOh);
        QVERIFY(m_panel->model()->entry(head)->isAbsent());
        QCOMPARE(m_panel->model()->data(head.siblingAtColumn(ReportModel::Value)).toString(),
                 QStringLiteral("— ") + reasons::needsLevel2);
        const TimeRange before = m_view->visibleRange();
        QSignalSpy spy(m_panel, &ReportPanel::navigated);
        click(figures::headOh);
        QCOMPARE(spy.count(), 0);
        QCOMPARE(m_view->visibleRange(), before);
        QVERIFY(!m_view->selection());
    }
};

LANESCOPE_TEST_MAIN(TestReportPanel)
#include "tst_reportpanel.moc"
