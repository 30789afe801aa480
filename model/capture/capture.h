#pragma once

#include "aicpulifecycle.h"
#include "depgraph.h"
#include "dispatchidentity.h"
#include "hostplacement.h"
#include "hostspans.h"
#include "kernellaunch.h"
#include "lane.h"
#include "namemap.h"
#include "perfhints.h"
#include "phaserecord.h"
#include "runcollection.h"
#include "schedulerstream.h"
#include "scopestats.h"
#include "stringtable.h"
#include "taskidformat.h"
#include "taskrow.h"
#include "traceslicearg.h"
#include "tracetimeline.h"

#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

namespace lanescope {

struct CaptureFacts; // model/session/capturefacts.h

enum class CaptureFormat { ChipSwimlaneRecords, ChromeTrace, HostLog, ScopeStatsOnly };
QString formatName(CaptureFormat f); // "chip_swimlane_records", "chrome_trace", ...

// Which files a capture was assembled from (absolute paths; empty = not used).
struct CaptureSources
{
    QString records;
    QString deps;
    QString nameMap;
    QString scopeStats;
    QString hostLog;
    QString dispatchIdentity; // the dispatch_identity.json sidecar
    QString perfHints;        // the build's report/perf_hints.log (perf-hints spec A.1)
};

// Variants of the records file, decided by shape (spec §10, §11).
enum class RecordsLayout { None, RawStreams, PerTaskObjects };

struct CaptureInfo
{
    CaptureFormat format = CaptureFormat::ChipSwimlaneRecords;
    RecordsLayout layout = RecordsLayout::None;
    QString levelKey;         // chip_swimlane_level, l2_swimlane_level, l2_perf_level, version …
    std::optional<int> level; // 1..4, null for traces
    std::optional<std::int64_t> clockFreqHz; // null for traces and per-task-object files
    int numCores = 0;
    std::vector<CoreType> coreTypes; // indexed by core id
    std::vector<int> coreToThread;   // indexed by core id, -1 = unassigned; empty = absent
    QString runtime;                 // metadata.runtime (newer upstream), else inferred; empty: unknown
    // Where `runtime` came from: a mid-generation file has no metadata.runtime (field supplement §1).
    enum class RuntimeSource : std::uint8_t { Unknown, Metadata, SchedulerStreams, TaskIds };
    QString schedulerTaskProducer; // scheduler_tasks.producer ("aicpu", "aicore"), empty when absent
    TaskIdFormat taskIdFormat = TaskIdFormat::RingLocal; // how labels spell task ids (supplement §8)
    bool hostOrchestrated = false;                       // HBG host records present
    bool hostClockAligned = false; // HBG: host records on the device axis (hostPlacement aligned)
    HostPlacement hostPlacement;   // how host-clock lanes meet the device axis (upstream §2, §3)
    std::uint64_t baseCycles = 0;  // time base (§3.2); 0 for µs-domain inputs
    double traceBaseUs = 0;        // trace inputs: file time of t = 0
    TraceTimeline trace;           // trace inputs: placement metadata, run epochs, ranks
    CaptureSources sources;
    // The run this capture holds (supplement §4): its run_epoch, or none when the file carries no
    // run identity (never epoch 0). `runCount` is how many runs its file or folder holds.
    std::optional<std::uint32_t> runEpoch;
    int runCount = 1;
    QString rankName;          // an L3 output's rank and device, "rank 1 · d0"; empty otherwise
    QString hostClockDomainId; // metadata.host_clock_domain_id (upstream §1), as text
    bool allRuns = false;      // the "All runs" view: several runs on one axis, never analysed
    RunCollection collection;  // metadata.collection of a retained run
    std::optional<std::uint64_t> runBoundaries; // supplement §4.5, shown when present
    std::optional<std::uint64_t> droppedRunBoundaries;
    // The kernel launches of the file (field supplement §3), in start order: empty unless it has
    // several that can be told apart. Every run split from the file carries them all.
    std::vector<KernelLaunch> launches;
    // The launch this run holds: 0 before the first launch, i + 1 for launches[i]. Meaningful only
    // with launches, outside the "All runs" view.
    std::uint32_t launchPosition = 0;
    // Launch boundaries were dropped (or unreadable): the file's launches cannot be told apart, so
    // it is shown whole and never analysed (launchboundaries.h).
    bool launchesUnknown = false;
    QStringList warnings; // partial data, dropped records, unknown phases …
    bool partial = false; // some input was truncated or records were lost
    // metadata.core_types could not be right (uniform on a mixed part): coreTypes follows the
    // cluster pattern instead (model/io/coretypeinference.h), an inference the UI names.
    bool coreTypesInferred = false;
    RuntimeSource runtimeSource = RuntimeSource::Unknown;
};

// Where one run lies in the "All runs" view (supplement §4.3), for its boundary marks.
struct RunSpan
{
    std::optional<std::uint32_t> epoch;
    double startUs = 0;
    double endUs = 0;
    QString name; // an L3 rank's "rank 1 · d0"; empty: the run's epoch names it
};

// The loaded, immutable capture: built once by the loader, then shared read-only across threads.
struct Capture
{
    CaptureInfo info;
    TaskRows rows;                                 // sorted by task id (unsigned), file order within a task
    std::vector<PhaseLane> schedulerThreads;       // index = scheduler thread (core_to_thread space)
    std::vector<SchedulerStream> schedulerStreams; // same index; empty without scheduler_records
    std::vector<PhaseLane> orchestratorLanes;      // device or host orchestrator, normally one
    std::vector<HostUpload> hostUploads;
    std::vector<AicpuLifecycle> aicpuLifecycle; // one per AICPU thread record, file order
    StringTable phaseKinds;                     // names for PhaseRecord::kind / HostUpload::kind
    DepGraph deps;
    NameMap names;
    ScopeStats scopeStats;
    HostLog hostLog;
    // The capture's dispatch_identity.json, when it has one: which host invocation containment
    // may place it in. Read before the records, as the host log is.
    DispatchIdentity dispatchIdentity;
    // The compiler's hints for the build the capture came from, joined to its kernels where the
    // names allow (perf-hints spec B.3).
    PerfHints perfHints;

    // Timeline view of everything above (or of a trace): lanes in display order.
    std::vector<Lane> lanes;
    std::vector<CounterTrack> counters;
    std::vector<Flow> flows;
    StringTable strings;                       // trace slice names, flow names
    std::vector<TraceSliceArg> traceSliceArgs; // kept numeric args of trace slices, by ref
    std::vector<RunSpan> runSpans;             // the "All runs" view only: one per run, in order
    // What the panels show of the whole capture, computed once before it is shared (openDocument);
    // null for a capture built another way.
    std::shared_ptr<const CaptureFacts> facts;

    void warn(const QString &w) { info.warnings.append(w); }
};

using CapturePtr = std::shared_ptr<const Capture>;

} // namespace lanescope
