#include "phaserecordsreader.h"

#include "model/io/json/lenientvalues.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace lanescope {

namespace {

using Type = JsonCursor::Type;

enum class PhaseField : std::uint8_t {
    Other,
    Kind,
    Phase,
    StartCycles,
    EndCycles,
    StartUs,
    EndUs,
    StartHostNs,
    EndHostNs,
    LoopIter,
    TasksProcessed,
    PopHit,
    PopMiss,
    TaskId,
    SubmitIdx,
    SharedAtStart,
    SharedAtEnd,
    RecordIndex,
    RunEpoch,
};

// Phase records repeat the same dozen keys millions of times: dispatch on length first.
PhaseField phaseField(const std::string &k)
{
    auto is = [&k](const char *s) { return std::memcmp(k.data(), s, k.size()) == 0; };
    switch (k.size()) {
    case 4:
        return is("kind") ? PhaseField::Kind : PhaseField::Other;
    case 5:
        return is("phase") ? PhaseField::Phase : PhaseField::Other;
    case 7:
        if (is("pop_hit"))
            return PhaseField::PopHit;
        return is("task_id") ? PhaseField::TaskId : PhaseField::Other;
    case 8:
        return is("pop_miss") ? PhaseField::PopMiss : PhaseField::Other;
    case 9:
        if (is("loop_iter"))
            return PhaseField::LoopIter;
        return is("run_epoch") ? PhaseField::RunEpoch : PhaseField::Other;
    case 10:
        if (is("end_cycles"))
            return PhaseField::EndCycles;
        return is("submit_idx") ? PhaseField::SubmitIdx : PhaseField::Other;
    case 11:
        if (is("end_time_us"))
            return PhaseField::EndUs;
        return is("end_host_ns") ? PhaseField::EndHostNs : PhaseField::Other;
    case 12:
        if (is("start_cycles"))
            return PhaseField::StartCycles;
        return is("record_index") ? PhaseField::RecordIndex : PhaseField::Other;
    case 13:
        if (is("start_time_us"))
            return PhaseField::StartUs;
        if (is("start_host_ns"))
            return PhaseField::StartHostNs;
        return is("shared_at_end") ? PhaseField::SharedAtEnd : PhaseField::Other;
    case 15:
        if (is("tasks_processed"))
            return PhaseField::TasksProcessed;
        return is("shared_at_start") ? PhaseField::SharedAtStart : PhaseField::Other;
    default:
        return PhaseField::Other;
    }
}

} // namespace

PhaseRecordsReader::PhaseRecordsReader(JsonCursor &cursor, RawRecords &raw, PhaseKindTable &kinds)
    : m_c(cursor), m_raw(raw), m_kinds(kinds)
{
    m_orchSubmitKind = m_kinds.intern("orch_submit");
    m_unknownKind = m_kinds.intern("unknown");
}

bool PhaseRecordsReader::notArray(const char *what)
{
    if (m_c.peek() == Type::Array)
        return false;
    m_raw.note(
        QStringLiteral("%1 at byte %2 is not an array (ignored)").arg(QLatin1String(what)).arg(m_c.offset()));
    m_c.skip();
    return true;
}

bool PhaseRecordsReader::readDepthTriple(std::int32_t (&out)[3])
{
    bool representable = true;
    if (m_c.peek() != Type::Array) {
        m_c.skip();
        return false;
    }
    m_c.enterArray();
    int n = 0;
    bool numbers = true;
    while (m_c.nextElement()) {
        std::uint64_t v = 0;
        if (n < 3 && m_c.peek() == Type::Number) {
            const std::int64_t at = m_c.offset();
            if (!m_c.readUInt64(v))
                return false;
            // Negative integers arrive two's-complement wrapped (JsonCursor::readUInt64).
            const auto depth = std::int64_t(v);
            if (depth < 0 || depth > DepthRangeNotes::deviceMax)
                m_raw.depthRange.note(at, depth);
            if (depth < std::numeric_limits<std::int32_t>::min() ||
                depth > std::numeric_limits<std::int32_t>::max()) {
                ++m_raw.depthRange.unrepresentable;
                representable = false;
            } else {
                out[n] = std::int32_t(depth);
            }
        } else {
            numbers = numbers && m_c.peek() == Type::Number;
            if (!m_c.skip())
                return false;
        }
        ++n;
    }
    return m_c.ok() && numbers && n == 3 && representable;
}

