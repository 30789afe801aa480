#include "model/capture/depgraph.h"
#include "model/capture/taskidslots.h"
#include "testmain.h"

#include <algorithm>

using namespace lanescope;

namespace {

using Edges = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

DepNode listed(std::uint64_t id, std::int32_t aicKernel)
{
    return DepNode{id, {aicKernel, -1, -1}, 1, DepNode::InTasks | DepNode::HasKernelIds};
}

// An entry of a v1-style source: named, but not from tasks[].
DepNode unlisted(std::uint64_t id, std::int32_t aicKernel)
{
    return DepNode{id, {aicKernel, -1, -1}, 1, 0};
}

// "id:kernel:T" per node (T = listed in tasks[], A = an allocation), ascending.
QString nodesText(const DepGraph &g)
{
    QStringList parts;
    for (const DepNode &n : g.nodes())
        parts << QStringLiteral("%1:%2:%3").arg(n.taskId).arg(n.kernelIds[0]).arg(n.inTasks() ? 'T' : 'A');
    return parts.join(u' ');
}

// "pred>succ" per unique edge, by task id.
QString edgesText(const DepGraph &g)
{
    QStringList parts;
    for (const auto &[p, s] : g.edges())
        parts << QStringLiteral("%1>%2").arg(g.nodes()[p].taskId).arg(g.nodes()[s].taskId);
    return parts.join(u' ');
}

} // namespace

Q_DECLARE_METATYPE(std::vector<lanescope::DepNode>)
Q_DECLARE_METATYPE(Edges)

class TestDepGraph : public QObject
{
    Q_OBJECT

private slots:
    void nodesFromEntriesAndEdges_data()
    {
        QTest::addColumn<std::vector<DepNode>>("nodes");
        QTest::addColumn<Edges>("edges");
        QTest::addColumn<QString>("expectedNodes");
        QTest::addColumn<QString>("expectedEdges");

        QTest::newRow("listed only") << std::vector<DepNode>{listed(3, 30), listed(1, 10)} << Edges{{1, 3}}
                                     << QStringLiteral("1:10:T 3:30:T") << QStringLiteral("1>3");
        QTest::newRow("ids only edges name are allocations")
            << std::vector<DepNode>{listed(5, 50)} << Edges{{2, 5}, {5, 9}, {0, 2}}
            << QStringLiteral("0:-1:A 2:-1:A 5:50:T 9:-1:A") << QStringLiteral("0>2 2>5 5>9");
        QTest::newRow("mentioned before, between and after the listed")
            << std::vector<DepNode>{listed(4, 40), listed(8, 80)} << Edges{{1, 4}, {4, 6}, {8, 12}}
            << QStringLiteral("1:-1:A 4:40:T 6:-1:A 8:80:T 12:-1:A") << QStringLiteral("1>4 4>6 8>12");
        QTest::newRow("the first of duplicate entries wins")
            << std::vector<DepNode>{listed(7, 1), listed(7, 2), listed(7, 3)} << Edges{}
            << QStringLiteral("7:1:T") << QString();
        QTest::newRow("a tasks[] entry wins over an entry not from tasks[]")
            << std::vector<DepNode>{unlisted(7, 1), listed(7, 2)} << Edges{{7, 7}} << QStringLiteral("7:2:T")
            << QStringLiteral("7>7");
        QTest::newRow("of tasks[] entries after another, the first wins")
            << std::vector<DepNode>{unlisted(7, 1), listed(7, 2), unlisted(7, 3), listed(7, 4)} << Edges{}
            << QStringLiteral("7:2:T") << QString();
        QTest::newRow("an entry wins over the edges' mention")
            << std::vector<DepNode>{unlisted(2, 20)} << Edges{{2, 3}} << QStringLiteral("2:20:A 3:-1:A")
            << QStringLiteral("2>3");
        QTest::newRow("duplicate edges count once, raw edges all")
            << std::vector<DepNode>{} << Edges{{1, 2}, {1, 2}, {2, 1}} << QStringLiteral("1:-1:A 2:-1:A")
            << QStringLiteral("1>2 2>1");
        QTest::newRow("ids above 2^53 stay exact")
            << std::vector<DepNode>{listed((1ull << 60) + 1, 5)}
            << Edges{{(1ull << 60) + 1, (1ull << 60) + 2}}
            << QStringLiteral("1152921504606846977:5:T 1152921504606846978:-1:A")
            << QStringLiteral("1152921504606846977>1152921504606846978");
        QTest::newRow("nothing") << std::vector<DepNode>{} << Edges{} << QString() << QString();
    }

