#include "depgraph.h"

#include "cancelpoint.h"
#include "taskidslots.h"

#include <algorithm>
#include <functional>

namespace lanescope {

std::size_t DepGraph::memoryBytes() const
{
    return m_nodes.memoryBytes() + m_edges.memoryBytes() + m_succ.offsets.memoryBytes() +
           m_succ.targets.memoryBytes() + m_pred.offsets.memoryBytes() + m_pred.targets.memoryBytes();
}

namespace {
// Each node's successors (forward) or predecessors.
DepAdjacency adjacencyOf(std::size_t nodeCount, const FlatArray<DepEdge> &edges, bool forward)
{
    CancelPoints cancelPoints;
    std::vector<std::uint32_t> offsets;
    assignHearingCancel(offsets, nodeCount + 1);
    for (const DepEdge &e : edges) {
        cancelPoints.tick();
        ++offsets[(forward ? e.pred : e.succ) + 1];
    }
    for (std::size_t i = 0; i < nodeCount; ++i) {
        cancelPoints.tick();
        offsets[i + 1] += offsets[i];
    }
    // offsets[i] serves as node i's fill position, which leaves it at node i + 1's start: shifted
    // back by one afterwards instead of filling through a copy of the offsets.
    std::vector<std::uint32_t> targets;
    assignHearingCancel(targets, edges.size());
    for (const DepEdge &e : edges) {
        cancelPoints.tick();
        targets[offsets[forward ? e.pred : e.succ]++] = forward ? e.succ : e.pred;
    }
    for (std::size_t i = nodeCount; i > 0; --i) {
        cancelPoints.tick();
        offsets[i] = offsets[i - 1];
    }
    offsets[0] = 0;
    return {std::move(offsets), std::move(targets)};
}

// Whether `lists` are adjacency lists of `nodeCount` nodes over `edgeCount` edges: offsets that
// start at 0, never fall and end at the last edge, and targets that are nodes. A graph never built
// has no lists at all.
bool isAdjacency(const DepAdjacency &lists, std::size_t nodeCount, std::size_t edgeCount)
{
    const FlatArray<std::uint32_t> &offsets = lists.offsets;
    if (offsets.empty())
        return nodeCount == 0 && edgeCount == 0 && lists.targets.empty();
    if (offsets.size() != nodeCount + 1 || offsets.front() != 0 || offsets.back() != edgeCount ||
        lists.targets.size() != edgeCount)
        return false;
    return std::is_sorted(offsets.begin(), offsets.end()) &&
           std::all_of(lists.targets.begin(), lists.targets.end(),
                       [nodeCount](std::uint32_t node) { return node < nodeCount; });
}

// Every id an edge names, ascending, each once. Sorted as bare ids (8 bytes) rather than as nodes
// (32): at millions of edges the nodes' sort touched gigabytes of fresh memory.
std::vector<std::uint64_t> mentionedIds(const std::vector<std::pair<std::uint64_t, std::uint64_t>> &edges)
{
    std::vector<std::uint64_t> ids;
    ids.reserve(2 * edges.size());
    CancelPoints cancelPoints;
    for (const auto &e : edges) {
        cancelPoints.tick();
        ids.push_back(e.first);
        ids.push_back(e.second);
    }
    cancellableSort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

// `listed` (ascending, unique) with a node for every mentioned id it lacks: an id that only edges
// name is an allocation (§4.2).
std::vector<DepNode> withMentionedIds(std::vector<DepNode> listed,
                                      const std::vector<std::uint64_t> &mentioned)
{
    auto forEachMerged = [&](auto take) {
        std::size_t m = 0;
        CancelPoints cancelPoints;
        for (const DepNode &n : listed) {
            cancelPoints.tick();
            for (; m < mentioned.size() && mentioned[m] < n.taskId; ++m)
                take(DepNode{mentioned[m], {-1, -1, -1}, 1, 0});
            if (m < mentioned.size() && mentioned[m] == n.taskId)
                ++m;
            take(n);
        }
        for (; m < mentioned.size(); ++m)
            take(DepNode{mentioned[m], {-1, -1, -1}, 1, 0});
    };
    std::size_t count = 0;
    forEachMerged([&](const DepNode &) { ++count; });
    if (count == listed.size() && listed.capacity() == count) // nothing to add, no room for erased duplicates
        return listed;
    std::vector<DepNode> all;
    all.reserve(count);
    forEachMerged([&](const DepNode &n) { all.push_back(n); });
    return all;
}

// std::unique and shrink_to_fit over tens of millions of items, hearing a cancel: the shrink is a
// copy into fresh memory.
template <typename Items, typename Same> void keepFirstOfEachExactly(Items &items, Same same)
{
    using T = typename Items::value_type;
    CancelPoints cancelPoints;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        cancelPoints.tick();
        if (kept == 0 || !same(items[kept - 1], items[i]))
            items[kept++] = items[i];
    }
    if (kept == items.size())
        return;
    std::vector<T> exact;
    exact.reserve(kept);
    for (std::size_t i = 0; i < kept; ++i) {
        cancelPoints.tick();
        exact.push_back(items[i]);
    }
    items = std::move(exact);
}
} // namespace

void DepGraph::build(std::vector<DepNode> nodes, std::vector<std::pair<std::uint64_t, std::uint64_t>> edges)
{
    m_rawEdgeCount = edges.size();
    m_hasTaskList = std::any_of(nodes.begin(), nodes.end(), [](const DepNode &n) { return n.inTasks(); });
    m_edges.clear();
    m_edges.reserve(edges.size());
    if (buildBySlots(nodes, edges)) {
        std::vector<DepNode>().swap(nodes);
    } else {
        // Duplicate node entries: a tasks[] entry wins over an edge-only mention, the first of
        // several wins.
        const auto byIdTasksFirst = [](const DepNode &a, const DepNode &b) {
            if (a.taskId != b.taskId)
                return a.taskId < b.taskId;
            return a.inTasks() && !b.inTasks();
        };
        if (!std::is_sorted(nodes.begin(), nodes.end(), byIdTasksFirst))
            cancellableStableSort(nodes.begin(), nodes.end(), byIdTasksFirst);
        keepFirstOfEachExactly(nodes,
                               [](const DepNode &a, const DepNode &b) { return a.taskId == b.taskId; });
        m_nodes = withMentionedIds(std::move(nodes), mentionedIds(edges));
        CancelPoints cancelPoints;
        for (const auto &e : edges) {
            cancelPoints.tick();
            m_edges.push_back(DepEdge{std::uint32_t(indexOf(e.first)), std::uint32_t(indexOf(e.second))});
        }
    }
    cancellableSort(m_edges.begin(), m_edges.end());
    keepFirstOfEachExactly(m_edges, std::equal_to<>());

    m_succ = adjacencyOf(m_nodes.size(), m_edges, true);
    m_pred = adjacencyOf(m_nodes.size(), m_edges, false);
}

bool DepGraph::buildBySlots(const std::vector<DepNode> &listed,
                            const std::vector<std::pair<std::uint64_t, std::uint64_t>> &edges)
{
    // Every id the graph names, listed nodes first, then both ends of every edge.
    const auto idAt = [&](std::size_t i) {
        if (i < listed.size())
            return listed[i].taskId;
        const auto &e = edges[(i - listed.size()) / 2];
        return (i - listed.size()) % 2 == 0 ? e.first : e.second;
    };
    const TaskIdSlots idSlots = TaskIdSlots::of(listed.size() + 2 * edges.size(), idAt, 1);
    if (idSlots.empty())
        return false;
    // Per slot: the listed node there, kMentioned for an id only edges name, else kNone; then the
    // id's place among the graph's nodes.
    constexpr std::int32_t kNone = -1, kMentioned = -2;
    std::vector<std::int32_t> at;
    assignHearingCancel(at, idSlots.count(), kNone);
    std::size_t hint = 0;
    CancelPoints cancelPoints;
    std::size_t listedIds = 0;
    for (std::size_t i = 0; i < listed.size(); ++i) {
        cancelPoints.tick();
        // Of entries repeating an id, the first tasks[] entry wins, else the first: what a stable
        // sort by id, tasks[] entries first, would put first.
        std::int32_t &a = at[idSlots.slotOf(listed[i].taskId, hint)];
        if (a == kNone)
            ++listedIds;
        if (a == kNone || (listed[i].inTasks() && !listed[std::size_t(a)].inTasks()))
            a = std::int32_t(i);
    }
    std::size_t mentionedOnly = 0;
    for (const auto &[pred, succ] : edges) {
        cancelPoints.tick();
        for (const std::uint64_t id : {pred, succ})
            if (std::int32_t &a = at[idSlots.slotOf(id, hint)]; a == kNone) {
                a = kMentioned;
                ++mentionedOnly;
            }
    }
    // Slots ascend as ids do, so the nodes come out in id order, an id only edges name as an
    // allocation (§4.2) where it belongs among the listed ones.
    m_nodes.clear();
    m_nodes.reserve(listedIds + mentionedOnly);
    idSlots.forEachSlot([&](std::size_t slot, std::uint64_t id) {
        std::int32_t &a = at[slot];
        if (a == kNone)
            return;
        m_nodes.push_back(a == kMentioned ? DepNode{id, {-1, -1, -1}, 1, 0} : listed[std::size_t(a)]);
        a = std::int32_t(m_nodes.size() - 1);
    });
    for (const auto &[pred, succ] : edges) {
        cancelPoints.tick();
        m_edges.push_back(DepEdge{std::uint32_t(at[idSlots.slotOf(pred, hint)]),
                                  std::uint32_t(at[idSlots.slotOf(succ, hint)])});
    }
    return true;
}

bool DepGraph::restore(FlatArray<DepNode> nodes, FlatArray<DepEdge> edges, std::size_t rawEdgeCount,
                       DepAdjacency successors, DepAdjacency predecessors)
{
    *this = DepGraph();
    // Read through const: a changing access would copy a view (flatarray.h).
    const FlatArray<DepNode> &n = nodes;
    const FlatArray<DepEdge> &e = edges;
    const auto notAscending = [](const DepNode &a, const DepNode &b) { return a.taskId >= b.taskId; };
    if (std::adjacent_find(n.begin(), n.end(), notAscending) != n.end())
        return false;
    const auto inRange = [&](const DepEdge &edge) { return edge.pred < n.size() && edge.succ < n.size(); };
    if (!std::all_of(e.begin(), e.end(), inRange) ||
        std::adjacent_find(e.begin(), e.end(), std::greater_equal<>()) != e.end() ||
        rawEdgeCount < edges.size() || !isAdjacency(successors, nodes.size(), edges.size()) ||
        !isAdjacency(predecessors, nodes.size(), edges.size()))
        return false;
    m_rawEdgeCount = rawEdgeCount;
    m_hasTaskList = std::any_of(n.begin(), n.end(), [](const DepNode &node) { return node.inTasks(); });
    m_nodes = std::move(nodes);
    m_edges = std::move(edges);
    m_succ = std::move(successors);
    m_pred = std::move(predecessors);
    return true;
}

namespace {
// The place of the first node whose id is not below `taskId`, and that place as an index when
// the node is the task's, else -1.
std::size_t firstNotBelow(const FlatArray<DepNode> &nodes, std::uint64_t taskId)
{
    return std::size_t(std::lower_bound(nodes.begin(), nodes.end(), taskId,
                                        [](const DepNode &n, std::uint64_t id) { return n.taskId < id; }) -
                       nodes.begin());
}
std::int64_t indexAt(const FlatArray<DepNode> &nodes, std::size_t at, std::uint64_t taskId)
{
    return at < nodes.size() && nodes[at].taskId == taskId ? std::int64_t(at) : -1;
}
} // namespace

std::int64_t DepGraph::indexOf(std::uint64_t taskId) const
{
    return indexAt(m_nodes, firstNotBelow(m_nodes, taskId), taskId);
}

std::int64_t DepGraph::AscendingLookup::indexOf(std::uint64_t taskId)
{
    if (taskId < m_last)
        m_at = firstNotBelow(m_nodes, taskId);
    else
        while (m_at < m_nodes.size() && m_nodes[m_at].taskId < taskId)
            ++m_at;
    m_last = taskId;
    return indexAt(m_nodes, m_at, taskId);
}

const DepNode *DepGraph::find(std::uint64_t taskId) const
{
    const auto i = indexOf(taskId);
    return i < 0 ? nullptr : &m_nodes[std::size_t(i)];
}

std::pair<const std::uint32_t *, const std::uint32_t *> DepGraph::successors(std::uint32_t i) const
{
    return {m_succ.targets.data() + m_succ.offsets[i], m_succ.targets.data() + m_succ.offsets[i + 1]};
}

std::pair<const std::uint32_t *, const std::uint32_t *> DepGraph::predecessors(std::uint32_t i) const
{
    return {m_pred.targets.data() + m_pred.offsets[i], m_pred.targets.data() + m_pred.offsets[i + 1]};
}

} // namespace lanescope
