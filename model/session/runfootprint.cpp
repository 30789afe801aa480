#include "runfootprint.h"

#include "capturefacts.h"

#include <algorithm>

namespace lanescope {

namespace {

template <class T> std::size_t heapOf(const std::vector<T> &v)
{
    return v.capacity() * sizeof(T);
}

template <class T> std::size_t heapOf(const FlatArray<T> &v)
{
    return v.memoryBytes();
}

// A QString's UTF-16 buffer and its header; shared copies are counted each time, which the few
// hundred names of a capture make negligible.
std::size_t heapOf(const QString &s)
{
    return s.isNull() ? 0 : std::size_t(s.capacity() + 1) * sizeof(QChar) + 16;
}

std::size_t heapOf(const QStringList &list)
{
    std::size_t bytes = std::size_t(list.capacity()) * sizeof(QString);
    for (const QString &s : list)
        bytes += heapOf(s);
    return bytes;
}

} // namespace

std::vector<FootprintPart> runFootprint(const Capture &c, const CaptureIndex *index)
{
    std::size_t bars = heapOf(c.lanes), scheduler = 0, orchestrator = 0, strings = 0, counters = 0;
    for (const Lane &lane : c.lanes) {
        bars += heapOf(lane.slices);
        strings += heapOf(lane.group) + heapOf(lane.name) + heapOf(lane.detail);
    }
    for (const PhaseLane &lane : c.schedulerThreads)
        scheduler += heapOf(lane);
    scheduler += heapOf(c.schedulerThreads) + heapOf(c.schedulerStreams);
    for (const PhaseLane &lane : c.orchestratorLanes)
        orchestrator += heapOf(lane);
    orchestrator += heapOf(c.orchestratorLanes) + heapOf(c.hostUploads) + heapOf(c.aicpuLifecycle);
    std::vector<const double *> timesSeen; // series of one counter share their times
    for (const CounterTrack &t : c.counters) {
        const bool sharedTimes = t.timesUs.isView() && std::find(timesSeen.begin(), timesSeen.end(),
                                                                 t.timesUs.data()) != timesSeen.end();
        if (t.timesUs.isView())
            timesSeen.push_back(t.timesUs.data());
        counters += (sharedTimes ? 0 : heapOf(t.timesUs)) + heapOf(t.values) + heapOf(t.pointLabel) +
                    heapOf(t.pointLabels);
    }
    counters += heapOf(c.counters) + heapOf(c.flows);
    strings += c.strings.memoryBytes() + c.phaseKinds.memoryBytes() + heapOf(c.traceSliceArgs);
    for (auto it = c.names.names.cbegin(); it != c.names.names.cend(); ++it)
        strings += heapOf(it.value()) + sizeof(int);
    std::size_t hostLog = heapOf(c.hostLog.spans);
    for (const HostSpan &s : c.hostLog.spans)
        hostLog += heapOf(s.name) + heapOf(s.hid);

    std::vector<FootprintPart> parts = {
        {QStringLiteral("rows"), heapOf(c.rows)},
        {QStringLiteral("bars"), bars},
        {QStringLiteral("scheduler records"), scheduler},
        {QStringLiteral("orchestrator records"), orchestrator},
        {QStringLiteral("deps graph"), c.deps.memoryBytes()},
        {QStringLiteral("strings"), strings},
        {QStringLiteral("counters"), counters},
        {QStringLiteral("host log"), hostLog},
    };
    if (index)
        parts.push_back({QStringLiteral("index"), index->bars.memoryBytes() + index->tasks.memoryBytes()});
    if (c.facts)
        parts.push_back({QStringLiteral("facts"), c.facts->search.memoryBytes()});
    if (c.facts && c.facts->anchors)
        parts.push_back({QStringLiteral("dependency anchors"), c.facts->anchors->memoryBytes()});
    return parts;
}

} // namespace lanescope