    void nodesFromEntriesAndEdges()
    {
        QFETCH(std::vector<DepNode>, nodes);
        QFETCH(Edges, edges);
        QFETCH(QString, expectedNodes);
        QFETCH(QString, expectedEdges);
        const std::size_t rawEdges = edges.size();
        DepGraph g;
        g.build(nodes, edges);
        QCOMPARE(nodesText(g), expectedNodes);
        QCOMPARE(edgesText(g), expectedEdges);
        QCOMPARE(g.rawEdgeCount(), rawEdges);
        for (std::size_t i = 0; i < g.nodes().size(); ++i)
            QCOMPARE(g.indexOf(g.nodes()[i].taskId), std::int64_t(i));
        // Held memory is exact: no room kept for the edges' mentions.
        QCOMPARE(g.nodes().capacity(), g.nodes().size());
    }

    // The same graphs with ids spread far apart, which have no task id slots (taskidslots.h) and
    // are built by sorting and searching instead: node for node and edge for edge the same.
    void spreadIdsBuildTheSameGraph_data() { nodesFromEntriesAndEdges_data(); }
    void spreadIdsBuildTheSameGraph()
    {
        QFETCH(std::vector<DepNode>, nodes);
        QFETCH(Edges, edges);
        const auto spread = [](std::uint64_t id) { return id < (1ull << 40) ? id << 20 : id; };
        std::vector<DepNode> spreadNodes = nodes;
        for (DepNode &n : spreadNodes)
            n.taskId = spread(n.taskId);
        Edges spreadEdges = edges;
        for (auto &[p, s] : spreadEdges) {
            p = spread(p);
            s = spread(s);
        }
        std::vector<std::uint64_t> ids;
        for (const DepNode &n : spreadNodes)
            ids.push_back(n.taskId);
        for (const auto &[p, s] : spreadEdges)
            ids.insert(ids.end(), {p, s});
        const auto [lowest, highest] = std::minmax_element(ids.begin(), ids.end());
        if (!ids.empty() && *highest - *lowest >= (1u << 20)) // spread, not one id or two adjacent ones
            QVERIFY(TaskIdSlots::of(
                        ids.size(), [&](std::size_t i) { return ids[i]; }, 1)
                        .empty());
        DepGraph dense, spreadOut;
        dense.build(nodes, edges);
        spreadOut.build(spreadNodes, spreadEdges);
        QCOMPARE(spreadOut.nodes().size(), dense.nodes().size());
        for (std::size_t i = 0; i < dense.nodes().size(); ++i) {
            QCOMPARE(spreadOut.nodes()[i].taskId, spread(dense.nodes()[i].taskId));
            QCOMPARE(spreadOut.nodes()[i].kernelIds, dense.nodes()[i].kernelIds);
            QCOMPARE(spreadOut.nodes()[i].flags, dense.nodes()[i].flags);
        }
        QVERIFY(spreadOut.edges() == dense.edges());
    }

    // Ids asked in ascending order, repeated, missing, past the last node, and then lower again:
    // the walk finds what a search finds.
    void anAscendingLookupFindsWhatASearchFinds_data()
    {
        QTest::addColumn<QList<quint64>>("asked");
        QTest::newRow("ascending") << QList<quint64>{0, 2, 3, 7, 9};
        QTest::newRow("repeated and missing") << QList<quint64>{2, 2, 4, 4, 8, 9, 9};
        QTest::newRow("past the end, then back") << QList<quint64>{100, 3, 5, 1, 9, 0};
        QTest::newRow("descending") << QList<quint64>{9, 7, 5, 3, 2, 0};
    }
    void anAscendingLookupFindsWhatASearchFinds()
    {
        QFETCH(QList<quint64>, asked);
        DepGraph g;
        g.build({listed(2, 0), listed(3, 0), listed(7, 0)}, {{0, 2}, {7, 9}, {3, 5}});
        DepGraph::AscendingLookup lookup(g);
        for (const quint64 id : asked)
            QCOMPARE(lookup.indexOf(id), g.indexOf(id));
    }

