#pragma once

#include "model/capture/depgraph.h"

#include <cstdint>
#include <vector>

namespace lanescope {

// Depth value meaning "follow edges until the graph ends" (the full transitive cone).
inline constexpr int kFullDependencyCone = -1;

// One unique dependency edge of a task's cone, as DepGraph node indices. `distance` counts the
// levels from the chosen task: 1 = a direct predecessor or successor edge.
struct DependencyEdge
{
    std::uint32_t pred = 0;
    std::uint32_t succ = 0;
    std::uint32_t distance = 1;
    bool upstream = false; // reached walking predecessors (else successors)

    friend bool operator==(const DependencyEdge &, const DependencyEdge &) = default;
};

// The edges reaching `taskId` from its predecessors and leaving it towards its successors, up to
// `depth` levels each way (0 = none, kFullDependencyCone = all). Self-edges are left out (the spec
// says a viewer should not draw them); an edge seen on both walks (only possible in a cyclic
// graph) is listed once. In order of distance (predecessor edges first at equal distance). Empty when
// the task is not in the graph.
std::vector<DependencyEdge> dependencyCone(const DepGraph &graph, std::uint64_t taskId, int depth);

// Every unique edge of the graph except self-edges, with distance 1, for "all arrows" views.
std::vector<DependencyEdge> allDependencyEdges(const DepGraph &graph);

} // namespace lanescope
