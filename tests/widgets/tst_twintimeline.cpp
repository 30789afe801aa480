#include "beforeafterpair.h"
#include "groupheadingtesting.h"
#include "model/capture/lanebuilder.h"
#include "model/io/loader.h"
#include "testmain.h"
#include "widgets/comparison/twintimeline.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QLabel>
#include <QScrollBar>
#include <QWheelEvent>

using namespace lanescope;

namespace {

void sendWheel(QWidget *target, QPointF pos, int angleY)
{
    QWheelEvent event(pos, target->mapToGlobal(pos), QPoint(), QPoint(0, angleY), Qt::NoButton, {},
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &event);
}

enum class Input { WheelIn, WheelOut, Drag, KeyZoomIn, KeyPanRight, KeyFit };
enum class Side { Before, After };

} // namespace

Q_DECLARE_METATYPE(Input)
Q_DECLARE_METATYPE(Side)

class TstTwinTimeline : public QObject
{
    Q_OBJECT

    CapturePtr m_beforeCapture;
    CapturePtr m_afterCapture;
    std::unique_ptr<TwinTimeline> m_twin;

    // Both views show the same instant at every x, i.e. one axis, shifted by the start offset.
    void verifyLocked()
    {
        const TimelineView *b = m_twin->beforeView();
        const TimelineView *a = m_twin->afterView();
        QCOMPARE(b->timelineViewport().plotLeft(), a->timelineViewport().plotLeft());
        QCOMPARE(b->timelineViewport().plotWidth(), a->timelineViewport().plotWidth());
        const double tolerance = b->visibleRange().span() * 1e-9;
        for (double x :
             {double(b->timelineViewport().plotLeft()), 300.0, double(b->timelineViewport().plotRight())}) {
            const double expected = b->timeAtX(x) + m_twin->afterOffsetUs();
            QVERIFY2(std::abs(a->timeAtX(x) - expected) <= tolerance,
                     qPrintable(QStringLiteral("x=%1: after %2 µs, before+offset %3 µs")
                                    .arg(x)
                                    .arg(a->timeAtX(x))
                                    .arg(expected)));
        }
    }

private slots:
    void initTestCase()
    {
        m_beforeCapture = loadPair("before");
        m_afterCapture = loadPair("after");
        QVERIFY(m_beforeCapture);
        QVERIFY(m_afterCapture);
    }

