#include "dependencycone.h"

#include <algorithm>

namespace lanescope {

namespace {

// Breadth-first walk from `start` along successors (or predecessors), adding the edge to each
// neighbour of a node found at level d < depth; each node is expanded once, so each edge is
// added once per walk, in order of distance. `expanded` marks the nodes this walk expanded.
void walk(const DepGraph &graph, std::uint32_t start, int depth, bool upstream,
          std::vector<DependencyEdge> &out, std::vector<std::uint8_t> &expanded,
          const std::vector<std::uint8_t> *expandedUpstream)
{
    std::vector<std::uint8_t> seen(graph.nodes().size(), 0);
    std::vector<std::uint32_t> frontier{start}, next;
    seen[start] = 1;
    for (std::uint32_t level = 1; !frontier.empty() && (depth < 0 || int(level) <= depth); ++level) {
        next.clear();
        for (std::uint32_t node : frontier) {
            expanded[node] = 1;
            const auto [first, last] = upstream ? graph.predecessors(node) : graph.successors(node);
            for (const std::uint32_t *it = first; it != last; ++it) {
                const std::uint32_t other = *it;
                if (other == node)
                    continue;
                // In a cyclic graph the upstream walk may already hold node -> other.
                if (!expandedUpstream || !(*expandedUpstream)[other])
                    out.push_back(upstream ? DependencyEdge{other, node, level, true}
                                           : DependencyEdge{node, other, level, false});
                if (!seen[other]) {
                    seen[other] = 1;
                    next.push_back(other);
                }
            }
        }
        frontier.swap(next);
    }
}

} // namespace

std::vector<DependencyEdge> dependencyCone(const DepGraph &graph, std::uint64_t taskId, int depth)
{
    const std::int64_t start = graph.indexOf(taskId);
    if (start < 0 || depth == 0)
        return {};
    std::vector<std::uint8_t> expandedUp(graph.nodes().size(), 0), expandedDown(graph.nodes().size(), 0);
    std::vector<DependencyEdge> up, down;
    walk(graph, std::uint32_t(start), depth, true, up, expandedUp, nullptr);
    walk(graph, std::uint32_t(start), depth, false, down, expandedDown, &expandedUp);
    // Both walks are in order of distance: merge them.
    std::vector<DependencyEdge> edges(up.size() + down.size());
    std::merge(up.begin(), up.end(), down.begin(), down.end(), edges.begin(),
               [](const DependencyEdge &a, const DependencyEdge &b) { return a.distance < b.distance; });
    return edges;
}

std::vector<DependencyEdge> allDependencyEdges(const DepGraph &graph)
{
    std::vector<DependencyEdge> edges;
    edges.reserve(graph.edges().size());
    for (const auto &[pred, succ] : graph.edges()) {
        if (pred != succ)
            edges.push_back({pred, succ, 1, false});
    }
    return edges;
}

} // namespace lanescope
