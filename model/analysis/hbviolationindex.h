#pragma once

#include "dependencyanchors.h"

#include <cstdint>
#include <vector>

namespace lanescope {

// The happens-before violations (spec §7.5) of every dependency edge of a run, found once, so that
// the whole capture's list and any cone's are looked up rather than tested edge by edge again.
class HbViolationIndex
{
public:
    HbViolationIndex() = default;
    // `all`: the violated edges in the order they are listed.
    explicit HbViolationIndex(std::vector<HbViolation> all);
    // Every edge of the capture's graph (allDependencyEdges) tested against its anchors.
    HbViolationIndex(const Capture &capture, const DependencyAnchors &anchors);

    const std::vector<HbViolation> &all() const { return m_all; }
    // The violated edges among `edges`, in their order (what hbViolations gives for them).
    std::vector<HbViolation> among(const std::vector<DependencyEdge> &edges) const;

private:
    std::vector<HbViolation> m_all;
    std::vector<std::uint32_t> m_byEdge; // indices into m_all, by (pred, succ)
};

} // namespace lanescope
