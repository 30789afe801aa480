#pragma once

#include "clockalignmentrecord.h"
#include "model/capture/aicpulifecycle.h"
#include "model/capture/chunkedarray.h"
#include "model/capture/phaserecord.h"
#include "model/capture/runcollection.h"
#include "model/capture/schedulerstream.h"
#include "model/capture/taskrow.h"
#include "model/io/placement/clockalignment.h"
#include "model/io/placement/containmentplacement.h"

#include <QString>
#include <QStringList>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lanescope {

// The content of a records file exactly as written, before anything depends on the time base.
// Keys may come in any order (metadata after the arrays), so everything is collected first and
// converted to µs only once the whole file has been seen.

// Bounds on what input may size: a larger id marks its row malformed instead of sizing per-core or
// per-thread tables by hostile values.
struct RecordLimits
{
    static constexpr std::int64_t maxCoreId = 1 << 20;
    static constexpr std::int64_t maxSchedulerId = 4096;
    static constexpr std::size_t maxTableLength = 1 << 20;
    static constexpr std::size_t maxAnchorSamples = 4096;
    static constexpr qsizetype maxNotes = 64;
};

// aicore_tasks row (spec §2.4, §11).
struct RawAicoreRow
{
    std::uint64_t taskToken = 0;
    std::uint64_t startCycles = 0;
    std::uint64_t endCycles = 0;
    std::uint64_t receiveToStart = 0; // 0 for 5-column rows
    std::int32_t coreId = 0;
    std::uint32_t regTaskId = 0;
    std::uint32_t runEpoch = 0; // 7-column rows only
    std::uint8_t columns = 0;   // 5, 6 or 7
};

// aicpu_tasks / scheduler_tasks.records row (spec §2.5, §11).
struct RawAicpuRow
{
    std::uint64_t dispatchCycles = 0;
    std::uint64_t finishCycles = 0;
    std::int32_t coreId = 0;
    std::uint32_t regTaskId = 0;
    std::uint32_t runEpoch = 0; // 5-column rows only
    std::uint8_t columns = 0;   // 4 or 5
};

// One entry of metadata.run_boundaries: a launch's ordinal in its DFX window and its start in device
// cycles (field supplement §3).
struct RawLaunchBoundary
{
    std::uint64_t ordinal = 0;
    std::uint64_t startCycles = 0;
};

// Start/end of a scheduler, orchestrator or host record as written: cycles or host ns, 0 when absent
// (0 becomes 0.0 µs either way, spec §3.2).
struct RawTimes
{
    std::uint64_t start = 0;
    std::uint64_t end = 0;
};

// One record of a lane as read. `record` already holds everything but the raw times (per-task-object
// files write µs, which go straight into the record); `times` are converted once the time base is
// known.
struct RawPhaseRecord
{
    PhaseRecord record;
    RawTimes times;
};

using RawPhaseLane = ChunkedArray<RawPhaseRecord>;

// aicpu_lifecycle_records entry (spec §11): raw cycles per LifecycleStage, 0 when absent.
struct RawLifecycle
{
    std::optional<std::int64_t> thread; // aicpu_thread_id
    std::array<RawTimes, kLifecycleStageCount> stages = {};
};

// host_device_uploads entry (spec §2.9).
struct RawUpload
{
    std::uint64_t startNs = 0;
    std::uint64_t endNs = 0;
    std::uint64_t bytes = 0;
    std::uint16_t kind = 0;
};

// Rows that could not be used, per stream, for one summarising warning each.
struct StreamDamage
{
    std::uint64_t malformed = 0;
    std::int64_t firstMalformedAt = -1;
    std::uint8_t widths = 0; // bit n set = rows with n columns were seen (n < 8)

    void note(std::int64_t offset)
    {
        if (malformed++ == 0)
            firstMalformedAt = offset;
    }
    int widthCount() const { return __builtin_popcount(widths); }
    // Adds what was noted of rows read after these.
    void add(const StreamDamage &later)
    {
        if (malformed == 0)
            firstMalformedAt = later.firstMalformedAt;
        malformed += later.malformed;
        widths |= later.widths;
    }
};

// Ready-queue depths outside what the device can record, for one warning naming the first.
struct DepthRangeNotes
{
    // The device keeps depths in 16 bits (inferred from its signed 16-bit store); a depth is a count.
    static constexpr std::int64_t deviceMax = 32767;

    std::uint64_t outside = 0;
    std::int64_t firstAt = -1;
    std::int64_t firstValue = 0;
    std::uint64_t unrepresentable = 0; // beyond 32 bits: the triple is not kept

    void note(std::int64_t offset, std::int64_t value)
    {
        if (outside++ == 0) {
            firstAt = offset;
            firstValue = value;
        }
    }
    // Adds what was noted of depths read after these.
    void add(const DepthRangeNotes &later)
    {
        if (outside == 0) {
            firstAt = later.firstAt;
            firstValue = later.firstValue;
        }
        outside += later.outside;
        unrepresentable += later.unrepresentable;
    }
};

