#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace lanescope {

// The dep_gen task graph (spec §4), projected to unique (pred, succ) pairs.
// Nodes are every task id seen in `tasks[]` or as an edge endpoint, sorted by id.
struct DepNode
{
    enum Flag : std::uint8_t {
        InTasks = 1 << 0, // listed in tasks[]; absent + referenced by edges => alloc (§4.2)
        HasKernelIds = 1 << 1,
        EarlyDispatch = 1 << 2,
        ManualScope = 1 << 3,
    };
    std::uint64_t taskId = 0;
    std::array<std::int32_t, 3> kernelIds = {-1, -1, -1}; // aic, aiv0, aiv1
    std::int32_t blockNum = 1;
    std::uint8_t flags = 0;
    std::uint8_t unused[7] = {}; // as PhaseRecord's

    bool inTasks() const { return flags & InTasks; }
    bool isDummy() const
    {
        return inTasks() && (flags & HasKernelIds) && kernelIds[0] < 0 && kernelIds[1] < 0 &&
               kernelIds[2] < 0;
    }
    bool isAlloc() const { return !inTasks(); }
};

class DepGraph
{
public:
    // Builds nodes, unique edges (self-edges kept, as the spec's Part 5 counts them) and adjacency.
    void build(std::vector<DepNode> nodes, std::vector<std::pair<std::uint64_t, std::uint64_t>> edges);

    // Takes back a graph as nodes() and edges() gave it (nodes by ascending task id, each id once;
    // edges as node index pairs, ascending, each once), rebuilding the adjacency. False, leaving
    // the graph empty, when the parts are not that: a snapshot is checked, never trusted.
    bool restore(std::vector<DepNode> nodes, std::vector<std::pair<std::uint32_t, std::uint32_t>> edges,
                 std::size_t rawEdgeCount);
    bool empty() const { return m_nodes.empty(); }
    // False for v1 files (edge pairs only): then no node can be told to be an alloc (§4.2, §4.5).
    bool hasTaskList() const { return m_hasTaskList; }
    const std::vector<DepNode> &nodes() const { return m_nodes; }
    // Unique edges as node indices, sorted by (pred, succ).
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> &edges() const { return m_edges; }
    std::size_t rawEdgeCount() const { return m_rawEdgeCount; }

    // Index of a task id in nodes(), or -1.
    std::int64_t indexOf(std::uint64_t taskId) const;
    const DepNode *find(std::uint64_t taskId) const;

    // Successor / predecessor node indices of node `i` (unique, may include i itself).
    std::pair<const std::uint32_t *, const std::uint32_t *> successors(std::uint32_t i) const;
    std::pair<const std::uint32_t *, const std::uint32_t *> predecessors(std::uint32_t i) const;
    // Heap bytes held: nodes, edges and both adjacency lists.
    std::size_t memoryBytes() const;

    // Looks up task ids that mostly come in ascending order (task rows in order) by walking the
    // nodes forward from the last one found, instead of a search from scratch that waits for
    // memory at every step: a whole capture's rows in one pass over the nodes. An id below the
    // last one asked is searched for.
    class AscendingLookup
    {
    public:
        explicit AscendingLookup(const DepGraph &graph) : m_nodes(graph.m_nodes) {}
        // As DepGraph::indexOf.
        std::int64_t indexOf(std::uint64_t taskId);

    private:
        const std::vector<DepNode> &m_nodes;
        std::size_t m_at = 0;
        std::uint64_t m_last = 0;
    };

private:
    // build's nodes and edges by task id slots (taskidslots.h) from `listed` (in any order, ids
    // repeated or not); false, with nothing done, when the ids have none.
    bool buildBySlots(const std::vector<DepNode> &listed,
                      const std::vector<std::pair<std::uint64_t, std::uint64_t>> &edges);

    std::vector<DepNode> m_nodes;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_edges;
    std::vector<std::uint32_t> m_succOffsets, m_succ, m_predOffsets, m_pred;
    std::size_t m_rawEdgeCount = 0;
    bool m_hasTaskList = false;
};

} // namespace lanescope
