#include "testmain.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timelineviewstate.h"

#include <QSignalSpy>

using namespace lanescope;

namespace {

constexpr int kLane0Y = 28 + 24 + 2 + 8; // ruler, heading, padding, half a bar row

// AIC_0: [100, 300], [500, 600]; AIV_1: [0, 1000].
CapturePtr smallCapture()
{
    auto c = std::make_shared<Capture>();
    auto slice = [&](double start, double end) {
        Slice s;
        s.startUs = start;
        s.endUs = end;
        s.label = c->strings.intern(QStringLiteral("K"));
        return s;
    };
    Lane aic;
    aic.group = QStringLiteral("AICore");
    aic.name = QStringLiteral("AIC_0");
    aic.slices = {slice(100, 300), slice(500, 600)};
    Lane aiv;
    aiv.group = QStringLiteral("AICore");
    aiv.name = QStringLiteral("AIV_1");
    aiv.slices = {slice(0, 1000)};
    c->lanes = {aic, aiv};
    return c;
}

void expectSameRange(TimeRange a, TimeRange b)
{
    QVERIFY2(
        std::abs(a.startUs - b.startUs) < 1e-6 && std::abs(a.endUs - b.endUs) < 1e-6,
        qPrintable(QStringLiteral("%1:%2 vs %3:%4").arg(a.startUs).arg(a.endUs).arg(b.startUs).arg(b.endUs)));
}

} // namespace

// Range, history and selection in one object that several timelines share.
class TestTimelineViewState : public QObject
{
    Q_OBJECT

private:
    CapturePtr m_capture;
    std::unique_ptr<TimelineViewState> m_state;
    std::unique_ptr<TimelineView> m_first;
    std::unique_ptr<TimelineView> m_second;

    void showViews()
    {
        for (TimelineView *view : {m_first.get(), m_second.get()}) {
            view->resize(1000, 300);
            view->setCapture(m_capture);
            view->show();
            QVERIFY(QTest::qWaitForWindowExposed(view));
        }
    }

private slots:
    void init()
    {
        m_capture = smallCapture();
        m_state = std::make_unique<TimelineViewState>();
        m_first = std::make_unique<TimelineView>();
        m_second = std::make_unique<TimelineView>();
    }
    void cleanup()
    {
        m_first.reset();
        m_second.reset();
        m_state.reset();
    }

    void settlingRangesBecomeOneEntryJumpsCommitAtOnce()
    {
        TimelineViewState state;
        state.resetHistory({0, 100});
        QVERIFY(!state.canGoBack());
        QSignalSpy ranges(&state, &TimelineViewState::rangeChanged);
        state.setRange({10, 90});
        state.setRange({20, 80});
        QCOMPARE(ranges.count(), 2);
        QVERIFY(state.isSettling());
        QVERIFY(state.canGoBack()); // at once, before the range settled
        QVERIFY(!state.canGoForward());
        QTRY_VERIFY_WITH_TIMEOUT(!state.isSettling(), 5 * TimelineViewState::kSettleMs);
        QCOMPARE(state.history().size(), std::size_t(2));

        state.setRange({30, 40}, TimelineViewState::Change::Jump);
        QVERIFY(!state.isSettling());
        QCOMPARE(state.history().size(), std::size_t(3));

        QVERIFY(state.goBack());
        QCOMPARE(state.range(), (TimeRange{20, 80}));
        QVERIFY(state.goBack());
        QCOMPARE(state.range(), (TimeRange{0, 100}));
        QVERIFY(!state.goBack());
        QVERIFY(state.goForward());
        QCOMPARE(state.range(), (TimeRange{20, 80}));
        QCOMPARE(state.history().size(), std::size_t(3)); // going back and forth adds nothing
    }

    void selectionIsReportedOnce()
    {
        TimelineViewState state;
        QSignalSpy spy(&state, &TimelineViewState::selectionChanged);
        state.setSelection(SliceRef{0, 1});
        state.setSelection(SliceRef{0, 1});
        QCOMPARE(spy.count(), 1);
        state.setSelection(std::nullopt);
        QCOMPARE(spy.count(), 2);
        QVERIFY(!state.selection());
    }

    void viewsOnOneStateMoveTogether()
    {
        m_first->setViewState(m_state.get());
        m_second->setViewState(m_state.get());
        showViews();
        expectSameRange(m_first->visibleRange(), m_second->visibleRange());

        QTest::keyClick(m_first.get(), Qt::Key_Plus);
        QVERIFY(m_first->visibleRange().span() < m_capture->lanes[1].slices[0].endUs);
        expectSameRange(m_second->visibleRange(), m_first->visibleRange());

        QTest::keyClick(m_second.get(), Qt::Key_D); // pan right in the other view
        expectSameRange(m_first->visibleRange(), m_second->visibleRange());
        QCOMPARE(m_state->range(), m_second->visibleRange());
    }

    void viewsOnOneStateShareTheHistory()
    {
        m_first->setViewState(m_state.get());
        m_second->setViewState(m_state.get());
        showViews();
        const TimeRange fitted = m_first->visibleRange();
        m_first->setVisibleRange({100, 300});
        QVERIFY(m_second->canGoBack());
        m_second->goBack();
        expectSameRange(m_first->visibleRange(), fitted);
        expectSameRange(m_second->visibleRange(), fitted);
        QVERIFY(m_first->canGoForward());
        m_first->goForward();
        expectSameRange(m_second->visibleRange(), {100, 300});
    }

    void viewsOnOneStateShareTheSelection()
    {
        m_first->setViewState(m_state.get());
        m_second->setViewState(m_state.get());
        showViews();
        QSignalSpy second(m_second.get(), &TimelineView::selectionChanged);
        // A click on AIC_0's first bar [100, 300] in the first view.
        const TimelineViewport &vp = m_first->timelineViewport();
        QTest::mouseClick(m_first->viewport(), Qt::LeftButton, {}, QPoint(int(vp.xOf(200)), kLane0Y));
        QCOMPARE(m_first->selection(), (std::optional<SliceRef>(SliceRef{0, 0})));
        QCOMPARE(m_second->selection(), m_first->selection());
        QCOMPARE(second.count(), 1);
        QCOMPARE(m_second->paintOptions().highlight.lane, 0);
        m_second->clearSelection();
        QVERIFY(!m_first->selection());
        QCOMPARE(m_first->paintOptions().highlight.lane, -1);
    }

    void aRangeStateWithAShiftSharesOnlyTheRange()
    {
        m_second->setRangeState(m_state.get(), 50);
        m_first->setRangeState(m_state.get());
        showViews();
        m_first->setTimeBounds({-100, 1100});
        m_second->setTimeBounds({-50, 1150});
        m_first->setVisibleRange({100, 300});
        expectSameRange(m_second->visibleRange(), {150, 350});
        m_second->setVisibleRange({250, 450});
        expectSameRange(m_first->visibleRange(), {200, 400});

        m_first->select(SliceRef{0, 1});
        QCOMPARE(m_first->selection(), (std::optional<SliceRef>(SliceRef{0, 1})));
        QVERIFY(!m_second->selection());
    }

    void aViewOutlivesTheStateItShared()
    {
        m_first->setViewState(m_state.get());
        showViews();
        m_first->setVisibleRange({100, 300});
        m_state.reset();
        m_first->setVisibleRange({200, 400}); // on its own state again
        expectSameRange(m_first->visibleRange(), {200, 400});
        QVERIFY(m_first->viewState() != nullptr);
    }
};

LANESCOPE_TEST_MAIN(TestTimelineViewState)
#include "tst_timelineviewstate.moc"
