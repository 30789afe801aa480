#include "beforeafterpair.h"
#include "handbuiltpair.h"
#include "model/format/durationtext.h"
#include "testmain.h"
#include "widgets/comparison/comparisonview.h"
#include "widgets/comparison/diffcolouring.h"
#include "widgets/comparison/difflegend.h"
#include "widgets/comparison/diffview.h"
#include "widgets/comparison/functiondeltamodel.h"
#include "widgets/comparison/twintimeline.h"
#include "widgets/comparison/waterfallchart.h"
#include "widgets/export/diffpictures.h"
#include "widgets/overlays/diffoverlay.h"
#include "widgets/timeline/timelineview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolTip>

using namespace lanescope;

namespace {

// The pair: four cores of ten tasks. After: task 6 takes 12 µs instead of 4, task 11 2 µs, task 20
// is gone and task 500 is new.
constexpr std::uint64_t kSlower = 6, kFaster = 11, kRemoved = 20, kAdded = 500;

CapturePtr beforeCapture()
{
    return handBuiltCapture(evenTasks(4), 4);
}

CapturePtr afterCapture()
{
    std::vector<HandBuiltTask> tasks;
    for (HandBuiltTask t : evenTasks(4)) {
        if (t.taskId == kRemoved)
            continue;
        if (t.taskId == kSlower)
            t.durationUs = 12.0;
        if (t.taskId == kFaster)
            t.durationUs = 2.0;
        tasks.push_back(t);
    }
    tasks.push_back({kAdded, 1, 2, 300.0, 5.0});
    return handBuiltCapture(tasks, 4);
}

// Every task of Before split into three of a third (a tiling change): nothing pairs one to one.
CapturePtr tiledCapture()
{
    std::vector<HandBuiltTask> tasks;
    std::uint64_t id = 1000;
    for (const HandBuiltTask &t : evenTasks(4)) {
        for (int part = 0; part < 3; ++part)
            tasks.push_back({id++, t.funcId, t.coreId, t.startUs + part * 1.5, t.durationUs / 3});
    }
    return handBuiltCapture(tasks, 4);
}

std::size_t rowOfTask(const Capture &c, std::uint64_t taskId)
{
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
        if (c.rows[i].taskId == taskId)
            return i;
    }
    return c.rows.size();
}

} // namespace

class TstDiffView : public QObject
{
    Q_OBJECT

    CapturePtr m_before;
    CapturePtr m_after;

    // A comparison on its Diff tab, shown, with the pair's diff delivered.
    std::unique_ptr<ComparisonView> makeView(CapturePtr before, CapturePtr after)
    {
        auto view = std::make_unique<ComparisonView>(nullptr);
        view->resize(1500, 950);
        view->sideTabs()->setCurrentWidget(view->diffView());
        QSignalSpy ready(view->diffView(), &DiffView::diffReady);
        view->setPair(
            {std::move(before), QStringLiteral("before"), QStringLiteral("/x/before"), nullptr, nullptr, {}},
            {std::move(after), QStringLiteral("after"), QStringLiteral("/x/after"), nullptr, nullptr, {}});
        view->show();
        if (!QTest::qWaitForWindowExposed(view.get()))
            return nullptr;
        if (ready.isEmpty() && !ready.wait(10000))
            return nullptr;
        return view;
    }

    // The centre of a bar on a timeline, after showing it there.
    static QPoint centreOfBar(TimelineView *view, SliceRef bar)
    {
        const Slice &s = view->capture()->lanes[std::size_t(bar.lane)].slices[bar.slice];
        const TimelineViewport &vp = view->timelineViewport();
        const int row = view->layout().rowOfLane(bar.lane);
        const double top = vp.lanesTop() +
                           view->layout().sliceTop(view->layout().rows()[std::size_t(row)], 0) - vp.scrollYPx;
        const double x = (vp.xOf(s.startUs) + vp.xOf(s.endUs)) / 2;
        return QPoint(int(x), int(top + view->layout().metrics().sliceRowHeightPx / 2));
    }

    static QString hover(TimelineView *view, QPoint pos)
    {
        QTest::mouseMove(view->viewport(), pos);
        QHelpEvent help(QEvent::ToolTip, pos, view->viewport()->mapToGlobal(pos));
        QCoreApplication::sendEvent(view->viewport(), &help);
        return QToolTip::isVisible() ? QToolTip::text() : QString();
    }

private slots:
    void initTestCase()
    {
        m_before = beforeCapture();
        m_after = afterCapture();
    }