PhaseRecordsReader::Read PhaseRecordsReader::readPhase(PhaseRecord &r, RawTimes &t, Source source,
                                                       std::int64_t *recordIndex)
{
    if (m_c.peek() != Type::Object)
        return m_c.skip() ? Read::Bad : Read::Failed;
    m_c.enterObject();
    bool haveKind = false;
    bool depthStart = false, depthEnd = false;
    while (m_c.nextMember(m_key)) {
        std::uint64_t v = 0;
        double d = 0;
        const PhaseField f = phaseField(m_key);
        switch (f) {
        case PhaseField::Kind:
        case PhaseField::Phase:
            if (takeString(m_c, m_text) == Took::Value) {
                r.kind = m_kinds.intern(m_text.size() > 64 ? std::string_view(m_text).substr(0, 64)
                                                           : std::string_view(m_text));
                haveKind = true;
            }
            break;
        case PhaseField::StartCycles:
        case PhaseField::StartHostNs:
            if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                t.start = v;
            break;
        case PhaseField::EndCycles:
        case PhaseField::EndHostNs:
            if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                t.end = v;
            break;
        case PhaseField::StartUs:
            if (takeDouble(m_c, d) == Took::Value)
                r.startUs = d;
            break;
        case PhaseField::EndUs:
            if (takeDouble(m_c, d) == Took::Value)
                r.endUs = d;
            break;
        case PhaseField::LoopIter:
            if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                r.loopIter = std::uint32_t(v);
            break;
        case PhaseField::TasksProcessed:
            if (takeUInt64(m_c, v, m_scratch) == Took::Value) {
                r.tasksProcessed = std::uint32_t(v);
                r.flags |= PhaseRecord::HasTasksProcessed;
            }
            break;
        case PhaseField::PopHit:
            if (takeUInt64(m_c, v, m_scratch) == Took::Value) {
                r.popHit = std::uint32_t(v);
                r.flags |= PhaseRecord::HasPopCounts;
            }
            break;
        case PhaseField::PopMiss:
            if (takeUInt64(m_c, v, m_scratch) == Took::Value) {
                r.popMiss = std::uint32_t(v);
                r.flags |= PhaseRecord::HasPopCounts;
            }
            break;
        case PhaseField::TaskId:
            // null (newer scheduler_records) and -1 (orchestrator records of failed submits) mean "none".
            if (takeUInt64(m_c, v, m_scratch) == Took::Value && v != ~std::uint64_t(0)) {
                r.taskId = v;
                r.flags |= PhaseRecord::HasTaskId;
            }
            break;
        case PhaseField::RunEpoch:
            // Host arrays never carry an epoch (supplement §4.1); one there would not be the device's.
            if (source != Source::HostOrchestrator && takeUInt64(m_c, v, m_scratch) == Took::Value) {
                r.runEpoch = std::uint32_t(v);
                r.flags |= PhaseRecord::HasRunEpoch;
            } else if (source == Source::HostOrchestrator) {
                m_c.skip();
            }
            break;
        case PhaseField::SubmitIdx:
            if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                r.submitIdx = std::uint32_t(v);
            break;
        case PhaseField::SharedAtStart:
            depthStart = readDepthTriple(r.sharedAtStart);
            break;
        case PhaseField::SharedAtEnd:
            depthEnd = readDepthTriple(r.sharedAtEnd);
            break;
        case PhaseField::RecordIndex:
            if (recordIndex && takeUInt64(m_c, v, m_scratch) == Took::Value)
                *recordIndex = std::int64_t(v);
            else if (!recordIndex)
                m_c.skip();
            break;
        case PhaseField::Other:
            m_c.skip();
            break;
        }
        if (!m_c.ok())
            return Read::Failed;
    }
    if (!m_c.ok())
        return Read::Failed;
    if (depthStart && depthEnd)
        r.flags |= PhaseRecord::HasSharedDepth;
    if (source == Source::HostOrchestrator)
        r.kind = m_orchSubmitKind;
    else if (!haveKind && source == Source::Orchestrator)
        r.kind = m_orchSubmitKind;
    else if (!haveKind && source == Source::Scheduler)
        r.kind = m_unknownKind;
    return Read::Ok;
}

