#include "hbviolationindex.h"

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <numeric>

namespace lanescope {

HbViolationIndex::HbViolationIndex(std::vector<HbViolation> all) : m_all(std::move(all))
{
    m_byEdge.resize(m_all.size());
    std::iota(m_byEdge.begin(), m_byEdge.end(), 0u);
    cancellableStableSort(m_byEdge.begin(), m_byEdge.end(), [this](std::uint32_t a, std::uint32_t b) {
        return std::pair(m_all[a].pred, m_all[a].succ) < std::pair(m_all[b].pred, m_all[b].succ);
    });
}

HbViolationIndex::HbViolationIndex(const Capture &capture, const DependencyAnchors &anchors)
    : HbViolationIndex(allHbViolations(capture, anchors))
{
}

std::vector<HbViolation> HbViolationIndex::among(const std::vector<DependencyEdge> &edges) const
{
    std::vector<HbViolation> out;
    for (const DependencyEdge &e : edges) {
        const auto at =
            std::lower_bound(m_byEdge.begin(), m_byEdge.end(), std::pair(e.pred, e.succ),
                             [this](std::uint32_t i, const std::pair<std::uint32_t, std::uint32_t> &key) {
                                 return std::pair(m_all[i].pred, m_all[i].succ) < key;
                             });
        if (at != m_byEdge.end() && m_all[*at].pred == e.pred && m_all[*at].succ == e.succ)
            out.push_back(m_all[*at]);
    }
    return out;
}

} // namespace lanescope
