#include "widgets/render/timelineindex.h"

#include "model/session/capturefacts.h"
#include "widgets/style/slicepalette.h"

#include <algorithm>

namespace lanescope {

TimelineIndex::TimelineIndex(const Capture &capture, CaptureIndexPtr index)
    : m_index(indexFor(capture, std::move(index))), m_hintedKernels(capture.perfHints)
{
    const NameColours names = traceNameColours(capture);
    m_stringColours.reserve(std::size_t(capture.strings.size()));
    for (qsizetype i = 0; i < capture.strings.size(); ++i)
        m_stringColours.push_back(names.colourOf(std::size_t(i)));
    m_coloursByTask = coloursBarsByTask(capture);
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
    case LaneKind::KernelLaunches:
        return slice.label < m_phaseColours.size() ? m_phaseColours[slice.label] : keyColour(slice.label);
    case LaneKind::Host:
        return slice.ref < capture.hostLog.spans.size() ? nameColour(capture.hostLog.spans[slice.ref].name)
                                                        : keyColour(slice.label);
    case LaneKind::Trace:
        return slice.label < m_stringColours.size() ? m_stringColours[slice.label] : keyColour(slice.label);
    case LaneKind::Worker:
    case LaneKind::SchedulerView:
        if (m_coloursByTask && slice.label == 0 && slice.ref < capture.rows.size())
            return taskColour(capture.rows[slice.ref].taskId);
        break;
    case LaneKind::AicpuWorker:
        break;
    }
    return keyColour(slice.label);
}

bool coloursBarsByTask(const Capture &capture)
{
    if (capture.rows.empty())
        return false;
    // Counted once with the document; a capture built another way is looked at here.
    if (capture.facts)
        return capture.facts->functionsByCount.size() == 1 && capture.facts->functionsByCount[0].funcId < 0;
    return std::none_of(capture.rows.begin(), capture.rows.end(),
                        [](const TaskRow &r) { return r.funcId >= 0; });
}

NameColours traceNameColours(const Capture &capture)
{
    QStringList names;
    names.reserve(capture.strings.size());
    for (qsizetype i = 0; i < capture.strings.size(); ++i)
        names.append(capture.strings.at(std::uint32_t(i)));
    return NameColours(names);
}

} // namespace lanescope