void PhaseRecordsReader::readLanes(std::vector<RawPhaseLane> &lanes, Source source)
{
    if (notArray(source == Source::Scheduler      ? "aicpu_scheduler_phases"
                 : source == Source::Orchestrator ? "aicpu_orchestrator_phases"
                                                  : "host_orchestrator_phases"))
        return;
    m_c.enterArray();
    while (m_c.nextElement()) {
        // Thread indices are small; an outer array of millions of entries is damage, not lanes.
        if (lanes.size() >= std::size_t(RecordLimits::maxSchedulerId)) {
            m_raw.phaseDamage.note(m_c.offset());
            if (!m_c.skip())
                return;
            continue;
        }
        lanes.emplace_back();
        if (m_c.peek() != Type::Array) {
            m_raw.phaseDamage.note(m_c.offset());
            if (!m_c.skip())
                return;
            continue;
        }
        m_c.enterArray();
        while (m_c.nextElement()) {
            const auto at = m_c.offset();
            PhaseRecord record;
            RawTimes times;
            const Read r = readPhase(record, times, source);
            if (r == Read::Failed)
                return;
            if (r == Read::Bad) {
                m_raw.phaseDamage.note(at);
                continue;
            }
            lanes.back().push_back({record, times});
        }
        if (!m_c.ok())
            return;
    }
}

void PhaseRecordsReader::readSchedulerRecords()
{
    m_raw.hasSchedulerRecords = true;
    if (m_c.peek() != Type::Object) {
        m_raw.note(
            QStringLiteral("scheduler_records at byte %1 is not an object (ignored)").arg(m_c.offset()));
        m_c.skip();
        return;
    }
    m_streams.clear();
    m_c.enterObject();
    std::string key;
    while (m_c.nextMember(key)) {
        if (key == "streams" && m_c.peek() == Type::Array) {
            m_c.enterArray();
            while (m_c.nextElement()) {
                // As many streams as scheduler threads could exist; more is damage, not lanes.
                if (m_c.peek() != Type::Object ||
                    m_streams.size() >= std::size_t(RecordLimits::maxSchedulerId)) {
                    m_raw.phaseDamage.note(m_c.offset());
                    m_c.skip();
                } else {
                    readSchedulerStream();
                }
                if (!m_c.ok())
                    break;
            }
        } else {
            if (key == "streams")
                m_raw.note(QStringLiteral("scheduler_records.streams at byte %1 is not an array (ignored)")
                               .arg(m_c.offset()));
            m_c.skip();
        }
        if (!m_c.ok())
            break;
    }
    // Streams read before a truncation are kept like every other complete record.
    placeSchedulerStreams();
}

