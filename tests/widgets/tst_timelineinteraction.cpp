#include "model/capture/lanebuilder.h"
#include "model/capture/taskindex.h"
#include "model/io/loader.h"
#include "testmain.h"
#include "widgets/panels/detailspanel.h"
#include "widgets/timeline/lanearrangement.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timelineview.h"

#include <QMenu>
#include <QWheelEvent>

using namespace lanescope;

namespace {

// deps.json of the sample: task 4294967297 = ring 1, local 1 ("r1t1"), block_num 8.
constexpr std::uint64_t kSpmdTask = 4294967297ull;

CapturePtr loadSample()
{
    LoadResult r = loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
    return r.capture;
}

// The centre of a bar on screen, as the view currently shows it.
QPoint barCentre(const TimelineView &view, SliceRef bar)
{
    const Slice &s = view.capture()->lanes[std::size_t(bar.lane)].slices[bar.slice];
    const TimelineLayout &layout = view.layout();
    const TimelineRow &row = layout.rows()[std::size_t(layout.rowOfLane(bar.lane))];
    const TimelineViewport &vp = view.timelineViewport();
    const double x = vp.xOf((s.startUs + s.endUs) / 2);
    const double y = vp.lanesTop() + layout.sliceTop(row, s.depth) - vp.scrollYPx +
                     layout.metrics().sliceRowHeightPx / 2.0;
    return QPoint(int(x), int(y));
}

int laneNamed(const Capture &c, const QString &group, const QString &name)
{
    for (std::size_t i = 0; i < c.lanes.size(); ++i) {
        if (c.lanes[i].group == group && c.lanes[i].name == name)
            return int(i);
    }
    return -1;
}

std::vector<int> laneOrder(const TimelineLayout &layout)
{
    std::vector<int> lanes;
    for (const TimelineRow &row : layout.rows()) {
        if (row.kind == TimelineRow::Kind::Lane)
            lanes.push_back(row.index);
    }
    return lanes;
}

void sendWheel(QWidget *target, QPointF pos, int angleY)
{
    QWheelEvent event(pos, target->mapToGlobal(pos), QPoint(), QPoint(0, angleY), Qt::NoButton, {},
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &event);
}

} // namespace

class TestTimelineInteraction : public QObject
{
    Q_OBJECT

private:
    CapturePtr m_sample;
    std::unique_ptr<TimelineView> m_view;

    SliceRef spmdBlock(std::size_t block) const
    {
        const auto bars = m_view->taskLocator().barsOfTask(*m_sample, kSpmdTask);
        return block < bars.size() ? bars[block] : SliceRef{};
    }

private slots:
    void initTestCase()
    {
        m_sample = loadSample();
        QVERIFY(m_sample);
        QCOMPARE(isSpmdTask(*m_sample, kSpmdTask), true);
    }

    void init()
    {
        m_view = std::make_unique<TimelineView>();
        m_view->resize(1400, 700);
        m_view->setCapture(m_sample);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    }
    void cleanup() { m_view.reset(); }

    void clickSelectsTheBarAndDetailsShowItsIds()
    {
        const SliceRef bar = spmdBlock(2);
        QVERIFY(bar.isValid());
        m_view->centreOn(bar);
        DetailsPanel details;
        connect(m_view.get(), &TimelineView::selectionChanged, &details, [&] {
            if (m_view->selection())
                details.showSlice(m_sample, *m_view->selection());
            else
                details.showNothing();
        });
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, barCentre(*m_view, bar));
        QVERIFY(m_view->selection());
        QCOMPARE(*m_view->selection(), bar);
        const QString text = details.toPlainText();
        const TaskRow &row = m_sample->rows[m_sample->lanes[std::size_t(bar.lane)].slices[bar.slice].ref];
        QCOMPARE(row.taskId, kSpmdTask);
        QVERIFY2(text.contains(QStringLiteral("Task\n4294967297 (r1t1)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("reg_task_id\n%1").arg(row.regTaskId)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("SPMD block\n2 of 8")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Pickup")), qPrintable(text));

