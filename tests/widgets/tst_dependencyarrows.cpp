#include "model/capture/labels.h"
#include "model/capture/lanebuilder.h"
#include "testmain.h"
#include "widgets/overlays/dependencyarrows.h"
#include "widgets/overlays/dependencyarrowscontrols.h"
#include "widgets/panels/hbviolationlist.h"
#include "widgets/timeline/timelineview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QTreeWidget>

using namespace lanescope;

namespace {

TaskRow row(std::uint64_t task, int core, CoreType type, int func, double receive, double end)
{
    TaskRow r;
    r.taskId = task;
    r.coreId = core;
    r.coreType = type;
    r.funcId = func;
    r.receiveUs = receive;
    r.startUs = receive + 1;
    r.endUs = end;
    r.flags = TaskRow::HasReceive;
    return r;
}

DepNode node(std::uint64_t id)
{
    DepNode n;
    n.taskId = id;
    n.flags = DepNode::InTasks;
    return n;
}

// Task 1 on AIC_0 [10, 50] feeds 2 (AIV_1, [60, 100]) and 3 (AIV_2, received at 40: before 1
// ended, an hb_violation); 2 feeds 4 (AIC_0, [120, 150]). AICore rows only (level 1).
CapturePtr depCapture()
{
    auto c = std::make_shared<Capture>();
    c->info.level = 1;
    c->rows = {row(1, 0, CoreType::Aic, 0, 10, 50), row(2, 1, CoreType::Aiv, 1, 60, 100),
               row(3, 2, CoreType::Aiv, 1, 40, 90), row(4, 0, CoreType::Aic, 0, 120, 150)};
    c->deps.build({node(1), node(2), node(3), node(4)}, {{1, 2}, {1, 3}, {2, 4}});
    buildLanes(*c);
    return c;
}

bool isWarning(QRgb px)
{
    return qRed(px) > 170 && qGreen(px) < 110 && qBlue(px) < 80;
}

int warningPixels(const QImage &image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            n += isWarning(line[x]) ? 1 : 0;
    }
    return n;
}

} // namespace

class TestDependencyArrows : public QObject
{
    Q_OBJECT

private:
    TimelineView *m_view = nullptr;
    DependencyArrowsControls *m_controls = nullptr;
    HbViolationList *m_list = nullptr;
    DependencyArrows *m_arrows = nullptr;