void PhaseRecordsReader::readSchedulerStream()
{
    // scheduler_id may follow the records, so a stream is collected whole and placed at the end.
    m_streamRecords.clear();
    m_streamMetrics.clear();
    m_metricIndex.clear();
    SchedulerStream info;
    m_c.enterObject();
    std::string key;
    auto takeId = [this](std::optional<std::int64_t> &out) {
        std::uint64_t v = 0;
        if (takeUInt64(m_c, v, m_scratch) == Took::Value)
            out = std::int64_t(v); // negative ids wrap back to negative here
    };
    auto takeName = [this](QString &out) {
        if (takeString(m_c, m_text) == Took::Value)
            out = QString::fromStdString(m_text.substr(0, 64));
    };
    while (m_c.nextMember(key)) {
        std::uint64_t v = 0;
        if (key == "scheduler_id") {
            takeId(info.schedulerId);
        } else if (key == "worker_id") {
            takeId(info.workerId);
        } else if (key == "physical_core_id") {
            takeId(info.physicalCoreId);
        } else if (key == "producer") {
            takeName(info.producer);
        } else if (key == "platform") {
            takeName(info.platform);
        } else if (key == "runtime" && m_raw.streamRuntime.isEmpty()) {
            takeName(m_raw.streamRuntime); // files without metadata.runtime name it here
        } else if (key == "core_type") {
            takeName(info.coreType);
        } else if (key == "records" || key == "metrics") {
            const bool metrics = key == "metrics";
            if (m_c.peek() != Type::Array) {
                m_c.skip();
            } else {
                m_c.enterArray();
                while (m_c.nextElement()) {
                    const auto at = m_c.offset();
                    PhaseRecord record;
                    RawTimes times;
                    std::int64_t index = -1;
                    const Read r = readPhase(record, times, metrics ? Source::Metric : Source::Scheduler,
                                             metrics ? &index : nullptr);
                    if (r == Read::Failed)
                        return;
                    if (r == Read::Bad) {
                        m_raw.phaseDamage.note(at);
                    } else if (metrics) {
                        m_streamMetrics.push_back(record);
                        m_metricIndex.push_back(index);
                    } else {
                        m_streamRecords.push_back({record, times});
                    }
                }
            }
        } else if (key == "capture" && m_c.peek() == Type::Object) {
            m_c.enterObject();
            std::string ck;
            while (m_c.nextMember(ck)) {
                if (ck == "dropped") {
                    const auto at = m_c.offset();
                    const Took t = takeUInt64(m_c, v, m_scratch);
                    // A count the stream cannot state is not a count of zero: say so.
                    if (t == Took::Value) {
                        m_raw.schedulerStreamsDropped += v;
                        info.dropped = v;
                    } else if (t == Took::Other)
                        m_raw.note(
                            QStringLiteral("a scheduler stream's capture.dropped at byte %1 is not a count "
                                           "(ignored: its losses are unknown)")
                                .arg(at));
                } else if (ck == "truncated") {
                    bool b = false;
                    if (m_c.peek() == Type::Bool) {
                        if (m_c.readBool(b)) {
                            m_raw.schedulerStreamTruncated = m_raw.schedulerStreamTruncated || b;
                            info.truncated = b;
                        }
                    } else {
                        m_c.skip();
                    }
                } else {
                    m_c.skip();
                }
                if (!m_c.ok())
                    return;
            }
        } else {
            m_c.skip();
        }
        if (!m_c.ok())
            return;
    }
    if (!m_c.ok())
        return;
    // Only the AICPU's streams bound the host log's `sched` window (upstream §2.3).
    if (info.producer == QLatin1String("aicpu"))
        for (const RawPhaseRecord &p : m_streamRecords) {
            m_raw.aicpuStreamCycles.add(p.times.start);
            m_raw.aicpuStreamCycles.add(p.times.end);
        }
    // Metrics carry extra fields of a record by index (pop counts, ready-queue depths).
    for (std::size_t i = 0; i < m_streamMetrics.size(); ++i) {
        const auto idx = m_metricIndex[i];
        if (idx < 0 || std::uint64_t(idx) >= m_streamRecords.size())
            continue;
        const PhaseRecord &m = m_streamMetrics[i];
        PhaseRecord &r = m_streamRecords[std::size_t(idx)].record;
        if (m.flags & PhaseRecord::HasPopCounts) {
            r.popHit = m.popHit;
            r.popMiss = m.popMiss;
            r.flags |= PhaseRecord::HasPopCounts;
        }
        if (m.flags & PhaseRecord::HasSharedDepth) {
            std::copy(std::begin(m.sharedAtStart), std::end(m.sharedAtStart), std::begin(r.sharedAtStart));
            std::copy(std::begin(m.sharedAtEnd), std::end(m.sharedAtEnd), std::begin(r.sharedAtEnd));
            r.flags |= PhaseRecord::HasSharedDepth;
        }
    }
    m_streams.push_back({std::move(m_streamRecords), std::move(info)});
    m_streamRecords = RawPhaseLane();
}

