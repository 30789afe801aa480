#include "widgets/render/timelineindex.h"

#include "widgets/style/slicepalette.h"

namespace lanescope {

TimelineIndex::TimelineIndex(const Capture &capture, CaptureIndexPtr index)
    : m_index(indexFor(capture, std::move(index))), m_hintedKernels(capture.perfHints)
{
    m_stringColours.reserve(std::size_t(capture.strings.size()));
    for (qsizetype i = 0; i < capture.strings.size(); ++i)
        m_stringColours.push_back(nameColour(capture.strings.at(std::uint32_t(i))));
    m_phaseColours.reserve(std::size_t(capture.phaseKinds.size()));
    for (qsizetype i = 0; i < capture.phaseKinds.size(); ++i)
        m_phaseColours.push_back(nameColour(capture.phaseKinds.at(std::uint32_t(i))));
}

QRgb TimelineIndex::colourOf(const Capture &capture, const Lane &lane, const Slice &slice) const
{
    if (slice.flags & Slice::Dummy)
        return dummyColour();
    if (slice.flags & Slice::Alloc)
        return allocColour();
    if (slice.flags & Slice::PredicatedSkip)
        return predicatedSkipColour();
    switch (lane.kind) {
    case LaneKind::Scheduler:
    case LaneKind::SchedulerResolve:
    case LaneKind::Orchestrator:
    case LaneKind::HostUploads:
    case LaneKind::AicpuLifecycle:
        return slice.label < m_phaseColours.size() ? m_phaseColours[slice.label] : keyColour(slice.label);
    case LaneKind::Host:
        return slice.ref < capture.hostLog.spans.size() ? nameColour(capture.hostLog.spans[slice.ref].name)
                                                        : keyColour(slice.label);
    case LaneKind::Trace:
        return slice.label < m_stringColours.size() ? m_stringColours[slice.label] : keyColour(slice.label);
    case LaneKind::Worker:
    case LaneKind::SchedulerView:
    case LaneKind::AicpuWorker:
        break;
    }
    return keyColour(slice.label);
}

} // namespace lanescope
