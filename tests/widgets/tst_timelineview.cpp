#include "testmain.h"
#include "widgets/timeline/timelineview.h"

#include <QScrollBar>
#include <QSignalSpy>
#include <QWheelEvent>

using namespace lanescope;

namespace {

// The middle of the first lane's bars: ruler 28 + heading 24 + padding 2 + half a bar row.
constexpr int kLane0Y = 28 + 24 + 2 + 8;

Slice slice(double start, double end, std::uint32_t label)
{
    Slice s;
    s.startUs = start;
    s.endUs = end;
    s.label = label;
    return s;
}

// AIC_0: QK [100, 300], SV [500, 600]; AIV_1: LONG [0, 1000]. Extent [0, 1000].
CapturePtr smallCapture()
{
    auto c = std::make_shared<Capture>();
    Lane aic;
    aic.group = QStringLiteral("AICore");
    aic.name = QStringLiteral("AIC_0");
    aic.slices = {slice(100, 300, c->strings.intern(QStringLiteral("QK(t0)"))),
                  slice(500, 600, c->strings.intern(QStringLiteral("SV(t1)")))};
    Lane aiv;
    aiv.group = QStringLiteral("AICore");
    aiv.name = QStringLiteral("AIV_1");
    aiv.slices = {slice(0, 1000, c->strings.intern(QStringLiteral("LONG(t2)")))};
    c->lanes = {aic, aiv};
    return c;
}

// Many lanes, so that the content is taller than the view.
CapturePtr tallCapture()
{
    auto c = std::make_shared<Capture>();
    const std::uint32_t name = c->strings.intern(QStringLiteral("K"));
    for (int i = 0; i < 60; ++i) {
        Lane lane;
        lane.group = QStringLiteral("AICore");
        lane.name = QStringLiteral("AIV_%1").arg(i);
        lane.slices = {slice(0, 1000, name)};
        c->lanes.push_back(lane);
    }
    return c;
}

void sendWheel(QWidget *target, QPointF pos, int angleY, Qt::KeyboardModifiers modifiers = {})
{
    QWheelEvent event(pos, target->mapToGlobal(pos), QPoint(), QPoint(0, angleY), Qt::NoButton, modifiers,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &event);
}

} // namespace

class TestTimelineView : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TimelineView> m_view;

