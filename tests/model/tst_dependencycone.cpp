#include "model/analysis/dependencyanchors.h"
#include "model/analysis/dependencycone.h"
#include "model/capture/lanebuilder.h"
#include "testmain.h"

#include <limits>

using namespace lanescope;

namespace {

DepNode node(std::uint64_t id, int blockNum = 1)
{
    DepNode n;
    n.taskId = id;
    n.blockNum = blockNum;
    n.flags = DepNode::InTasks;
    return n;
}

// 1 -> 2 -> 3 -> 4 -> 6, 1 -> 5 -> 4, a self-edge 3 -> 3 and an isolated task 7.
DepGraph diamond()
{
    DepGraph g;
    std::vector<DepNode> nodes;
    for (std::uint64_t id : {1, 2, 3, 4, 5, 6, 7})
        nodes.push_back(node(id));
    g.build(nodes, {{1, 2}, {2, 3}, {3, 4}, {1, 5}, {5, 4}, {4, 6}, {3, 3}, {2, 3}});
    return g;
}

// Edges as "pred>succ@distance" in task ids, sorted, for readable tables.
QStringList describe(const DepGraph &g, const std::vector<DependencyEdge> &edges)
{
    QStringList out;
    for (const DependencyEdge &e : edges)
        out << QStringLiteral("%1>%2@%3%4")
                   .arg(g.nodes()[e.pred].taskId)
                   .arg(g.nodes()[e.succ].taskId)
                   .arg(e.distance)
                   .arg(e.upstream ? QStringLiteral("u") : QString());
    out.sort();
    return out;
}

TaskRow row(std::uint64_t task, int core, CoreType type, int func, double receive, double start, double end,
            double dispatch = -1, double finish = -1)
{
    TaskRow r;
    r.taskId = task;
    r.coreId = core;
    r.coreType = type;
    r.funcId = func;
    r.receiveUs = receive;
    r.startUs = start;
    r.endUs = end;
    r.flags = TaskRow::HasReceive;
    if (dispatch >= 0) {
        r.dispatchUs = dispatch;
        r.finishUs = finish;
        r.flags |= TaskRow::HasAicpu;
    }
    return r;
}

// Task 10: MIX (AIC core 0 + AIV core 1), not SPMD. Task 20: SPMD (block_num 3) of one function
// on cores 2, 3, 4; core 2 received last, cores 3 and 4 tie; core 3 has no AICPU timing.
// Task 30: SPMD over two functions (5 on core 5, 6 on cores 6 and 7). Task 40: a dummy with a
// dummy_task marker on scheduler thread 0. Task 50: consumer of 10 that started before 10 ended.
CapturePtr anchorCapture()
{
    auto c = std::make_shared<Capture>();
    c->info.level = 4;
    c->info.numCores = 9;
    c->info.coreTypes = {CoreType::Aic, CoreType::Aiv, CoreType::Aiv, CoreType::Aiv, CoreType::Aiv,
                         CoreType::Aiv, CoreType::Aiv, CoreType::Aiv, CoreType::Aiv};
    c->rows = {
        row(10, 0, CoreType::Aic, 1, 0, 1, 10, 0, 11),    row(10, 1, CoreType::Aiv, 2, 0, 2, 9, 0, 10),
        row(20, 2, CoreType::Aiv, 3, 15, 16, 20, 14, 21), row(20, 3, CoreType::Aiv, 3, 12, 13, 20),
        row(20, 4, CoreType::Aiv, 3, 12, 14, 22, 13, 23), row(30, 5, CoreType::Aiv, 5, 30, 31, 35, 29, 36),
        row(30, 6, CoreType::Aiv, 6, 33, 34, 36, 32, 37), row(30, 7, CoreType::Aiv, 6, 32, 33, 36, 31, 37),
        row(50, 8, CoreType::Aiv, 4, 8, 9, 12, 7, 13),
    };
    PhaseRecord dummy;
    dummy.startUs = 24;
    dummy.endUs = 25;
    dummy.taskId = 40;
    dummy.flags = PhaseRecord::HasTaskId;
    dummy.kind = std::uint16_t(c->phaseKinds.intern(QStringLiteral("dummy_task")));
    c->schedulerThreads = {{dummy}};
    DepNode dummyNode = node(40);
    dummyNode.flags |= DepNode::HasKernelIds;
    c->deps.build({node(10), node(20, 3), node(30, 2), dummyNode, node(50)},
                  {{10, 20}, {20, 40}, {40, 30}, {10, 50}});
    buildLanes(*c);
    return c;
}

// Anchors as "lane-name:core-or-marker start-end".
QStringList describe(const Capture &c, std::span<const DependencyAnchor> anchors)
{
    QStringList out;
    for (const DependencyAnchor &a : anchors)
        out << QStringLiteral("%1 %2-%3").arg(c.lanes[std::size_t(a.lane)].name).arg(a.startUs).arg(a.endUs);
    return out;
}

} // namespace