    void headerCountsTheDiff()
    {
        auto view = makeView(m_before, m_after);
        QVERIFY(view);
        const DiffView *diff = view->diffView();
        QVERIFY(diff->result());
        const TaskDiff &d = diff->result()->diff;
        QCOMPARE(d.matchBy, DiffMatch::Identity);
        QCOMPARE(d.addedRows, std::size_t(1));
        QCOMPARE(d.removedRows, std::size_t(1));
        const QString header = diff->header()->text();
        QVERIFY2(header.contains(QStringLiteral("Matched by identity")), qPrintable(header));
        QVERIFY2(header.contains(QStringLiteral(
                     "Bars: 39 matched, 1 added, 1 removed; tasks: 39 matched, 1 added, 1 removed")),
                 qPrintable(header));
    }

    void afterTimelineIsColouredWhileShown()
    {
        auto view = makeView(m_before, m_after);
        QVERIFY(view);
        TimelineView *after = view->twin()->afterView();
        QVERIFY(after->colourHook());
        const auto &colouring = view->diffView()->colouring();
        const QRgb slower = colouring->rowColour(rowOfTask(*m_after, kSlower));
        const QRgb faster = colouring->rowColour(rowOfTask(*m_after, kFaster));
        QVERIFY(qRed(slower) > qBlue(slower) + 60);
        QVERIFY(qBlue(faster) > qRed(faster) + 10); // a quarter of the scale: lighter
        QCOMPARE(colouring->rowColour(rowOfTask(*m_after, 1)), DiffColourScale::unchanged());
        QCOMPARE(colouring->rowColour(rowOfTask(*m_after, kAdded)), DiffColourScale::added());
        QCOMPARE(view->diffView()->overlay()->removedCount(), std::size_t(1));
        QCOMPARE(view->diffView()->overlay()->addedCount(), std::size_t(1));
        // Another tab: the plain colours and no marks.
        view->sideTabs()->setCurrentIndex(0);
        QVERIFY(!after->colourHook());
        view->sideTabs()->setCurrentWidget(view->diffView());
        QVERIFY(after->colourHook());
    }

    void hoverTellsBeforeAfterAndDelta_data()
    {
        QTest::addColumn<quint64>("task");
        QTest::addColumn<bool>("afterSide");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("slower") << quint64(kSlower) << true
                                << QStringList{QStringLiteral("before 4 µs"), QStringLiteral("after 12 µs"),
                                               QStringLiteral("Δ +8 µs (+200.0 %)")};
        QTest::newRow("faster") << quint64(kFaster) << true
                                << QStringList{QStringLiteral("before 4 µs"), QStringLiteral("after 2 µs"),
                                               QStringLiteral("Δ −2 µs (−50.0 %)")};
        QTest::newRow("slower, on Before")
            << quint64(kSlower) << false
            << QStringList{QStringLiteral("before 4 µs"), QStringLiteral("after 12 µs")};
        QTest::newRow("added") << quint64(kAdded) << true << QStringList{QStringLiteral("added")};
        QTest::newRow("removed") << quint64(kRemoved) << false << QStringList{QStringLiteral("removed")};
    }

    void hoverTellsBeforeAfterAndDelta()
    {
        QFETCH(quint64, task);
        QFETCH(bool, afterSide);
        QFETCH(QStringList, expected);
        auto view = makeView(m_before, m_after);
        QVERIFY(view);
        TimelineView *timeline = afterSide ? view->twin()->afterView() : view->twin()->beforeView();
        const SliceRef bar =
            timeline->taskLocator().barOfRow(*timeline->capture(), rowOfTask(*timeline->capture(), task));
        QVERIFY(bar.isValid());
        const Slice &s = timeline->capture()->lanes[std::size_t(bar.lane)].slices[bar.slice];
        timeline->showRange({s.startUs - 20, s.endUs + 20});
        const QString text = hover(timeline, centreOfBar(timeline, bar));
        QCOMPARE(view->diffView()->lastToolTip(), text);
        for (const QString &part : expected)
            QVERIFY2(text.contains(part), qPrintable(text));
    }

