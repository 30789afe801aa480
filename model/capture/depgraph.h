#pragma once

#include "flatarray.h"

#include <array>
#include <compare>
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

// A unique dependency, as the indices of its two nodes.
struct DepEdge
{
    std::uint32_t pred = 0;
    std::uint32_t succ = 0;

    friend auto operator<=>(const DepEdge &, const DepEdge &) = default;
};

// Compressed adjacency: node i's neighbours are targets[offsets[i]] up to targets[offsets[i + 1]].
struct DepAdjacency
{
    FlatArray<std::uint32_t> offsets;
    FlatArray<std::uint32_t> targets;
};

// Its arrays are flat (flatarray.h): a reopened capture views them in its snapshot.
class DepGraph
{
public:
    // Builds nodes, unique edges (self-edges kept, as the spec's Part 5 counts them) and adjacency.
    void build(std::vector<DepNode> nodes, std::vector<std::pair<std::uint64_t, std::uint64_t>> edges);

    // Takes back a graph as nodes(), edges(), successorLists() and predecessorLists() gave it
    // (nodes by ascending task id, each id once; edges ascending, each once; adjacency of every
    // node, naming nodes the graph holds). False, leaving the graph empty, when the parts are not
    // that: a snapshot is checked, never trusted. Whether the lists hold just the edges is the
    // snapshot's checksum's to say; reading them never goes out of bounds.
    bool restore(FlatArray<DepNode> nodes, FlatArray<DepEdge> edges, std::size_t rawEdgeCount,
                 DepAdjacency successors, DepAdjacency predecessors);
    bool empty() const { return m_nodes.empty(); }
    // False for v1 files (edge pairs only): then no node can be told to be an alloc (§4.2, §4.5).
    bool hasTaskList() const { return m_hasTaskList; }
    const FlatArray<DepNode> &nodes() const { return m_nodes; }
    // Whether `node` is work that runs on a core (M1): listed in tasks[] with an active kernel id;
    // without a task list every node counts.
    bool isKernelTask(const DepNode &node) const
    {
        return !m_hasTaskList || (node.inTasks() && (node.kernelIds[0] >= 0 || node.kernelIds[1] >= 0 ||
                                                     node.kernelIds[2] >= 0));
    }
    // Unique edges, sorted by (pred, succ).
    const FlatArray<DepEdge> &edges() const { return m_edges; }
    std::size_t rawEdgeCount() const { return m_rawEdgeCount; }

    // Index of a task id in nodes(), or -1.
    std::int64_t indexOf(std::uint64_t taskId) const;
    const DepNode *find(std::uint64_t taskId) const;

    // Successor / predecessor node indices of node `i` (unique, may include i itself).
    std::pair<const std::uint32_t *, const std::uint32_t *> successors(std::uint32_t i) const;
    std::pair<const std::uint32_t *, const std::uint32_t *> predecessors(std::uint32_t i) const;
    const DepAdjacency &successorLists() const { return m_succ; }
    const DepAdjacency &predecessorLists() const { return m_pred; }
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
        const FlatArray<DepNode> &m_nodes;
        std::size_t m_at = 0;
        std::uint64_t m_last = 0;
    };

private:
    // build's nodes and edges by task id slots (taskidslots.h) from `listed` (in any order, ids
    // repeated or not); false, with nothing done, when the ids have none.
    bool buildBySlots(const std::vector<DepNode> &listed,
                      const std::vector<std::pair<std::uint64_t, std::uint64_t>> &edges);

    FlatArray<DepNode> m_nodes;
    FlatArray<DepEdge> m_edges;
    DepAdjacency m_succ, m_pred;
    std::size_t m_rawEdgeCount = 0;
    bool m_hasTaskList = false;
};

} // namespace lanescope