// metadata.host_capture (spec §2.3).
struct HostCaptureInfo
{
    bool present = false;
    std::string status;
    std::optional<std::uint64_t> expectedRecords;
    std::optional<std::uint64_t> recordedRecords;
    std::optional<std::uint64_t> droppedRecords;
    std::string error;
};

struct RawRecords
{
    // Level key: the most specific one present wins (chip_swimlane_level > l2_swimlane_level >
    // l2_perf_level > version).
    QString levelKey;
    int levelKeyRank = 0;
    std::optional<std::int64_t> levelValue;
    std::int64_t levelOffset = -1;

    // metadata (or, for old files, the same keys at top level).
    bool hasMetadata = false;
    std::int64_t metadataOffset = -1;
    std::optional<std::int64_t> clockFreqHz;
    JsonIntegerField clockFreqField; // clock_freq_hz with its JSON type (clock_alignment needs an int)
    std::int64_t clockOffset = -1;
    std::optional<std::int64_t> numCores;
    std::vector<CoreType> coreTypes;
    bool hasCoreTypes = false;
    std::uint64_t unknownCoreTypeNames = 0;
    std::vector<int> coreToThread;
    bool hasCoreToThread = false;
    QString runtime;
    QString streamRuntime; // the first scheduler_records stream's runtime key (field supplement §1)
    QString orchestratorSource;
    std::uint64_t hostOriginNs = 0;
    std::uint64_t hostTimelineOriginNs = 0; // host_timeline_origin_ns (upstream §2.6 step 2)
    RawClockAlignment clockAlignment;
    std::int64_t hostQuantizationNs = 0;
    HostCaptureInfo hostCapture;
    ClockAnchors clockAnchors;
    QString hostClockDomainId; // metadata.host_clock_domain_id: a string or an integer, as text
    RunCollection collection;  // metadata.collection (retained runs)
    std::optional<std::uint64_t> runBoundaries; // entries of run_boundaries (supplement §4.5)
    std::optional<std::uint64_t> droppedRunBoundaries;
    // The entries of run_boundaries that are [k, start_cycles] pairs (field supplement §3), in file
    // order; an entry of another shape is counted, and where the first one was.
    std::vector<RawLaunchBoundary> launchBoundaries;
    std::uint64_t unreadableRunBoundaries = 0;
    std::int64_t unreadableRunBoundaryOffset = -1;

    // Raw stream layout.
    bool hasAicoreTasks = false;
    ChunkedArray<RawAicoreRow> aicore;
    StreamDamage aicoreDamage;
    bool hasAicpuTasks = false;
    bool hasSchedulerTasks = false;
    QString schedulerTasksProducer;
    ChunkedArray<RawAicpuRow> aicpu;
    StreamDamage aicpuDamage;
    bool hasSchedulerPhases = false;
    bool hasSchedulerRecords = false;
    std::vector<RawPhaseLane> schedulerThreads;
    CycleBounds aicpuStreamCycles; // records of producer "aicpu" streams: the containment `sched` window
    std::vector<SchedulerStream> schedulerStreams; // scheduler_records: same index as schedulerThreads
    std::vector<RawPhaseLane> orchestratorLanes;
    std::int64_t orchestratorOffset = -1;
    std::vector<RawPhaseLane> hostOrchestratorLanes;
    std::int64_t hostOrchestratorOffset = -1;
    bool hasHostUploads = false;
    std::vector<RawUpload> hostUploads;
    bool hasLifecycle = false;
    std::vector<RawLifecycle> lifecycle;
    StreamDamage phaseDamage;                  // records that were not objects, across all phase streams
    DepthRangeNotes depthRange;                // shared_at_start/end values the device cannot record
    std::uint64_t schedulerStreamsDropped = 0; // scheduler_records capture.dropped, summed
    bool schedulerStreamTruncated = false;

    // Per-task object layout (§10 item 2): rows already in µs.
    bool hasTasks = false;
    std::vector<TaskRow> objectRows;
    StreamDamage objectDamage;
    bool hasFanout = false;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> fanoutEdges;

    QStringList ignoredKeys; // unknown top-level keys, for one note
    QStringList notes;       // parse-time warnings (type mismatches of whole members)

    void note(const QString &message)
    {
        if (notes.size() < RecordLimits::maxNotes)
            notes.append(message);
    }

    std::size_t orchestratorRecordCount() const
    {
        std::size_t n = 0;
        for (const auto &l : orchestratorLanes)
            n += l.size();
        return n;
    }
    std::size_t hostOrchestratorRecordCount() const
    {
        std::size_t n = 0;
        for (const auto &l : hostOrchestratorLanes)
            n += l.size();
        return n;
    }
    std::size_t schedulerRecordCount() const
    {
        std::size_t n = 0;
        for (const auto &l : schedulerThreads)
            n += l.size();
        return n;
    }
};

} // namespace lanescope