    int laneOfCore(int core) const
    {
        const auto &lanes = m_view->capture()->lanes;
        for (std::size_t l = 0; l < lanes.size(); ++l)
            if (lanes[l].kind == LaneKind::Worker && lanes[l].laneSource == core)
                return int(l);
        return -1;
    }
    // The middle of a task's bar on screen.
    QPoint barCentre(int core, double us) const
    {
        const TimelineViewport &vp = m_view->timelineViewport();
        const TimelineLayout &layout = m_view->layout();
        const int row = layout.rowOfLane(laneOfCore(core));
        const double y = vp.lanesTop() + layout.sliceTop(layout.rows()[std::size_t(row)], 0) - vp.scrollYPx +
                         layout.metrics().sliceRowHeightPx / 2.0;
        return QPoint(int(vp.xOf(us)), int(y));
    }
    QImage frame() const
    {
        return m_view->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    }
    const DependencyArrowsOverlay::Stats &paintedStats() const
    {
        m_view->viewport()->grab(); // paint a frame so the stats describe it
        return m_arrows->overlay()->stats();
    }

private slots:
    void init()
    {
        m_view = new TimelineView;
        m_view->resize(900, 300);
        m_view->setCapture(depCapture());
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view));
        m_view->fitAll();
        m_controls = new DependencyArrowsControls;
        m_list = new HbViolationList;
        m_arrows = new DependencyArrows(m_controls, m_list);
        m_arrows->setView(m_view);
    }
    void cleanup()
    {
        delete m_arrows;
        delete m_list;
        delete m_controls;
        delete m_view;
    }

    void clickShowsTheConeAndItsViolation()
    {
        QVERIFY(m_arrows->overlay());
        QCOMPARE(paintedStats().arrowsDrawn, std::size_t(0));
        const int before = warningPixels(frame());

        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, barCentre(0, 30));
        QVERIFY(m_view->selection());
        QCOMPARE(taskIdOfSlice(*m_view->capture(), m_view->selection()->lane, m_view->selection()->slice),
                 std::optional<std::uint64_t>(1));
        // Depth 1 (the default): 1 -> 2 and 1 -> 3.
        QCOMPARE(m_controls->depth(), 1);
        QCOMPARE(m_arrows->overlay()->cone().size(), std::size_t(2));
        const auto stats = paintedStats();
        QCOMPARE(stats.coneEdges, std::size_t(2));
        QCOMPARE(stats.arrowsDrawn, std::size_t(2));
        QCOMPARE(stats.violationsDrawn, std::size_t(1));
        QVERIFY2(warningPixels(frame()) > before + 20, "the violation edge is drawn in the warning colour");

        // The list shows the violation of the selection's full cone.
        QCOMPARE(m_list->tree()->topLevelItemCount(), 1);
        QCOMPARE(m_list->tree()->topLevelItem(0)->text(0), taskDisplayId(3));
        QCOMPARE(m_list->tree()->topLevelItem(0)->text(1), taskDisplayId(1));
    }

    void depthControlsTheCone_data()
    {
        QTest::addColumn<int>("depth");
        QTest::addColumn<int>("edges");
        QTest::addColumn<int>("violations");
        QTest::newRow("off") << 0 << 0 << 0;
        QTest::newRow("1") << 1 << 2 << 1;
        QTest::newRow("2") << 2 << 3 << 1;
        QTest::newRow("full") << kFullDependencyCone << 3 << 1;
    }
    void depthControlsTheCone()
    {
        QFETCH(int, depth);
        QFETCH(int, edges);
        QFETCH(int, violations);
        const int unselected = warningPixels(frame()); // bars of warm colours, no arrows
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, barCentre(0, 30));
        const int index = m_controls->depthBox()->findData(depth);
        QVERIFY(index >= 0);
        m_controls->depthBox()->setCurrentIndex(index);
        const auto stats = paintedStats();
        QCOMPARE(int(stats.coneEdges), edges);
        QCOMPARE(int(stats.arrowsDrawn), edges);
        QCOMPARE(int(stats.violationsDrawn), violations);
        if (depth == 0)
            QVERIFY(warningPixels(frame()) <= unselected);
        else
            QVERIFY(warningPixels(frame()) > unselected + 20);
    }

    void escClearsTheArrows()
    {
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, barCentre(0, 30));
        QCOMPARE(paintedStats().arrowsDrawn, std::size_t(2));
        QTest::keyClick(m_view, Qt::Key_Escape);
        QVERIFY(!m_view->selection());
        QCOMPARE(paintedStats().arrowsDrawn, std::size_t(0));
    }

    void clickingAViolationSelectsTheConsumer()
    {
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, barCentre(0, 30));
        QTreeWidget *tree = m_list->tree();
        m_list->resize(500, 200);
        m_list->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_list));
        QCOMPARE(tree->topLevelItemCount(), 1);
        const QRect rect = tree->visualItemRect(tree->topLevelItem(0));
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
        QVERIFY(m_view->selection());
        QCOMPARE(taskIdOfSlice(*m_view->capture(), m_view->selection()->lane, m_view->selection()->slice),
                 std::optional<std::uint64_t>(3));
        // The arrows follow the new selection; the list stays on the cone it was built for.
        QCOMPARE(m_arrows->overlay()->cone().size(), std::size_t(1));
        QVERIFY(m_list->summary().contains(taskDisplayId(1)));
    }

    void wholeCaptureScope()
    {
        m_list->setScope(HbViolationList::Scope::WholeCapture);
        QCOMPARE(m_list->tree()->topLevelItemCount(), 1);
        QVERIFY(m_list->summary().contains(QStringLiteral("whole capture")));
    }

    void allInViewAndTheDensityCap()
    {
        m_controls->allInViewBox()->setChecked(true);
        auto stats = paintedStats();
        QCOMPARE(stats.arrowsInView, std::size_t(3));
        QCOMPARE(stats.arrowsDrawn, std::size_t(3));
        QVERIFY(!stats.overCap);
        m_arrows->overlay()->setDensityCap(2);
        stats = paintedStats();
        QVERIFY(stats.overCap);
        QCOMPARE(stats.arrowsDrawn, std::size_t(0));
        QCOMPARE(DependencyArrowsOverlay::overCapText(12345),
                 QStringLiteral("12 345 arrows in view \u2014 zoom in"));
        // Zoomed in on task 4 only the arrow into it is in view.
        m_view->setVisibleRange({110, 160});
        stats = paintedStats();
        QVERIFY(!stats.overCap);
        QCOMPARE(stats.arrowsInView, std::size_t(1));
        QCOMPARE(stats.arrowsDrawn, std::size_t(1));
    }

    // Arrows into a folded group: within the group they become one marker on its heading (never
    // lines along it); from a shown lane they end on the heading in a dot.
    void foldedGroupEndsInOneMarker_data()
    {
        QTest::addColumn<bool>("lastLaneApart"); // task 3's lane in a group of its own
        QTest::addColumn<bool>("fold");          // fold the AICore group
        QTest::addColumn<int>("drawn");
        QTest::addColumn<int>("endsFolded");
        QTest::addColumn<int>("inside");
        QTest::addColumn<int>("markers");
        QTest::newRow("unfolded") << false << false << 2 << 0 << 0 << 0;
        QTest::newRow("both ends folded") << false << true << 0 << 0 << 2 << 1;
        QTest::newRow("one end shown") << true << true << 1 << 1 << 1 << 1;
        QTest::newRow("apart, unfolded") << true << false << 2 << 0 << 0 << 0;
    }
    void foldedGroupEndsInOneMarker()
    {
        QFETCH(bool, lastLaneApart);
        QFETCH(bool, fold);
        QFETCH(int, drawn);
        QFETCH(int, endsFolded);
        QFETCH(int, inside);
        QFETCH(int, markers);
        auto capture = std::const_pointer_cast<Capture>(depCapture());
        if (lastLaneApart) {
            Lane &last = capture->lanes.back();
            QCOMPARE(last.laneSource, 2); // the lane of task 3
            last.group = QStringLiteral("Apart");
        }
        m_view->setCapture(capture);
        m_view->fitAll();
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, barCentre(0, 30));
        QVERIFY(m_view->selection());
        m_view->setGroupCollapsed(groups::aicore, fold);
        const QImage selected = frame();
        const auto stats = paintedStats();
        QCOMPARE(int(stats.arrowsDrawn), drawn);
        QCOMPARE(int(stats.endsFolded), endsFolded);
        QCOMPARE(int(stats.insideFolded), inside);
        QCOMPARE(int(stats.foldedMarkers), markers);
        QCOMPARE(int(stats.markedInside), inside);
        QCOMPARE(stats.endsNotShown, std::size_t(0));
        // With every edge in view shown as well, a marker counts those (the selection's are among
        // them), not the two sets added up.
        m_controls->allInViewBox()->setChecked(true);
        const auto withAll = paintedStats();
        QCOMPARE(int(withAll.markedInside), int(withAll.insideFolded) - inside);
        m_controls->allInViewBox()->setChecked(false);

        // The marker is drawn where the plot meets the heading, and only there.
        QTest::keyClick(m_view, Qt::Key_Escape);
        const QImage unselected = frame();
        const TimelineViewport &vp = m_view->timelineViewport();
        const TimelineRow &heading = m_view->layout().rows().front();
        QCOMPARE(heading.group, groups::aicore);
        const QRect markerArea(vp.plotLeft(), vp.lanesTop() + heading.y, 120, heading.height);
        QCOMPARE(selected.copy(markerArea) != unselected.copy(markerArea), markers > 0);
        QCOMPARE(DependencyArrowsOverlay::foldedMarkerText(1), QStringLiteral("1 arrow inside"));
        QCOMPARE(DependencyArrowsOverlay::foldedMarkerText(12), QStringLiteral("12 arrows inside"));
    }

    void hiddenLanes()
    {
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, barCentre(0, 30));
        m_view->setLaneHidden(laneOfCore(2), true);
        const auto stats = paintedStats();
        QCOMPARE(stats.arrowsDrawn, std::size_t(1));
        QCOMPARE(stats.endsNotShown, std::size_t(1));
    }
};

LANESCOPE_TEST_MAIN(TestDependencyArrows)
#include "tst_dependencyarrows.moc"