    void hoverOnAGhostTellsTheRemovedBar()
    {
        auto view = makeView(m_before, m_after);
        QVERIFY(view);
        TimelineView *after = view->twin()->afterView();
        const TaskRow &gone = m_before->rows[rowOfTask(*m_before, kRemoved)];
        const double at = (gone.startUs + gone.endUs) / 2 + view->twin()->afterOffsetUs();
        after->showRange({at - 20, at + 20});
        const TimelineViewport &vp = after->timelineViewport();
        const int row = after->layout().rowOfLane(gone.coreId);
        const double top = vp.lanesTop() +
                           after->layout().sliceTop(after->layout().rows()[std::size_t(row)], 0) -
                           vp.scrollYPx;
        const QString text = hover(after, QPoint(int(vp.xOf(at)), int(top) + 6));
        QVERIFY2(text.contains(QStringLiteral("removed")), qPrintable(text));
    }

    void clickOnALargestChangeShowsItOnBoth()
    {
        auto view = makeView(m_before, m_after);
        QVERIFY(view);
        DiffView *diff = view->diffView();
        QTableWidget *largest = diff->largestTable();
        QVERIFY(largest->rowCount() >= 2);
        view->twin()->beforeView()->setVisibleRange({0, 5}); // somewhere else
        const BarChange change = diff->result()->diff.largest[1];
        QCOMPARE(m_after->rows[change.afterRow].taskId, kFaster);
        QTest::mouseClick(largest->viewport(), Qt::LeftButton, {},
                          largest->visualItemRect(largest->item(1, 0)).center());
        for (TimelineView *timeline : {view->twin()->beforeView(), view->twin()->afterView()}) {
            const std::uint32_t row =
                timeline == view->twin()->beforeView() ? change.beforeRow : change.afterRow;
            const SliceRef bar = timeline->taskLocator().barOfRow(*timeline->capture(), row);
            const Slice &s = timeline->capture()->lanes[std::size_t(bar.lane)].slices[bar.slice];
            const TimeRange shown = timeline->visibleRange();
            QVERIFY(shown.startUs <= s.startUs && s.endUs <= shown.endUs);
            QVERIFY(timeline->selection());
            QCOMPARE(*timeline->selection(), bar);
        }
    }

    void largestChangesReadInOneUnitAndSortByValue()
    {
        auto view = makeView(m_before, m_after);
        QVERIFY(view);
        DiffView *diff = view->diffView();
        QTableWidget *largest = diff->largestTable();
        QVERIFY(largest->rowCount() >= 2);
        QCOMPARE(largest->horizontalHeaderItem(DiffView::LargestBefore)->text(),
                 QStringLiteral("Before (µs)"));
        QCOMPARE(largest->horizontalHeaderItem(DiffView::LargestDelta)->text(), QStringLiteral("Δ (µs)"));
        // The diff's order until a header is clicked: task 6's +8 µs first.
        QCOMPARE(largest->item(0, DiffView::LargestDelta)->text(), QStringLiteral("+8.000"));
        QCOMPARE(largest->item(0, DiffView::LargestRelative)->text(), QStringLiteral("200.0 %"));
        QCOMPARE(largest->item(0, DiffView::LargestAfter)->textAlignment(),
                 int(Qt::AlignRight | Qt::AlignVCenter));
        QCOMPARE(largest->horizontalHeaderItem(DiffView::LargestDelta)->textAlignment(),
                 int(Qt::AlignRight | Qt::AlignVCenter));
        QVERIFY(!largest->horizontalHeader()->stretchLastSection());

        QHeaderView *header = largest->horizontalHeader();
        const QPoint deltaHeader(header->sectionViewportPosition(DiffView::LargestDelta) + 4,
                                 header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, deltaHeader);
        QCOMPARE(header->sortIndicatorSection(), int(DiffView::LargestDelta));
        if (header->sortIndicatorOrder() == Qt::DescendingOrder)
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, deltaHeader);
        QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
        for (int row = 1; row < largest->rowCount(); ++row)
            QVERIFY(largest->item(row - 1, DiffView::LargestDelta)->data(Qt::UserRole).toDouble() <=
                    largest->item(row, DiffView::LargestDelta)->data(Qt::UserRole).toDouble());
        QCOMPARE(largest->item(0, DiffView::LargestDelta)->text(), QStringLiteral("−2.000"));

