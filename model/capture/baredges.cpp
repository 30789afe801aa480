#include "baredges.h"

#include "cancelpoint.h"
#include "radixsort.h"

#include <algorithm>

namespace lanescope {

std::vector<double> barEdges(const Capture &capture)
{
    // Sized first: at ten million bars a doubling vector copies gigabytes while it grows.
    std::size_t bars = 0;
    for (const Lane &lane : capture.lanes)
        if (lane.clockAligned)
            bars += lane.slices.size();
    std::vector<double> edges;
    edges.reserve(2 * bars);
    CancelPoints cancelPoints;
    for (const Lane &lane : capture.lanes) {
        if (!lane.clockAligned)
            continue;
        for (const Slice &s : lane.slices) {
            cancelPoints.tick();
            if ((s.flags & Slice::Instant) || !(s.endUs > s.startUs))
                continue;
            edges.push_back(s.startUs);
            edges.push_back(s.endUs);
        }
    }
    radixSortByDouble(edges, [](double e) { return e; });
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    // Bars that meet share an edge: the room they left is given back, after the sort's own buffer
    // was, so this copy never raises the opening's peak.
    edges.shrink_to_fit();
    return edges;
}

} // namespace lanescope