void PhaseRecordsReader::placeSchedulerStreams()
{
    // Supplement §7 "Reader placement": a stream sits at its scheduler_id, the ids no stream had are
    // empty slots (the writer omits empty streams; renumbering the rest would charge their work to
    // the wrong thread). When any id is missing, negative, too large or repeated the invariant cannot
    // be restored, and the streams keep their encounter order instead.
    constexpr std::int64_t kMaxPlacedId = 256; // the reference's bound, far above any real thread count
    std::vector<bool> seen(std::size_t(kMaxPlacedId), false);
    bool placeById = true;
    std::int64_t maxId = -1;
    for (const PendingStream &s : m_streams) {
        const auto id = s.info.schedulerId;
        if (!id || *id < 0 || *id >= kMaxPlacedId || seen[std::size_t(*id)]) {
            placeById = false;
            break;
        }
        seen[std::size_t(*id)] = true;
        maxId = std::max(maxId, *id);
    }
    if (!placeById && !m_streams.empty())
        m_raw.note(QStringLiteral(
            "scheduler_records streams have missing, out-of-range or repeated scheduler_id values; "
            "placed in file order"));
    std::vector<PendingStream> placed;
    if (placeById) {
        // Every producer shares one producer per artifact, so a gap inherits it when there is one.
        QString gapProducer;
        bool oneProducer = true;
        for (const PendingStream &s : m_streams) {
            if (s.info.producer.isEmpty())
                continue;
            if (gapProducer.isEmpty())
                gapProducer = s.info.producer;
            else if (gapProducer != s.info.producer)
                oneProducer = false;
        }
        placed.resize(std::size_t(maxId + 1));
        for (std::size_t i = 0; i < placed.size(); ++i) {
            SchedulerStream &gap = placed[i].info;
            gap.producer = oneProducer ? gapProducer : QString();
            gap.schedulerId = std::int64_t(i);
            gap.workerId = std::int64_t(i);
            gap.gap = true;
        }
        for (PendingStream &s : m_streams) {
            const auto id = std::size_t(*s.info.schedulerId);
            placed[id] = std::move(s);
        }
    } else {
        placed = std::move(m_streams);
    }
    m_streams.clear();

    // aicpu_scheduler_phases may have filled lanes already (both in one file is reported later):
    // records of the same index share the lane.
    auto &threads = m_raw.schedulerThreads;
    auto &streams = m_raw.schedulerStreams;
    if (threads.size() < placed.size())
        threads.resize(placed.size());
    if (streams.size() < threads.size())
        streams.resize(threads.size());
    for (std::size_t i = 0; i < placed.size(); ++i) {
        auto &lane = threads[i];
        auto &records = placed[i].records;
        if (lane.empty())
            lane = std::move(records);
        else
            lane.append(records);
        streams[i] = std::move(placed[i].info);
    }
}

void PhaseRecordsReader::readHostUploads()
{
    m_raw.hasHostUploads = true;
    if (notArray("host_device_uploads"))
        return;
    m_c.enterArray();
    std::string key;
    while (m_c.nextElement()) {
        const auto at = m_c.offset();
        if (m_c.peek() != Type::Object) {
            m_raw.phaseDamage.note(at);
            if (!m_c.skip())
                return;
            continue;
        }
        RawUpload u;
        bool haveKind = false;
        m_c.enterObject();
        while (m_c.nextMember(key)) {
            std::uint64_t v = 0;
            if (key == "phase") {
                if (takeString(m_c, m_text) == Took::Value) {
                    u.kind = m_kinds.intern(std::string_view(m_text).substr(0, 64));
                    haveKind = true;
                }
            } else if (key == "start_host_ns") {
                if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                    u.startNs = v;
            } else if (key == "end_host_ns") {
                if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                    u.endNs = v;
            } else if (key == "detail") {
                if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                    u.bytes = v;
            } else {
                m_c.skip();
            }
            if (!m_c.ok())
                return;
        }
        if (!m_c.ok())
            return;
        if (!haveKind)
            u.kind = m_unknownKind;
        m_raw.hostUploads.push_back(u);
    }
}

} // namespace lanescope