private slots:
    void init()
    {
        m_view = std::make_unique<TimelineView>();
        m_view->resize(1200, 400);
        m_view->setCapture(smallCapture());
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    }
    void cleanup() { m_view.reset(); }

    void startsFitted()
    {
        // Extent [0, 1000] plus 2% on both sides.
        QCOMPARE(m_view->visibleRange(), (TimeRange{-20, 1020}));
        QCOMPARE(m_view->timelineViewport().widthPx, m_view->viewport()->width());
    }

    void wheelZoomKeepsTheTimeUnderTheCursor_data()
    {
        QTest::addColumn<double>("plotFraction");
        QTest::addColumn<int>("angle");
        QTest::addColumn<double>("spanRatio");
        QTest::newRow("one notch in, left") << 0.2 << 120 << 1 / 1.25;
        QTest::newRow("one notch in, right") << 0.9 << 120 << 1 / 1.25;
        QTest::newRow("two notches in") << 0.5 << 240 << 1 / (1.25 * 1.25);
        QTest::newRow("one notch out") << 0.35 << -120 << 1.25;
        QTest::newRow("half a notch in (touchpad)") << 0.6 << 60 << 1 / std::sqrt(1.25);
    }
    void wheelZoomKeepsTheTimeUnderTheCursor()
    {
        QFETCH(double, plotFraction);
        QFETCH(int, angle);
        QFETCH(double, spanRatio);
        m_view->setVisibleRange({400, 600}); // room to zoom out without hitting the capture edges
        const TimelineViewport &vp = m_view->timelineViewport();
        const double x = vp.plotLeft() + plotFraction * vp.plotWidth();
        const double before = m_view->timeAtX(x);
        const double span = vp.spanUs();
        QSignalSpy spy(m_view.get(), &TimelineView::visibleRangeChanged);
        sendWheel(m_view->viewport(), QPointF(x, kLane0Y), angle);
        QCOMPARE_LE(std::abs(m_view->timeAtX(x) - before), 1e-9);
        QCOMPARE_LE(std::abs(m_view->visibleRange().span() - span * spanRatio), 1e-9);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), m_view->visibleRange().startUs);
        QCOMPARE(spy.at(0).at(1).toDouble(), m_view->visibleRange().endUs);
    }

    void wheelCannotZoomOutBeyondTheCapture()
    {
        sendWheel(m_view->viewport(), QPointF(600, kLane0Y), -1200);
        QCOMPARE(m_view->visibleRange(), (TimeRange{-20, 1020}));
    }

    void dragPansByTheDraggedDistance_data()
    {
        QTest::addColumn<int>("dx");
        QTest::newRow("right 150 px") << 150;
        QTest::newRow("left 90 px") << -90;
        QTest::newRow("no move") << 0;
    }
    void dragPansByTheDraggedDistance()
    {
        QFETCH(int, dx);
        m_view->setVisibleRange({400, 600});
        const double usPerPx = m_view->timelineViewport().usPerPx();
        const QPoint from(m_view->timelineViewport().plotLeft() + 400, kLane0Y);
        QTest::mousePress(m_view->viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(m_view->viewport(), from + QPoint(dx / 2, 0));
        QTest::mouseMove(m_view->viewport(), from + QPoint(dx, 0));
        QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, {}, from + QPoint(dx, 0));
        // Dragging right by dx pixels shows dx pixels' worth of earlier time.
        QCOMPARE_LE(std::abs(m_view->visibleRange().startUs - (400 - dx * usPerPx)), 1e-9);
        QCOMPARE_LE(std::abs(m_view->visibleRange().endUs - (600 - dx * usPerPx)), 1e-9);
    }

    void dragStopsAtTheCaptureEdge()
    {
        m_view->setVisibleRange({0, 200});
        const QPoint from(m_view->timelineViewport().plotLeft() + 100, kLane0Y);
        QTest::mousePress(m_view->viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(m_view->viewport(), from + QPoint(500, 0));
        QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, {}, from + QPoint(500, 0));
        QCOMPARE(m_view->visibleRange(), (TimeRange{-20, 180}));
    }

    void keysZoomPanAndFit()
    {
        m_view->setVisibleRange({400, 600});
        QTest::keyClick(m_view.get(), Qt::Key_Plus);
        QCOMPARE_LE(std::abs(m_view->visibleRange().span() - 200 / 1.5), 1e-9);
        QTest::keyClick(m_view.get(), Qt::Key_Minus);
        QCOMPARE_LE(std::abs(m_view->visibleRange().span() - 200), 1e-9);

        m_view->setVisibleRange({400, 600});
        QTest::keyClick(m_view.get(), Qt::Key_D); // 20% of the span later
        QCOMPARE_LE(std::abs(m_view->visibleRange().startUs - 440), 1e-9);
        QTest::keyClick(m_view.get(), Qt::Key_Left); // and back
        QCOMPARE_LE(std::abs(m_view->visibleRange().startUs - 400), 1e-9);

        QTest::keyClick(m_view.get(), Qt::Key_0);
        QCOMPARE(m_view->visibleRange(), (TimeRange{-20, 1020}));
        m_view->setVisibleRange({400, 600});
        QTest::keyClick(m_view.get(), Qt::Key_Home);
        QCOMPARE(m_view->visibleRange(), (TimeRange{-20, 1020}));
    }

    void findsAndDescribesTheSliceUnderTheMouse()
    {
        m_view->setVisibleRange({0, 1000});
        const TimelineViewport &vp = m_view->timelineViewport();
        const auto hit = m_view->sliceAt(QPointF(vp.xOf(200), kLane0Y));
        QVERIFY(hit);
        QCOMPARE(hit->lane, 0);
        QCOMPARE(hit->slice, std::size_t(0));
        const QString text = m_view->describeSlice(*hit);
        QVERIFY2(text.contains(QStringLiteral("QK(t0)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Start 100 µs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("End 300 µs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Duration 200 µs")), qPrintable(text));

        QVERIFY(!m_view->sliceAt(QPointF(vp.xOf(400), kLane0Y)));       // the gap between QK and SV
        QVERIFY(!m_view->sliceAt(QPointF(vp.plotLeft() - 5, kLane0Y))); // the header column
        const auto second = m_view->sliceAt(QPointF(vp.xOf(550), kLane0Y));
        QVERIFY(second);
        QCOMPARE(second->slice, std::size_t(1));
        const auto other = m_view->sliceAt(QPointF(vp.xOf(400), kLane0Y + 22)); // AIV_1 below
        QVERIFY(other);
        QCOMPARE(other->lane, 1);
    }

    void clickOnAGroupHeadingFoldsIt()
    {
        m_view->setVisibleRange({0, 1000});
        const QPointF bar(m_view->timelineViewport().xOf(200), kLane0Y);
        QVERIFY(m_view->sliceAt(bar));
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, QPoint(40, 28 + 12));
        QVERIFY(!m_view->sliceAt(bar));
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, QPoint(40, 28 + 12));
        QVERIFY(m_view->sliceAt(bar));
    }

    void scrollsThroughManyLanes()
    {
        m_view->setCapture(tallCapture());
        // 24 px heading + 60 lanes of 22 px = 1344 px of content under a 28 px ruler.
        QScrollBar *bar = m_view->verticalScrollBar();
        QCOMPARE(bar->maximum(), 1344 - (m_view->viewport()->height() - 28));
        sendWheel(m_view->viewport(), QPointF(600, 200), -120, Qt::ShiftModifier);
        QCOMPARE(m_view->timelineViewport().scrollYPx, 60.0);
        QCOMPARE(bar->value(), 60);
        bar->setValue(100);
        QCOMPARE(m_view->timelineViewport().scrollYPx, 100.0);
        // y = 33 is content y 33 - 28 + 100 = 105: lane 3 spans content y 24 + 3 * 22 = 90 .. 112.
        const auto hit = m_view->sliceAt(QPointF(600, 28 + 2 + 3));
        QVERIFY(hit);
        QCOMPARE(hit->lane, 3);
    }

    // A bookmark keeps the range, the scroll, the folded groups and the lane arrangement, and
    // showing it brings all of them back; Back returns to the view before it.
    void viewRoundTripsThroughABookmark()
    {
        m_view->setCapture(tallCapture());
        m_view->setVisibleRange({200, 400});
        m_view->moveLane(5, -1);
        m_view->setLanePinned(7, true);
        m_view->setLaneHidden(2, true);
        m_view->verticalScrollBar()->setValue(150);
        const ViewBookmark stored = m_view->currentView();
        QCOMPARE(stored.range, (TimeRange{200, 400}));
        QCOMPARE(stored.scrollYPx, 150.0);
        QCOMPARE(stored.pinnedLanes, std::vector<int>{7});
        QCOMPARE(stored.hiddenLanes, std::vector<int>{2});
        QCOMPARE(stored.laneOrder.size(), std::size_t(60));
        const LaneArrangement arranged = m_view->laneArrangement();

        m_view->showAllLanes();
        m_view->setLanePinned(7, false);
        m_view->setLaneArrangement({});
        m_view->setGroupCollapsed(QStringLiteral("AICore"), true);
        m_view->fitAll();
        QVERIFY(m_view->currentView() != stored);

        m_view->showView(stored);
        QCOMPARE(m_view->currentView(), stored);
        QCOMPARE(m_view->laneArrangement(), arranged);
        QCOMPARE(m_view->verticalScrollBar()->value(), 150);
        QCOMPARE(m_view->layout().rowOfLane(2), -1); // hidden again
        m_view->goBack();
        QCOMPARE(m_view->visibleRange(), m_view->fullRange());
    }

    // A bookmark read from a file may name lanes the capture does not have (another run, an edited
    // file): those are left out, an order that is not all lanes is ignored, the range is clamped.
    void bookmarkOfOtherLanes_data()
    {
        QTest::addColumn<std::vector<int>>("order");
        QTest::addColumn<std::vector<int>>("pinned");
        QTest::addColumn<std::vector<int>>("hidden");
        QTest::addColumn<std::vector<int>>("shownOrder");
        QTest::addColumn<std::vector<int>>("shownPinned");
        QTest::addColumn<std::vector<int>>("shownHidden");
        QTest::newRow("own lanes") << std::vector<int>{1, 0} << std::vector<int>{1} << std::vector<int>{0}
                                   << std::vector<int>{1, 0} << std::vector<int>{1} << std::vector<int>{0};
        QTest::newRow("lanes beyond")
            << std::vector<int>{} << std::vector<int>{5, 1} << std::vector<int>{0, 9} << std::vector<int>{}
            << std::vector<int>{1} << std::vector<int>{0};
        QTest::newRow("order of more lanes")
            << std::vector<int>{2, 1, 0} << std::vector<int>{} << std::vector<int>{} << std::vector<int>{}
            << std::vector<int>{} << std::vector<int>{};
        QTest::newRow("order naming another lane")
            << std::vector<int>{0, 7} << std::vector<int>{} << std::vector<int>{} << std::vector<int>{}
            << std::vector<int>{} << std::vector<int>{};
    }

    void bookmarkOfOtherLanes()
    {
        QFETCH(std::vector<int>, order);
        QFETCH(std::vector<int>, pinned);
        QFETCH(std::vector<int>, hidden);
        QFETCH(std::vector<int>, shownOrder);
        QFETCH(std::vector<int>, shownPinned);
        QFETCH(std::vector<int>, shownHidden);
        ViewBookmark view;
        view.range = {-5000, 90000}; // wider than the capture
        view.scrollYPx = 10000;
        view.collapsedGroups = {QStringLiteral("No such group")};
        view.laneOrder = order;
        view.pinnedLanes = pinned;
        view.hiddenLanes = hidden;
        m_view->showView(view);
        const ViewBookmark shown = m_view->currentView();
        QCOMPARE(shown.laneOrder, shownOrder);
        QCOMPARE(shown.pinnedLanes, shownPinned);
        QCOMPARE(shown.hiddenLanes, shownHidden);
        QCOMPARE(shown.range, m_view->fullRange());
        QCOMPARE(shown.scrollYPx, 0.0); // everything fits
        m_view->repaint();              // and it paints
    }
};

LANESCOPE_TEST_MAIN(TestTimelineView)
#include "tst_timelineview.moc"
