#include "baredges.h"

#include <algorithm>

namespace lanescope {

std::vector<double> barEdges(const Capture &capture)
{
    std::vector<double> edges;
    for (const Lane &lane : capture.lanes) {
        if (!lane.clockAligned)
            continue;
        for (const Slice &s : lane.slices) {
            if ((s.flags & Slice::Instant) || !(s.endUs > s.startUs))
                continue;
            edges.push_back(s.startUs);
            edges.push_back(s.endUs);
        }
    }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    return edges;
}

} // namespace lanescope