class TestDependencyCone : public QObject
{
    Q_OBJECT

private slots:
    void cone_data()
    {
        QTest::addColumn<quint64>("task");
        QTest::addColumn<int>("depth");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("off") << quint64(3) << 0 << QStringList{};
        QTest::newRow("one level") << quint64(3) << 1 << QStringList{"2>3@1u", "3>4@1"};
        QTest::newRow("two levels") << quint64(3) << 2 << QStringList{"1>2@2u", "2>3@1u", "3>4@1", "4>6@2"};
        QTest::newRow("full cone of 3")
            << quint64(3) << kFullDependencyCone << QStringList{"1>2@2u", "2>3@1u", "3>4@1", "4>6@2"};
        QTest::newRow("full cone of 4 joins both branches")
            << quint64(4) << kFullDependencyCone
            << QStringList{"1>2@3u", "1>5@2u", "2>3@2u", "3>4@1u", "4>6@1", "5>4@1u"};
        QTest::newRow("source: successors only") << quint64(1) << 1 << QStringList{"1>2@1", "1>5@1"};
        QTest::newRow("isolated task") << quint64(7) << kFullDependencyCone << QStringList{};
        QTest::newRow("unknown task") << quint64(99) << kFullDependencyCone << QStringList{};
    }
    void cone()
    {
        QFETCH(quint64, task);
        QFETCH(int, depth);
        QFETCH(QStringList, expected);
        const DepGraph g = diamond();
        const auto edges = dependencyCone(g, task, depth);
        QCOMPARE(describe(g, edges), expected);
        for (std::size_t i = 1; i < edges.size(); ++i)
            QVERIFY(edges[i - 1].distance <= edges[i].distance);
    }

    void cyclicGraphListsEachEdgeOnce()
    {
        DepGraph g;
        g.build({node(1), node(2), node(3)}, {{1, 2}, {2, 1}, {2, 3}});
        QCOMPARE(describe(g, dependencyCone(g, 1, kFullDependencyCone)),
                 (QStringList{"1>2@2u", "2>1@1u", "2>3@2"}));
    }

    void allEdgesLeaveOutSelfEdges()
    {
        const DepGraph g = diamond();
        QCOMPARE(g.edges().size(), std::size_t(7));
        QCOMPARE(describe(g, allDependencyEdges(g)),
                 (QStringList{"1>2@1", "1>5@1", "2>3@1", "3>4@1", "4>6@1", "5>4@1"}));
    }

    void anchors_data()
    {
        QTest::addColumn<quint64>("task");
        QTest::addColumn<int>("view");
        QTest::addColumn<QStringList>("expected");
        const int worker = int(DependencyView::Worker), scheduler = int(DependencyView::Scheduler);
        QTest::newRow("MIX task: every row")
            << quint64(10) << worker << QStringList{"AIC_0 0-10", "AIV_1 0-9"};
        QTest::newRow("MIX task, scheduler view")
            << quint64(10) << scheduler << QStringList{"AIC_0 0-11", "AIV_1 0-10"};
        QTest::newRow("SPMD: earliest receive, tie to smaller core")
            << quint64(20) << worker << QStringList{"AIV_3 12-20"};
        QTest::newRow("SPMD, scheduler view: rows without AICPU never win")
            << quint64(20) << scheduler << QStringList{"AIV_4 13-23"};
        QTest::newRow("SPMD over two functions: one per func_id")
            << quint64(30) << worker << QStringList{"AIV_5 30-35", "AIV_7 32-36"};
        QTest::newRow("dummy: its marker") << quint64(40) << worker << QStringList{"AICPU_0 24-25"};
        QTest::newRow("dummy: nothing in the scheduler view") << quint64(40) << scheduler << QStringList{};
    }
    void anchors()
    {
        QFETCH(quint64, task);
        QFETCH(int, view);
        QFETCH(QStringList, expected);
        const CapturePtr c = anchorCapture();
        const DependencyAnchors anchors(*c);
        const auto node = c->deps.indexOf(task);
        QVERIFY(node >= 0);
        QCOMPARE(describe(*c, anchors.anchors(*c, std::uint32_t(node), DependencyView(view))), expected);
    }