        // A click on a sorted row still shows its own change.
        const int index = largest->item(0, DiffView::LargestTask)->data(DiffView::kChangeIndexRole).toInt();
        const BarChange change = diff->result()->diff.largest[std::size_t(index)];
        QCOMPARE(m_after->rows[change.afterRow].taskId, kFaster);
        QTest::mouseClick(largest->viewport(), Qt::LeftButton, {},
                          largest->visualItemRect(largest->item(0, DiffView::LargestFunction)).center());
        TimelineView *after = view->twin()->afterView();
        QVERIFY(after->selection());
        QCOMPARE(*after->selection(), after->taskLocator().barOfRow(*after->capture(), change.afterRow));
    }

    void ghostToggleDrawsBeforeOverAfter()
    {
        auto view = makeView(m_before, m_after);
        QVERIFY(view);
        TimelineView *after = view->twin()->afterView();
        const QImage plain = after->viewport()->grab().toImage();
        QTest::mouseClick(view->diffView()->ghostBox(), Qt::LeftButton);
        QVERIFY(view->diffView()->overlay()->ghostBefore());
        const QImage ghosted = after->viewport()->grab().toImage();
        QVERIFY(plain != ghosted);
        const QString path = qEnvironmentVariable("LANESCOPE_DIFF_SCREENSHOT");
        if (!path.isEmpty())
            QVERIFY(view->grab().save(
                QString(path).replace(QStringLiteral(".png"), QStringLiteral("-paired.png"))));
    }

    void alignsOnTheSelectedTask()
    {
        // After starts 50 µs later and its task 6 a further 5 µs later: the starts and the task give
        // different offsets.
        std::vector<HandBuiltTask> tasks;
        for (HandBuiltTask t : evenTasks(4)) {
            t.startUs += 50.0 + (t.taskId >= kSlower ? 5.0 : 0.0);
            tasks.push_back(t);
        }
        auto view = makeView(m_before, handBuiltCapture(tasks, 4));
        QVERIFY(view);
        DiffView *diff = view->diffView();
        QCOMPARE(diff->alignmentOffsetUs(), 50.0);
        TimelineView *after = view->twin()->afterView();
        after->select(
            after->taskLocator().barOfRow(*after->capture(), rowOfTask(*after->capture(), kSlower)));
        diff->alignmentBox()->setCurrentIndex(diff->alignmentBox()->findData(int(DiffAnchor::Task)));
        QCOMPARE(diff->alignmentOffsetUs(), 55.0);
        QCOMPARE(view->twin()->afterOffsetUs(), 55.0);
        QCOMPARE(diff->overlay()->offsetUs(), 55.0);
        diff->alignmentBox()->setCurrentIndex(0);
        QCOMPARE(diff->alignmentOffsetUs(), 50.0);

        // A marker 60 µs from the aligned starts: Before's first bar from there starts at 160 µs,
        // After's (task 6 onwards moved 5 µs) at 215 µs.
        ReviewMarker marker;
        marker.name = QStringLiteral("phase 2");
        marker.timeUs = 60;
        view->setMarkers({marker});
        const int item = diff->alignmentBox()->findText(QStringLiteral("phase 2"), Qt::MatchContains);
        QVERIFY(item > 1);
        diff->alignmentBox()->setCurrentIndex(item);
        QCOMPARE(diff->alignmentOffsetUs(), 55.0);
        QCOMPARE(diff->settings().anchor, DiffAnchor::Marker);
        QCOMPARE(diff->settings().anchorMarker, QStringLiteral("phase 2"));

        // As a review file gives them back: the task by its label, without a selection.
        after->clearSelection();
        DiffSettings task;
        task.anchor = DiffAnchor::Task;
        task.anchorTask = QStringLiteral("r0t6");
        task.ghost = true;
        diff->setSettings(task);
        QCOMPARE(diff->alignmentOffsetUs(), 55.0);
        QCOMPARE(diff->settings(), task);
        QVERIFY(diff->ghostBox()->isChecked());
        QVERIFY(diff->overlay()->ghostBefore());
        // A task that is not there: the starts.
        task.anchorTask = QStringLiteral("r0t999");
        diff->setSettings(task);
        QCOMPARE(diff->alignmentOffsetUs(), 50.0);
    }

    void aNewPairDropsTheOldResult()
    {
        auto view = std::make_unique<ComparisonView>(nullptr);
        DiffView *diff = view->diffView();
        QSignalSpy ready(diff, &DiffView::diffReady);
        const CapturePtr tiled = tiledCapture();
        view->setPair({m_before, QStringLiteral("a"), {}, nullptr, nullptr, {}},
                      {m_after, QStringLiteral("b"), {}, nullptr, nullptr, {}});
        view->setPair({m_before, QStringLiteral("a"), {}, nullptr, nullptr, {}},
                      {tiled, QStringLiteral("c"), {}, nullptr, nullptr, {}});
        QVERIFY(ready.wait(10000));
        QTRY_VERIFY(!diff->job()->busy());
        QCoreApplication::processEvents();
        QCOMPARE(ready.count(), 1);
        QCOMPARE(diff->result()->after, tiled);
    }

    void perFunctionWhenTheTaskSetChanged()
    {
        auto view = makeView(m_before, tiledCapture());
        QVERIFY(view);
        DiffView *diff = view->diffView();
        QCOMPARE(diff->result()->diff.matchBy, DiffMatch::Function);
        QVERIFY(diff->colouring()->perFunction());
        const QString caption = diff->legend()->info().caption();
        QVERIFY2(caption.startsWith(QStringLiteral("per function: the task set changed — ")),
                 qPrintable(caption));
        QVERIFY(caption.contains(diff->result()->diff.matchReason));
        QCOMPARE(diff->largestTable()->rowCount(), 0);
    }

    // The bundled pair on the Diff tab as a person sees it; LANESCOPE_DIFF_SCREENSHOT names a PNG
    // to keep the picture in.
    void bundledPairOnTheDiffTab()
    {
        const CapturePtr before = loadPair("before");
        const CapturePtr after = loadPair("after");
        QVERIFY(before && after);
        auto view = makeView(before, after);
        QVERIFY(view);
        view->resize(1600, 1000);
        DiffView *diff = view->diffView();
        const TaskDiff &d = diff->result()->diff;
        QVERIFY(diff->header()->text().contains(diffMatchName(d.matchBy)));
        QCOMPARE(diff->functionModel()->rowCount(), int(d.byFunction.size()));
        QCOMPARE(diff->waterfall()->steps().empty(), !diff->result()->attribution.available);
        QVERIFY(view->twin()->afterView()->colourHook());
        if (d.matchesBars() && !d.largest.empty())
            diff->locateChange(0);
        QTest::qWait(50);
        const QString path = qEnvironmentVariable("LANESCOPE_DIFF_SCREENSHOT");
        if (!path.isEmpty()) {
            QVERIFY(view->grab().save(path));
            diff->sections()->setCurrentWidget(diff->waterfall());
            QVERIFY(view->grab().save(
                QString(path).replace(QStringLiteral(".png"), QStringLiteral("-waterfall.png"))));
            QVERIFY(diffTimelineImage(*before, nullptr, *after, nullptr, d, 1600)
                        .save(QString(path).replace(QStringLiteral(".png"), QStringLiteral("-picture.png"))));
            QVERIFY(
                waterfallImage(diff->result()->attribution, 800)
                    .save(QString(path).replace(QStringLiteral(".png"), QStringLiteral("-wfpicture.png"))));
        }
    }

    void picturesForHeadlessUse()
    {
        const TaskDiff d = diffTasks(*m_before, *m_after);
        const QImage image = diffTimelineImage(*m_before, nullptr, *m_after, nullptr, d, 1200);
        QVERIFY(!image.isNull());
        QCOMPARE(image.width(), 1200);
        QVERIFY(image.height() > kDiffLegendHeightPx + 100);
        // Red of the slower bar is somewhere in the picture.
        bool red = false;
        for (int y = 0; y < image.height() && !red; ++y) {
            for (int x = 0; x < image.width() && !red; ++x)
                red = image.pixel(x, y) == DiffColourScale::slowest();
        }
        QVERIFY(red);
        const QImage ranged =
            diffTimelineImage(*m_before, nullptr, *m_after, nullptr, d, 800, TimeRange{100, 200});
        QCOMPARE(ranged.width(), 800);
    }
};

LANESCOPE_TEST_MAIN(TstDiffView)
#include "tst_diffview.moc"
