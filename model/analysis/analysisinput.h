#pragma once

#include "analysisrange.h"
#include "model/capture/capture.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace lanescope {

// Engines of the overhead model (spec §12.2): the two AICore core types.
constexpr int kEngineCount = 2;
inline int engineOf(CoreType t)
{
    return t == CoreType::Aic ? 0 : 1;
}
inline const char *engineName(int engine)
{
    return engine == 0 ? "aic" : "aiv";
}

// One logical task folded over its rows (spec §12.2 "Per task").
struct FoldedTask
{
    std::uint64_t taskId = 0;
    double dispatchUs = 0;      // min dispatch
    double startUs = 0;         // min start
    double endUs = 0;           // max end
    double finishUs = 0;        // max finish
    std::uint8_t engines = 0;   // bit e set when a row ran on engine e (both bits: MIX)
    std::uint32_t firstRow = 0; // [firstRow, lastRow) in AnalysisInput::rows
    std::uint32_t lastRow = 0;
};

// What the overhead model's sweep (spec §12.2) walks in time order: the times at which a running
// row or a waiting task opens or closes on an engine, one ascending list per engine and kind. Kept
// apart by kind, a time takes 8 bytes instead of a 16-byte tagged event, and each list sorts alone
// with a buffer of its own size: at ten million rows the events are hundreds of megabytes.
struct OverheadEvents
{
    static constexpr std::size_t kKinds = kEngineCount * 4;
    static constexpr std::size_t kindOf(int engine, bool waiting, bool closes)
    {
        return std::size_t(engine) * 4 + (waiting ? 2 : 0) + (closes ? 1 : 0);
    }
    static constexpr int engineOfKind(std::size_t kind) { return int(kind / 4); }
    static constexpr bool waitingKind(std::size_t kind) { return kind & 2; }
    static constexpr bool closingKind(std::size_t kind) { return kind & 1; }

    std::array<std::vector<double>, kKinds> times;
};

// What every analysis of spec §12 starts from: the selected rows, their tasks folded, and the
// unique predecessors of each task that have rows (self-edges removed, as Parts 1 and 6 do).
struct AnalysisInput
{
    int level = 1;
    std::vector<const TaskRow *> rows;      // selected rows, in capture order (grouped by task id)
    std::vector<FoldedTask> tasks;          // ascending task id
    std::vector<std::uint32_t> rowTask;     // task index of each row
    std::vector<std::uint32_t> predOffsets; // preds of task i: preds[predOffsets[i] .. predOffsets[i + 1])
    std::vector<std::uint32_t> preds;       // task indices
    std::vector<std::int32_t> nodeTask;     // per deps node: its task index, -1 without selected rows
    bool hasDeps = false;
    std::size_t rowsWithoutAicpu = 0;             // level >= 2 rows whose AICPU record was lost: left out
    double w0 = 0;                                // min start over rows
    double w1 = 0;                                // max end over rows
    std::array<int, kEngineCount> cores = {0, 0}; // distinct core ids per engine among the rows

    // The rows of each core in time order, sorted once for every part that walks cores: row
    // indices grouped by core id (ascending), each core's rows by (start, end, dispatch), ties in
    // capture order. coreRuns[i] covers byCore[first, last).
    struct CoreRun
    {
        std::int32_t coreId = 0;
        std::uint32_t first = 0;
        std::uint32_t last = 0;
    };
    std::vector<std::uint32_t> byCore;
    std::vector<CoreRun> coreRuns;
    // The overhead sweep's events in time order, made by the first sweep over this input and kept
    // for the next: one analysis sweeps the same rows four times (report, landmarks, two metrics),
    // and making them is a sort of several events per row.
    mutable std::shared_ptr<const OverheadEvents> sweepEvents;

    double makespanUs() const { return w1 - w0; }
    std::pair<const std::uint32_t *, const std::uint32_t *> predsOf(std::uint32_t task) const
    {
        return {preds.data() + predOffsets[task], preds.data() + predOffsets[task + 1]};
    }
    // Task index of `taskId`, or -1 when it has no selected rows.
    std::int64_t taskIndex(std::uint64_t taskId) const;
    // Task index of the deps graph's node `node`, or -1 when it has no selected rows: no search.
    std::int64_t taskOfNode(std::uint32_t node) const { return nodeTask[node]; }
};

// The capture level the analyses gate on: metadata's, else inferred from what was captured
// (AICPU timing => 2, scheduler phases as well => 3, neither => 1).
int analysisLevel(const Capture &capture);

// Rows whose start lies in `range` (all rows without one). At level >= 2 only rows with AICPU
// timing are taken, as the reference reader drops the others (§3.3); `requireAicpu` = false keeps
// every row (AICore-only figures such as the observed critical path).
AnalysisInput buildAnalysisInput(const Capture &capture, std::optional<AnalysisRange> range,
                                 bool requireAicpu = true);
// The input points into the capture's rows: it must not outlive the capture.
AnalysisInput buildAnalysisInput(Capture &&capture, std::optional<AnalysisRange> range,
                                 bool requireAicpu = true) = delete;

} // namespace lanescope