    void anchorsPointAtTheirBars()
    {
        const CapturePtr c = anchorCapture();
        const DependencyAnchors anchors(*c);
        for (std::uint32_t n = 0; n < c->deps.nodes().size(); ++n) {
            for (DependencyView view : {DependencyView::Worker, DependencyView::Scheduler}) {
                for (const DependencyAnchor &a : anchors.anchors(*c, n, view)) {
                    QCOMPARE(taskIdOfSlice(*c, a.lane, a.slice), std::optional(c->deps.nodes()[n].taskId));
                }
            }
        }
        QCOMPARE(anchors.anchors(*c, 999, DependencyView::Worker).size(), std::size_t(0));
    }

    // The happens-before test reads the Worker View anchors' times without finding their bars:
    // for every node, what it reads is the latest end and the earliest start among the anchors.
    void workerSpanIsTheSpanOfTheAnchors()
    {
        const CapturePtr c = anchorCapture();
        const DependencyAnchors anchors(*c);
        for (std::uint32_t n = 0; n < c->deps.nodes().size(); ++n) {
            const std::vector<DependencyAnchor> worker = anchors.anchors(*c, n, DependencyView::Worker);
            const auto span = anchors.workerSpan(*c, n);
            QCOMPARE(span.has_value(), !worker.empty());
            if (!span)
                continue;
            double end = -std::numeric_limits<double>::infinity();
            double start = std::numeric_limits<double>::infinity();
            for (const DependencyAnchor &a : worker) {
                end = std::max(end, a.endUs);
                start = std::min(start, a.startUs);
            }
            QCOMPARE(span->endUs, end);
            QCOMPARE(span->startUs, start);
        }
        QVERIFY(!anchors.workerSpan(*c, 999));
    }

    void hbViolation_data()
    {
        QTest::addColumn<double>("producerEnd");
        QTest::addColumn<double>("consumerStart");
        QTest::addColumn<bool>("violation");
        QTest::newRow("consumer starts later") << 10.0 << 12.0 << false;
        QTest::newRow("consumer starts at the end") << 10.0 << 10.0 << false;
        QTest::newRow("consumer starts earlier") << 10.0 << 9.5 << true;
    }
    void hbViolation()
    {
        QFETCH(double, producerEnd);
        QFETCH(double, consumerStart);
        QFETCH(bool, violation);
        QCOMPARE(isHbViolation(producerEnd, consumerStart), violation);
    }

    void violationsOfACapture()
    {
        const CapturePtr c = anchorCapture();
        const DependencyAnchors anchors(*c);
        const auto violations = hbViolations(*c, anchors, allDependencyEdges(c->deps));
        // 10 ends at 10, 50 was received at 8: violated by 2 µs. 10 -> 20 (received 12), 20 -> 40
        // (marker at 24) and 40 -> 30 (received 30) are in order.
        QCOMPARE(violations.size(), std::size_t(1));
        QCOMPARE(c->deps.nodes()[violations[0].pred].taskId, std::uint64_t(10));
        QCOMPARE(c->deps.nodes()[violations[0].succ].taskId, std::uint64_t(50));
        QCOMPARE(violations[0].overlapUs(), 2.0);
    }

    void taskOfSlice()
    {
        const CapturePtr c = anchorCapture();
        QCOMPARE(taskIdOfSlice(*c, -1, 0), std::nullopt);
        QCOMPARE(taskIdOfSlice(*c, int(c->lanes.size()), 0), std::nullopt);
        for (std::size_t l = 0; l < c->lanes.size(); ++l) {
            const Lane &lane = c->lanes[l];
            if (lane.kind == LaneKind::Worker)
                QCOMPARE(taskIdOfSlice(*c, int(l), 0), std::optional(c->rows[lane.slices[0].ref].taskId));
            QCOMPARE(taskIdOfSlice(*c, int(l), lane.slices.size()), std::nullopt);
        }
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestDependencyCone)
#include "tst_dependencycone.moc"