    void adjacencyFollowsTheEdges()
    {
        DepGraph g;
        g.build({listed(1, 0), listed(2, 0), listed(3, 0)}, {{1, 2}, {1, 3}, {2, 3}, {4, 3}});
        auto ids = [&](auto range) {
            QList<std::uint64_t> out;
            for (auto it = range.first; it != range.second; ++it)
                out << g.nodes()[*it].taskId;
            return out;
        };
        const auto at = [&](std::uint64_t id) { return std::uint32_t(g.indexOf(id)); };
        QCOMPARE(ids(g.successors(at(1))), (QList<std::uint64_t>{2, 3}));
        QCOMPARE(ids(g.predecessors(at(3))), (QList<std::uint64_t>{1, 2, 4}));
        QVERIFY(g.find(4) && g.find(4)->isAlloc());
        QCOMPARE(g.find(5), nullptr);
    }

    // What a snapshot keeps of a graph is taken back as it was, and parts that are not a graph are
    // refused, whatever breaks them: a reopened capture must never read outside its arrays.
    void restoreTakesBackOnlyAGraph_data()
    {
        QTest::addColumn<int>("damage");
        QTest::addColumn<bool>("taken");
        QTest::newRow("as kept") << 0 << true;
        QTest::newRow("nodes out of order") << 1 << false;
        QTest::newRow("an edge to a node it does not hold") << 2 << false;
        QTest::newRow("an edge twice") << 3 << false;
        QTest::newRow("fewer raw edges than unique ones") << 4 << false;
        QTest::newRow("successor offsets that fall") << 5 << false;
        QTest::newRow("successor offsets that end short") << 6 << false;
        QTest::newRow("a predecessor that is not a node") << 7 << false;
        QTest::newRow("predecessor lists of another node count") << 8 << false;
        QTest::newRow("no lists for a graph with edges") << 9 << false;
    }
    void restoreTakesBackOnlyAGraph()
    {
        QFETCH(int, damage);
        QFETCH(bool, taken);
        DepGraph kept;
        kept.build({listed(1, 10), listed(2, 20), listed(3, 30)}, {{1, 2}, {1, 3}, {2, 3}, {2, 3}});
        std::vector<DepNode> nodes(kept.nodes().begin(), kept.nodes().end());
        std::vector<DepEdge> edges(kept.edges().begin(), kept.edges().end());
        std::size_t rawEdges = kept.rawEdgeCount();
        const auto copy = [](const FlatArray<std::uint32_t> &a) {
            return std::vector<std::uint32_t>(a.begin(), a.end());
        };
        std::vector<std::uint32_t> succOffsets = copy(kept.successorLists().offsets);
        std::vector<std::uint32_t> succTargets = copy(kept.successorLists().targets);
        std::vector<std::uint32_t> predOffsets = copy(kept.predecessorLists().offsets);
        std::vector<std::uint32_t> predTargets = copy(kept.predecessorLists().targets);
        switch (damage) {
        case 1:
            std::swap(nodes[0], nodes[1]);
            break;
        case 2:
            edges.back().succ = 3;
            break;
        case 3:
            edges[1] = edges[0];
            break;
        case 4:
            rawEdges = edges.size() - 1;
            break;
        case 5:
            std::swap(succOffsets[1], succOffsets[2]);
            break;
        case 6:
            succOffsets.back() -= 1;
            break;
        case 7:
            predTargets.front() = 3;
            break;
        case 8:
            predOffsets.push_back(predOffsets.back());
            break;
        case 9:
            succOffsets.clear();
            succTargets.clear();
            break;
        default:
            break;
        }
        DepGraph restored;
        const bool ok = restored.restore(std::move(nodes), std::move(edges), rawEdges,
                                         {std::move(succOffsets), std::move(succTargets)},
                                         {std::move(predOffsets), std::move(predTargets)});
        QCOMPARE(ok, taken);
        if (!taken) {
            QVERIFY(restored.empty());
            return;
        }
        QCOMPARE(nodesText(restored), nodesText(kept));
        QCOMPARE(edgesText(restored), edgesText(kept));
        QCOMPARE(restored.rawEdgeCount(), kept.rawEdgeCount());
        for (std::uint32_t i = 0; i < restored.nodes().size(); ++i) {
            const auto [succFrom, succTo] = restored.successors(i);
            const auto [keptSuccFrom, keptSuccTo] = kept.successors(i);
            QVERIFY(std::equal(succFrom, succTo, keptSuccFrom, keptSuccTo));
            const auto [predFrom, predTo] = restored.predecessors(i);
            const auto [keptPredFrom, keptPredTo] = kept.predecessors(i);
            QVERIFY(std::equal(predFrom, predTo, keptPredFrom, keptPredTo));
        }
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestDepGraph)
#include "tst_depgraph.moc"
