#include "snapshotfields.h"

#include <algorithm>

namespace lanescope::snapshot {

void put(Out &w, const QHash<int, QString> &v)
{
    // By key, not in the hash's own order, so that the same capture always gives the same bytes.
    QList<int> keys = v.keys();
    std::sort(keys.begin(), keys.end());
    w.pod(std::uint64_t(keys.size()));
    for (const int key : std::as_const(keys))
        w(key, v.value(key));
}

void get(In &r, QHash<int, QString> &v)
{
    v.clear();
    const std::size_t n = r.count(sizeof(int) + sizeof(std::uint32_t));
    v.reserve(qsizetype(n));
    for (std::size_t i = 0; i < n && r.ok(); ++i) {
        int key = 0;
        QString value;
        r(key, value);
        if (v.contains(key)) {
            r.fail(QStringLiteral("the name map holds function %1 twice").arg(key));
            return;
        }
        v.insert(key, value);
    }
}

// The adjacency is kept with the edges: rebuilding it was most of a reopening's reading of a run.
void put(Out &w, const DepGraph &v)
{
    const DepAdjacency &succ = v.successorLists();
    const DepAdjacency &pred = v.predecessorLists();
    w(v.nodes(), v.edges(), std::uint64_t(v.rawEdgeCount()), succ.offsets, succ.targets, pred.offsets,
      pred.targets);
}

void get(In &r, DepGraph &v)
{
    FlatArray<DepNode> nodes;
    FlatArray<DepEdge> edges;
    std::uint64_t rawEdgeCount = 0;
    DepAdjacency succ, pred;
    r(nodes, edges, rawEdgeCount, succ.offsets, succ.targets, pred.offsets, pred.targets);
    if (r.ok() && !v.restore(std::move(nodes), std::move(edges), std::size_t(rawEdgeCount), std::move(succ),
                             std::move(pred)))
        r.fail(QStringLiteral("the dependency graph is not sorted or names a task it does not hold"));
}

void put(Out &w, const StringTable &v)
{
    w.pod(std::uint64_t(v.size()));
    for (qsizetype i = 0; i < v.size(); ++i)
        w(v.at(std::uint32_t(i)));
}

void get(In &r, StringTable &v)
{
    v = StringTable();
    const std::size_t n = r.count(sizeof(std::uint32_t));
    for (std::size_t i = 0; i < n && r.ok(); ++i) {
        QString s;
        r(s);
        // Ids are positions: a text held twice would give two positions one id.
        if (r.ok() && v.intern(s) != i)
            r.fail(QStringLiteral("a string table holds \"%1\" twice").arg(s.left(40)));
    }
}

} // namespace lanescope::snapshot
