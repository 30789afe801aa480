#pragma once

#include <QString>
#include <cstdint>
#include <vector>

namespace lanescope {

// Which producer era the records file imitates (spec §10, §11).
enum class RecordShape {
    Current,        // chip_swimlane_level, 6-column aicore rows (§2)
    V2FiveColumns,  // chip_swimlane_level, 5-column aicore rows (no receive delta)
    L2LevelKey,     // l2_swimlane_level key, 6-column rows
    PerTaskObjects, // `tasks` array of joined objects in µs (§10 item 2)
    Upstream, // 7-column rows with run_epoch, scheduler_tasks, scheduler_records, metadata.runtime (§11)
};

// The level key of a per-task object file (§10 item 2).
enum class ObjectLayoutKey {
    L2PerfLevel,     // `l2_perf_level`, ring-encoded ids, real func ids
    L2SwimlaneLevel, // `l2_swimlane_level`, same fields
    Version, // `version` 1 (no phase data) / 2 (phases): plain ids, kernel_ready_time_us, fanout lists
};

enum class DepsShape {
    None,    // no deps.json
    Current, // tasks / tensors / edges objects, ids as strings, kernel_ids, block_num (§4.1)
    V1Pairs, // {"version": 1, "edges": [[pred, succ], ...]} with numeric ids (§4.5)
};

enum class TaskIdLayout {
    RingLocal,      // TMR: (ring << 32) | per-ring local id (§3.5)
    HostBuildGraph, // newer upstream HBG: space << 62 | parent << 32 | local; ids above 2^53 (§11)
};

enum class WorkloadKind {
    Random,         // a random DAG sized by GeneratorOptions::tasks and the fractions
    DecodeLayer,    // decode layers of a transformer (q_proj … down_proj), GeneratorOptions::layers
    TilingBefore,   // many narrow tiles: scheduling overhead dominates (chapter technique 01a, before)
    TilingAfter,    // the same work in 4x larger tiles (01a, after)
    RingImbalance,  // every task on ring 3, the other rings idle (05a; ringworkloads.h)
    RingAtCapacity, // ring 2's task window pinned at taskWindowMax (05b; ringworkloads.h)
    SpmdBefore,     // 24 independent single-block tasks per round (02b, before; techniqueworkloads.h)
    SpmdAfter,      // the same work as one SPMD task of 24 blocks per round (02b, after)
    WriteChain,     // 16 same-kernel tasks chained by write-after-write edges (03a, before)
    WriteDisjoint,  // the same tasks without the chain (03a, after)
    RingRebalanced, // the ring-imbalance blocks spread over scope depths 0..3 (05a, after)
};

// What a retained run publishes (upstream supplement §5.3). PublishedNothing is a published run
// whose file holds no records: "publishing its verdict alone".
enum class RunVerdict {
    Published,
    PartialSafe,       // content incomplete: loss counters non-zero
    PartialCutUnknown, // completeness unknown: processing_complete false, a ready queue's cut failed
    PublishedNothing,
};

// Shares of logical tasks by kind in the random workload.
struct WorkloadFractions
{
    double spmd = 0.08;
    double mix = 0.08;
    double dummy = 0.03;
    double alloc = 0.05;
    double predicatedSkip = 0.01;
    double earlyDispatch = 0.03; // consumers staged before their producers end (hb_violation edges)
};

// Deliberate damage for reader tests. Counts are exact; rows are picked deterministically by seed.
struct InjectionOptions
{
    int dropAicpuRows = 0;         // AICore rows left without an AICPU partner
    int dropAicoreRows = 0;        // AICPU rows left without an AICore partner
    int duplicateJoinKeys = 0;     // extra AICore rows repeating an existing (core_id, reg_task_id)
    int coreIdsBeyondNumCores = 0; // rows (both streams) moved to core ids >= num_cores
    double truncateRecordsAt = 0;  // keep this fraction of the records file's bytes; 0 or >= 1: intact

    bool any() const
    {
        return dropAicpuRows > 0 || dropAicoreRows > 0 || duplicateJoinKeys > 0 ||
               coreIdsBeyondNumCores > 0 || (truncateRecordsAt > 0 && truncateRecordsAt < 1);
    }
};

// A cycle value above 2^53, for the exact-integer option (an a5 counter after ~104 days).
constexpr std::uint64_t kStartCyclesAbove2p53 = (std::uint64_t(1) << 53) + 987'654'321;

struct GeneratorOptions
{
    std::uint64_t seed = 1;
    int level = 4; // 1..4 (§2.8)
    WorkloadKind workload = WorkloadKind::Random;
    int tasks = 200;   // logical tasks of the random workload
    int layers = 16;   // decode layers of WorkloadKind::DecodeLayer
    int blockDim = 24; // clusters; num_cores = 3 * blockDim
    int schedulerThreads = 3;
    int coreQueueDepth = 2; // subtasks a core may hold (running + pre-issued)
    std::int64_t clockFreqHz = 50'000'000;
    std::uint64_t startCycles = 180'000'000'000; // counter value at simulated time 0
    WorkloadFractions fractions;
    double schedulerCostScale = 1.0;    // multiplies every AICPU scheduler cost
    double orchestratorCostScale = 1.0; // multiplies every orchestrator cost
    int taskWindowMax = 16384;          // per ring; the orchestrator stalls when full

    RecordShape shape = RecordShape::Current;
    ObjectLayoutKey objectKey = ObjectLayoutKey::L2PerfLevel;
    DepsShape deps = DepsShape::Current;
    TaskIdLayout idLayout = TaskIdLayout::RingLocal;
    bool nameMap = true;
    bool scopeStats = true; // ring-local ids only (TMR)
    bool hostLog = true;
    bool zstd = false;             // every file written as <name>.zst
    bool keepUncompressed = false; // with zstd: keep the plain files beside the .zst ones
    // Upstream shape with ring-local ids only (supplement §4, §5). The same workload is captured
    // `runs` times one after another (run k simulated with seed + k, epochs 1..runs). Without
    // `retained` every run goes into one chip_swimlane_records.json, each row and record stamped
    // with its epoch; with it, each run is <out>/swimlane-0/records_e<epoch>.json with a
    // metadata.collection block, and deps.json and scope_stats/ stay in <out>.
    int runs = 1;
    bool retained = false;
    std::vector<RunVerdict> verdicts; // retained: run k's verdict; Published past the end
    // Before/after pairs whose differences are known exactly (tests of the task diff). Use them
    // with clockFreqHz = 1'000'000'000, where a cycle is a nanosecond and durations are exact.
    // Kernel times drawn from (seed, task, core type) alone instead of the shared draws whose order
    // follows the events, so a change to one function leaves every other bar's duration as it was.
    // All blocks of an SPMD task (and both AIV cores of a MIX cluster) then run equally long. Off:
    // the captures of existing options stay byte-identical.
    bool kernelTimesByTask = false;
    // Every AICore subtask whose row resolves to this func id (§4.4) runs exactly slowByNs longer.
    std::int32_t slowFunction = -1;
    std::int64_t slowByNs = 0;
    // The last N logical tasks that run on cores (in submit order) are not submitted: their rows,
    // deps entries and edges are absent; every other task keeps its id.
    int dropLastTasks = 0;
    // A changed graph: the local ids within each ring (each id space with HostBuildGraph) are
    // rotated by this many places, so task ids name other tasks while the same work runs in the
    // same order. 0: ids as built.
    int renumberTasks = 0;
    QString caseName = QStringLiteral("synthetic");
    QString nameMapFileName; // empty: name_map_<caseName>.json
    InjectionOptions inject;
};

} // namespace lanescope
