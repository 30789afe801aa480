#include "widgets/overlays/hostplacementband.h"

namespace lanescope {

std::vector<TimeRange> hostPlacementBandSpans(const HostPlacement &p)
{
    if (!p.aligned())
        return {};
    const TimeRange first{p.deviceStartUs + p.lowUs, p.deviceStartUs + p.highUs};
    const TimeRange last{p.deviceEndUs + p.lowUs, p.deviceEndUs + p.highUs};
    if (last.startUs <= first.endUs)
        return {TimeRange{first.startUs, std::max(first.endUs, last.endUs)}};
    return {first, last};
}

} // namespace lanescope