    void init()
    {
        m_twin = std::make_unique<TwinTimeline>();
        m_twin->resize(1000, 700);
        m_twin->setCaptures(m_beforeCapture, QStringLiteral("before"), m_afterCapture,
                            QStringLiteral("after"));
        m_twin->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_twin.get()));
    }

    // The two sides show the same lanes: scrolling one scrolls the other, and a group folded by a
    // click on its heading on one side folds on the other.
    void lanesScrollAndFoldTogether_data()
    {
        QTest::addColumn<Side>("side");
        QTest::newRow("from before") << Side::Before;
        QTest::newRow("from after") << Side::After;
    }
    void lanesScrollAndFoldTogether()
    {
        QFETCH(Side, side);
        TimelineView *from = side == Side::Before ? m_twin->beforeView() : m_twin->afterView();
        TimelineView *other = side == Side::Before ? m_twin->afterView() : m_twin->beforeView();
        QVERIFY(other->verticalScrollBar()->maximum() >= 30);
        from->verticalScrollBar()->setValue(30);
        QCOMPARE(other->verticalScrollBar()->value(), 30);
        from->verticalScrollBar()->setValue(0);
        QCOMPARE(other->verticalScrollBar()->value(), 0);
        QVERIFY(!other->currentView().collapsedGroups.contains(groups::aicore));
        QTest::mouseClick(from->viewport(), Qt::LeftButton, {}, headingPoint(*from, groups::aicore));
        QVERIFY(from->currentView().collapsedGroups.contains(groups::aicore));
        QVERIFY(other->currentView().collapsedGroups.contains(groups::aicore));
        QTest::mouseClick(from->viewport(), Qt::LeftButton, {}, headingPoint(*from, groups::aicore));
        QVERIFY(!other->currentView().collapsedGroups.contains(groups::aicore));
    }

    void labelsNameTheCaptures()
    {
        QCOMPARE(m_twin->beforeView()->caption(), QStringLiteral("Before: before"));
        QCOMPARE(m_twin->afterView()->caption(), QStringLiteral("After: after"));
        // Before is drawn above After.
        QVERIFY(m_twin->beforeView()->mapTo(m_twin.get(), QPoint()).y() <
                m_twin->afterView()->mapTo(m_twin.get(), QPoint()).y());
    }

    void startsAlignedAndBothWhole()
    {
        const TimelineView *b = m_twin->beforeView();
        const TimelineView *a = m_twin->afterView();
        QCOMPARE(m_twin->afterOffsetUs(), a->captureExtent().startUs - b->captureExtent().startUs);
        verifyLocked();
        // At first both captures are whole on screen: the axis runs to the later of the two ends.
        QVERIFY(b->visibleRange().startUs <= b->captureExtent().startUs);
        QVERIFY(b->visibleRange().endUs >= b->captureExtent().endUs);
        QVERIFY(a->visibleRange().endUs >= a->captureExtent().endUs);
        // The pair differ in length, so one of them ends short of the right edge: not stretched.
        QVERIFY(b->captureExtent().span() != a->captureExtent().span());
    }

    // One range state for both views, one history, and a selection each (their captures differ).
    void bothViewsShareOneRangeStateButNotTheSelection()
    {
        TimelineView *b = m_twin->beforeView();
        TimelineView *a = m_twin->afterView();
        QVERIFY(b->viewState() != nullptr);
        QCOMPARE(a->viewState(), b->viewState());
        const TimeRange axis = b->visibleRange();
        a->setVisibleRange({axis.startUs + axis.span() * 0.2 + m_twin->afterOffsetUs(),
                            axis.startUs + axis.span() * 0.4 + m_twin->afterOffsetUs()});
        verifyLocked();
        QVERIFY(b->canGoBack());
        b->goBack();
        QCOMPARE(b->visibleRange(), axis);
        verifyLocked();
        int lane = 0;
        while (std::size_t(lane) < b->capture()->lanes.size() &&
               b->capture()->lanes[std::size_t(lane)].slices.empty())
            ++lane;
        b->select(SliceRef{lane, 0});
        QVERIFY(b->selection());
        QVERIFY(!a->selection());
    }

    void inputOnEitherMovesBoth_data()
    {
        QTest::addColumn<Side>("side");
        QTest::addColumn<Input>("input");
        QTest::newRow("wheel in on before") << Side::Before << Input::WheelIn;
        QTest::newRow("wheel in on after") << Side::After << Input::WheelIn;
        QTest::newRow("wheel out on after") << Side::After << Input::WheelOut;
        QTest::newRow("drag on before") << Side::Before << Input::Drag;
        QTest::newRow("drag on after") << Side::After << Input::Drag;
        QTest::newRow("key W on before") << Side::Before << Input::KeyZoomIn;
        QTest::newRow("key D on after") << Side::After << Input::KeyPanRight;
        QTest::newRow("key Home on after") << Side::After << Input::KeyFit;
    }

    void inputOnEitherMovesBoth()
    {
        QFETCH(Side, side);
        QFETCH(Input, input);
        TimelineView *target = side == Side::Before ? m_twin->beforeView() : m_twin->afterView();
        TimelineView *other = side == Side::Before ? m_twin->afterView() : m_twin->beforeView();
        // Start zoomed in around the middle, so every input has room to move the range.
        const TimeRange axis = m_twin->beforeView()->visibleRange();
        m_twin->beforeView()->setVisibleRange(
            {axis.startUs + axis.span() * 0.3, axis.startUs + axis.span() * 0.5});
        verifyLocked();
        const TimeRange targetBefore = target->visibleRange();
        const TimeRange otherBefore = other->visibleRange();

        const QPoint middle(target->timelineViewport().plotLeft() + 300, target->viewport()->height() / 2);
        switch (input) {
        case Input::WheelIn:
            sendWheel(target->viewport(), middle, 240);
            break;
        case Input::WheelOut:
            sendWheel(target->viewport(), middle, -240);
            break;
        case Input::Drag:
            QTest::mousePress(target->viewport(), Qt::LeftButton, {}, middle);
            QTest::mouseMove(target->viewport(), middle + QPoint(60, 0));
            QTest::mouseMove(target->viewport(), middle + QPoint(150, 0));
            QTest::mouseRelease(target->viewport(), Qt::LeftButton, {}, middle + QPoint(150, 0));
            break;
        case Input::KeyZoomIn:
            QTest::keyClick(target, Qt::Key_W);
            break;
        case Input::KeyPanRight:
            QTest::keyClick(target, Qt::Key_D);
            break;
        case Input::KeyFit:
            QTest::keyClick(target, Qt::Key_Home);
            break;
        }

        QVERIFY2(target->visibleRange() != targetBefore, "the input did not move the view it was sent to");
        QVERIFY2(other->visibleRange() != otherBefore, "the other view did not follow");
        verifyLocked();
        if (input == Input::WheelIn || input == Input::KeyZoomIn)
            QVERIFY(other->visibleRange().span() < otherBefore.span());
        if (input == Input::Drag) // dragging right shows earlier time in both
            QVERIFY(other->visibleRange().startUs < otherBefore.startUs);
        if (input == Input::KeyPanRight)
            QVERIFY(other->visibleRange().startUs > otherBefore.startUs);
    }

    // Zoomed all the way out, the shorter capture keeps the longer one's scale.
    void zoomOutStopsAtTheCommonAxis()
    {
        TimelineView *a = m_twin->afterView();
        const TimeRange whole = m_twin->beforeView()->visibleRange();
        for (int i = 0; i < 10; ++i)
            sendWheel(a->viewport(), QPoint(a->timelineViewport().plotLeft() + 100, 50), -480);
        QCOMPARE(m_twin->beforeView()->visibleRange().span(), whole.span());
        QCOMPARE(a->visibleRange().span(), whole.span());
        verifyLocked();
    }

    // At the height it names, each side shows that many AICore lanes whole under its ruler and
    // heading: the comparison gives the twin that height on a laptop.
    void heightShowingFitsTheLanes_data()
    {
        QTest::addColumn<int>("lanes");
        QTest::newRow("six") << 6;
        QTest::newRow("eight") << 8;
    }
    void heightShowingFitsTheLanes()
    {
        QFETCH(int, lanes);
        const QSize was = m_twin->size();
        m_twin->resize(900, m_twin->heightShowing(lanes));
        QApplication::processEvents();
        for (const TimelineView *side : {m_twin->beforeView(), m_twin->afterView()}) {
            const TimelineViewport &vp = side->timelineViewport();
            int whole = 0;
            for (const TimelineRow &row : side->layout().rows()) {
                const double top = row.y - vp.scrollYPx;
                whole +=
                    row.kind == TimelineRow::Kind::Lane && top >= 0 && top + row.height <= vp.lanesHeight();
            }
            QVERIFY2(whole >= lanes,
                     qPrintable(QStringLiteral("%1: %2 lanes").arg(side->caption()).arg(whole)));
        }
        m_twin->resize(was);
    }

    void replacingThePairRelocks()
    {
        m_twin->setCaptures(m_afterCapture, QStringLiteral("x"), m_beforeCapture, QStringLiteral("y"));
        QCOMPARE(m_twin->beforeView()->capture(), m_afterCapture);
        QCOMPARE(m_twin->afterView()->caption(), QStringLiteral("After: y"));
        verifyLocked();
        QTest::keyClick(m_twin->afterView(), Qt::Key_W);
        verifyLocked();
    }
};

LANESCOPE_TEST_MAIN(TstTwinTimeline)
#include "tst_twintimeline.moc"