        QTest::keyClick(m_view.get(), Qt::Key_Escape);
        QVERIFY(!m_view->selection());
        QVERIFY(details.toPlainText().contains(QStringLiteral("Click a bar")));
    }

    void clickOnEmptySpaceClearsTheSelection()
    {
        m_view->select(spmdBlock(0));
        QVERIFY(m_view->selection());
        // The ruler's row below the last lane is empty: below the content.
        const int y = m_view->timelineViewport().lanesTop() + 2; // the first group heading
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {},
                          QPoint(m_view->timelineViewport().plotLeft() + 50, y));
        QVERIFY(!m_view->selection());
    }

    void spmdSelectionOutlinesEveryBlock()
    {
        m_view->select(spmdBlock(3));
        const auto expected = m_view->taskLocator().barsOfTask(*m_sample, kSpmdTask);
        QCOMPARE(expected.size(), std::size_t(8));
        const auto &related = m_view->paintOptions().relatedSlices;
        QCOMPARE(related.size(), expected.size());
        QVERIFY(related == expected);
        QCOMPARE(m_view->paintOptions().highlight.lane, spmdBlock(3).lane);
    }

    void fZoomsToTheSelection()
    {
        const SliceRef bar = spmdBlock(0);
        m_view->select(bar);
        QTest::keyClick(m_view.get(), Qt::Key_F);
        const Slice &s = m_sample->lanes[std::size_t(bar.lane)].slices[bar.slice];
        const double d = s.endUs - s.startUs;
        QCOMPARE_LE(std::abs(m_view->visibleRange().startUs - (s.startUs - 0.1 * d)), 1e-6);
        QCOMPARE_LE(std::abs(m_view->visibleRange().endUs - (s.endUs + 0.1 * d)), 1e-6);
    }

    void historyGoesBackAndForward()
    {
        const TimeRange fitted = m_view->visibleRange();
        const TimeRange a{fitted.startUs + 10, fitted.startUs + 110};
        const TimeRange b{fitted.startUs + 50, fitted.startUs + 70};
        m_view->setVisibleRange(a);
        m_view->setVisibleRange(b);
        // Three wheel ticks settle into one entry.
        const QPointF at(m_view->timelineViewport().plotLeft() + 100, 100);
        for (int i = 0; i < 3; ++i)
            sendWheel(m_view->viewport(), at, 120);
        const TimeRange wheeled = m_view->visibleRange();
        QVERIFY(wheeled.span() < b.span());
        QVERIFY(m_view->canGoBack());
        QTest::keyClick(m_view.get(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(m_view->visibleRange(), b);
        QTest::keyClick(m_view.get(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(m_view->visibleRange(), a);
        QTest::keyClick(m_view.get(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(m_view->visibleRange(), fitted);
        QVERIFY(!m_view->canGoBack());
        QTest::keyClick(m_view.get(), Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(m_view->visibleRange(), a);
        m_view->goForward();
        m_view->goForward();
        QCOMPARE(m_view->visibleRange(), wheeled);
        QVERIFY(!m_view->canGoForward());
        // A new navigation drops the entries ahead.
        m_view->goBack();
        m_view->setVisibleRange(a);
        QVERIFY(!m_view->canGoForward());
    }

    void pinningPutsALaneFirst()
    {
        const int aiv = laneNamed(*m_sample, QStringLiteral("AICore"), QStringLiteral("AIV_26"));
        QVERIFY(aiv >= 0);
        QMenu *menu = m_view->createLaneMenu(aiv, nullptr);
        QAction *pin = nullptr;
        for (QAction *a : menu->actions()) {
            if (a->text() == QStringLiteral("Pin to Top"))
                pin = a;
        }
        QVERIFY(pin);
        pin->trigger();
        delete menu;
        const TimelineLayout &layout = m_view->layout();
        QCOMPARE(layout.rows()[0].kind, TimelineRow::Kind::GroupHeading);
        QCOMPARE(layout.rows()[0].group, pinnedGroupName());
        QCOMPARE(layout.rows()[1].index, aiv);
        // Moved, not copied (the Scheduler View opens folded, see firstViewReachesTheAicoreLanes).
        const TimelineLayout opening(*m_sample, {}, initiallyCollapsedGroups(*m_sample));
        QCOMPARE(laneOrder(layout).size(), laneOrder(opening).size());
        m_view->setLanePinned(aiv, false);
        QCOMPARE(laneOrder(m_view->layout()), laneOrder(opening));
    }

    // At 1600×1000 the sample opens with AICore lanes in sight: the 72 Scheduler View lanes that
    // mirror them start folded, and one click on their heading unfolds them.
    void firstViewReachesTheAicoreLanes()
    {
        TimelineView view;
        view.resize(1600 - 500, 1000 - 300); // the window less its docks, toolbar and status line
        view.setCapture(m_sample);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const TimelineLayout &layout = view.layout();
        int firstAicore = -1;
        for (const TimelineRow &row : layout.rows())
            if (row.kind == TimelineRow::Kind::Lane &&
                m_sample->lanes[std::size_t(row.index)].kind == LaneKind::Worker) {
                firstAicore = row.y;
                break;
            }
        QVERIFY(firstAicore >= 0);
        constexpr int kRulerPx = 28; // rows start below the time ruler
        QVERIFY2(kRulerPx + firstAicore + 20 < view.viewport()->height(),
                 qPrintable(QStringLiteral("first AICore lane at %1 px of %2")
                                .arg(firstAicore)
                                .arg(view.viewport()->height())));
        int heading = -1;
        for (const TimelineRow &row : layout.rows())
            if (row.kind == TimelineRow::Kind::GroupHeading && row.group == groups::schedulerView) {
                QVERIFY(row.collapsed);
                heading = row.y;
            }
        QVERIFY(heading >= 0);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, QPoint(20, kRulerPx + heading + 5));
        bool unfolded = false;
        for (const TimelineRow &row : view.layout().rows())
            if (row.kind == TimelineRow::Kind::GroupHeading && row.group == groups::schedulerView)
                unfolded = !row.collapsed;
        QVERIFY(unfolded);
    }

    void collapsingAndHidingRemoveLanes()
    {
        const std::size_t all = laneOrder(m_view->layout()).size();
        const int aicore =
            int(std::count_if(m_sample->lanes.begin(), m_sample->lanes.end(),
                              [](const Lane &l) { return l.group == QStringLiteral("AICore"); }));
        QVERIFY(aicore > 0);
        m_view->setGroupCollapsed(QStringLiteral("AICore"), true);
        QCOMPARE(laneOrder(m_view->layout()).size(), all - std::size_t(aicore));
        m_view->setGroupCollapsed(QStringLiteral("AICore"), false);

        const int lane = laneNamed(*m_sample, QStringLiteral("AICore"), QStringLiteral("AIC_0"));
        m_view->setLaneHidden(lane, true);
        QCOMPARE(m_view->layout().rowOfLane(lane), -1);
        QCOMPARE(laneOrder(m_view->layout()).size(), all - 1);
        m_view->showAllLanes();
        QVERIFY(m_view->layout().rowOfLane(lane) >= 0);
    }

    void moveDownSwapsWithTheNextLaneOfTheGroup()
    {
        const int first = laneNamed(*m_sample, QStringLiteral("AICore"), QStringLiteral("AIC_0"));
        const std::vector<int> before = laneOrder(m_view->layout());
        const auto at = std::find(before.begin(), before.end(), first) - before.begin();
        m_view->moveLane(first, +1);
        const std::vector<int> after = laneOrder(m_view->layout());
        QCOMPARE(after[std::size_t(at)], before[std::size_t(at + 1)]);
        QCOMPARE(after[std::size_t(at + 1)], first);
        m_view->moveLane(first, -1);
        QCOMPARE(laneOrder(m_view->layout()), before);
    }

    void draggingAHeaderMovesTheLane()
    {
        const int a = laneNamed(*m_sample, QStringLiteral("AICore"), QStringLiteral("AIC_0"));
        const std::vector<int> before = laneOrder(m_view->layout());
        const auto at = std::find(before.begin(), before.end(), a) - before.begin();
        const int target = before[std::size_t(at + 2)];
        m_view->centreOn({a, 0});
        auto headerPoint = [&](int lane) {
            const TimelineRow &row = m_view->layout().rows()[std::size_t(m_view->layout().rowOfLane(lane))];
            return QPoint(40, int(m_view->timelineViewport().lanesTop() + row.y -
                                  m_view->timelineViewport().scrollYPx + row.height / 2));
        };
        QTest::mousePress(m_view->viewport(), Qt::LeftButton, {}, headerPoint(a));
        QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, {}, headerPoint(target));
        const std::vector<int> after = laneOrder(m_view->layout());
        QCOMPARE(after[std::size_t(at + 2)], a);
        QCOMPARE(after[std::size_t(at)], before[std::size_t(at + 1)]);
    }

    void selectionRepaintsFromTheFrameCache()
    {
        const SliceRef bar = spmdBlock(0);
        m_view->centreOn(bar);
        m_view->zoomToSelection();
        const Slice &s = m_sample->lanes[std::size_t(bar.lane)].slices[bar.slice];
        const QPoint centre = barCentre(*m_view, bar);
        const int outlineX = int(std::floor(m_view->timelineViewport().xOf(s.startUs) + 0.5)) - 1;
        auto outlined = [&] {
            return qGray(m_view->viewport()->grab().toImage().pixel(outlineX, centre.y())) < 60;
        };
        QVERIFY(!outlined());
        QVERIFY(!m_view->lastPaintStats().fromCache); // a new range
        m_view->select(bar);
        QVERIFY(outlined());
        QVERIFY(m_view->lastPaintStats().fromCache); // only the overlay changed
        m_view->clearSelection();
        QVERIFY(!outlined());
        QVERIFY(m_view->lastPaintStats().fromCache);
        m_view->setColourMode(BarColourMode::CoreType);
        m_view->viewport()->grab();
        QVERIFY(!m_view->lastPaintStats().fromCache); // a new picture
    }

    void fitAllIgnoresLanesOnTheirOwnClock()
    {
        auto c = std::make_shared<Capture>();
        Lane device;
        device.group = QStringLiteral("AICore");
        device.name = QStringLiteral("AIC_0");
        device.slices = {Slice{100, 200, 0, 0, 0, 0}};
        Lane host;
        host.group = QStringLiteral("Host");
        host.name = QStringLiteral("python");
        host.kind = LaneKind::Host;
        host.clockAligned = false;
        host.slices = {Slice{-5000, 9000, 0, 0, 0, 0}};
        c->lanes = {host, device};
        m_view->setCapture(c);
        QCOMPARE(m_view->visibleRange(), fitRange({100, 200}));
        QCOMPARE(m_view->fullRange(), fitRange({-5000, 9000}));
        QVERIFY(m_view->describeSlice({0, 0}).contains(QStringLiteral("Own clock")));
    }
};

LANESCOPE_TEST_MAIN(TestTimelineInteraction)
#include "tst_timelineinteraction.moc"
