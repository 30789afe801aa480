#include "recordssegment.h"

#include <vector>

namespace lanescope {

namespace {

// The streams a member can fill, each with the members that fill it.
enum class Stream : std::uint8_t {
    Aicore,
    Aicpu,
    Scheduler,
    Orchestrator,
    HostOrchestrator,
    Uploads,
    Lifecycle
};
constexpr Stream kStreams[] = {
    Stream::Aicore,           Stream::Aicpu,   Stream::Scheduler, Stream::Orchestrator,
    Stream::HostOrchestrator, Stream::Uploads, Stream::Lifecycle};

bool wasRead(const RawRecords &r, Stream s)
{
    switch (s) {
    case Stream::Aicore:
        return r.hasAicoreTasks;
    case Stream::Aicpu:
        return r.hasAicpuTasks || r.hasSchedulerTasks;
    case Stream::Scheduler:
        return r.hasSchedulerPhases || r.hasSchedulerRecords;
    case Stream::Orchestrator:
        return r.orchestratorOffset >= 0;
    case Stream::HostOrchestrator:
        return r.hostOrchestratorOffset >= 0;
    case Stream::Uploads:
        return r.hasHostUploads;
    case Stream::Lifecycle:
        return r.hasLifecycle;
    }
    return true;
}

void renumberKinds(std::vector<RawPhaseLane> &lanes, const std::vector<std::uint16_t> &to)
{
    for (RawPhaseLane &lane : lanes)
        for (std::size_t i = 0; i < lane.size(); ++i) {
            std::uint16_t &kind = lane[i].record.kind;
            kind = to[kind];
        }
}

// The segment's kinds interned into `kinds` in the order it first saw them: the order a read in
// one piece would have met them after those before the cut, so the unknown ones are remembered in
// that order too. Records are renumbered only where a kind's number changed.
void joinKinds(PhaseKindTable &kinds, RecordsSegment &segment)
{
    std::vector<std::uint16_t> to(std::size_t(segment.kindNames.size()));
    bool same = true;
    for (const auto &[name, id] : segment.kinds.names()) {
        to[id] = kinds.intern(name);
        same = same && to[id] == id;
    }
    if (same)
        return;
    RawRecords &r = segment.raw;
    renumberKinds(r.schedulerThreads, to);
    renumberKinds(r.orchestratorLanes, to);
    renumberKinds(r.hostOrchestratorLanes, to);
    for (RawUpload &u : r.hostUploads)
        u.kind = to[u.kind];
}

} // namespace

bool canJoin(const RawRecords &before, const PhaseKindTable &kinds, const RecordsSegment &segment)
{
    for (const Stream s : kStreams)
        if (wasRead(before, s) && wasRead(segment.raw, s))
            return false;
    return segment.kinds.overflowCount() == 0 &&
           kinds.size() + segment.kinds.size() <= PhaseKindTable::kMaxKinds;
}

void join(RawRecords &into, PhaseKindTable &kinds, RecordsSegment &segment)
{
    joinKinds(kinds, segment);
    RawRecords &s = segment.raw;
    if (wasRead(s, Stream::Aicore)) {
        into.hasAicoreTasks = true;
        into.aicore = std::move(s.aicore);
        into.aicoreDamage = s.aicoreDamage;
    }
    if (wasRead(s, Stream::Aicpu)) {
        into.hasAicpuTasks = s.hasAicpuTasks;
        into.hasSchedulerTasks = s.hasSchedulerTasks;
        into.schedulerTasksProducer = s.schedulerTasksProducer;
        into.aicpu = std::move(s.aicpu);
        into.aicpuDamage = s.aicpuDamage;
    }
    if (wasRead(s, Stream::Scheduler)) {
        into.hasSchedulerPhases = s.hasSchedulerPhases;
        into.hasSchedulerRecords = s.hasSchedulerRecords;
        into.schedulerThreads = std::move(s.schedulerThreads);
        into.schedulerStreams = std::move(s.schedulerStreams);
        into.aicpuStreamCycles = s.aicpuStreamCycles;
        into.schedulerStreamsDropped = s.schedulerStreamsDropped;
        into.schedulerStreamTruncated = s.schedulerStreamTruncated;
    }
    if (wasRead(s, Stream::Orchestrator)) {
        into.orchestratorOffset = s.orchestratorOffset;
        into.orchestratorLanes = std::move(s.orchestratorLanes);
    }
    if (wasRead(s, Stream::HostOrchestrator)) {
        into.hostOrchestratorOffset = s.hostOrchestratorOffset;
        into.hostOrchestratorLanes = std::move(s.hostOrchestratorLanes);
    }
    if (wasRead(s, Stream::Uploads)) {
        into.hasHostUploads = true;
        into.hostUploads = std::move(s.hostUploads);
    }
    if (wasRead(s, Stream::Lifecycle)) {
        into.hasLifecycle = true;
        into.lifecycle = std::move(s.lifecycle);
    }
    into.phaseDamage.add(s.phaseDamage);
    into.depthRange.add(s.depthRange);
    for (const QString &n : s.notes)
        into.note(n);
}

} // namespace lanescope
