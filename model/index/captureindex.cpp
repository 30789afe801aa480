#include "captureindex.h"

namespace lanescope {

CaptureIndex::CaptureIndex(const Capture &capture) : bars(capture), tasks(capture) {}

CaptureIndex::CaptureIndex(const Capture &capture, BarIndex bars) : bars(std::move(bars)), tasks(capture) {}

CaptureIndexPtr indexFor(const Capture &capture, CaptureIndexPtr index)
{
    if (index && index->bars.isFor(capture))
        return index;
    return std::make_shared<const CaptureIndex>(capture);
}

} // namespace lanescope
