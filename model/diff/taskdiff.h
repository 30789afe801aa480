#pragma once

#include "model/analysis/cancelcheck.h"
#include "model/capture/capture.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// How the bars of Before and After were paired (issue "Before/after by task").
enum class DiffMatch : std::uint8_t {
    // By identity: task id (ring and local id), function, core type and, within those, the SPMD
    // block as the order of the rows by start.
    Identity,
    // The task ids name different tasks on the two sides (a changed graph): by function, core
    // type and the order of occurrence within them.
    Order,
    // The task set itself changed (tiling, merging): bars cannot be paired one to one, and only
    // the per-function figures (counts, total and mean time) are compared.
    Function,
};
QString diffMatchName(DiffMatch m); // "identity", "order", "function"

constexpr std::uint32_t kNoRow = 0xFFFFFFFFu;

// One matched bar: rows index Capture::rows of each side.
struct BarChange
{
    std::uint32_t beforeRow = kNoRow;
    std::uint32_t afterRow = kNoRow;
    double beforeUs = 0; // durations, end − start
    double afterUs = 0;
    double deltaUs() const { return afterUs - beforeUs; }
};

// One function's bars on both sides. In Identity and Order matching the Δ figures are over the
// matched bars only; in Function matching, meanDeltaUs = after mean − before mean and totalDeltaUs
// = after total − before total, over all bars.
struct FunctionDelta
{
    std::int32_t funcId = -1;
    QString name;
    std::size_t beforeRows = 0;
    std::size_t afterRows = 0;
    std::size_t matchedRows = 0;
    double beforeTotalUs = 0; // Σ duration over all of the side's bars of the function
    double afterTotalUs = 0;
    double meanDeltaUs = 0;
    double totalDeltaUs = 0;
    // totalDeltaUs ÷ the makespan change; null when the makespan did not change.
    std::optional<double> shareOfMakespanChange;
};

struct TaskDiffOptions
{
    // Compare per function only, with this reason shown (a technique known to change the task
    // set: 01a tiling, 01c merging). Empty: decided from the captures.
    QString perFunctionReason;
    // Changes smaller than this are equal: below a clock tick of the slowest capture clock.
    double equalWithinUs = 1e-3;
    std::size_t largestCount = 50; // how many of the largest changes to keep
};

// The task-level before/after diff of one run of each side.
struct TaskDiff
{
    DiffMatch matchBy = DiffMatch::Identity;
    QString matchReason; // why the match is by order or per function; empty for identity

    std::size_t matchedRows = 0;
    std::size_t addedRows = 0;    // After bars without a Before partner
    std::size_t removedRows = 0;  // Before bars without an After partner
    std::size_t matchedTasks = 0; // tasks with at least one matched bar
    std::size_t addedTasks = 0;   // After tasks none of whose bars matched
    std::size_t removedTasks = 0; // Before tasks none of whose bars matched

    // Per After row: its Before partner, or kNoRow (added; every row in Function matching).
    std::vector<std::uint32_t> afterToBefore;
    // Before rows without a partner (ghosts), ascending.
    std::vector<std::uint32_t> removed;

    std::vector<FunctionDelta> byFunction; // largest |totalDeltaUs| first, then function id
    std::vector<BarChange> largest;        // largest |Δ| first, then After row; matched bars only

    double beforeMakespanUs = 0; // last end − first start over the rows
    double afterMakespanUs = 0;
    double makespanChangeUs() const { return afterMakespanUs - beforeMakespanUs; }

    bool cancelled = false; // `cancel` fired: the figures are incomplete
    bool matchesBars() const { return matchBy != DiffMatch::Function; }
};

// Pairs the AICore rows of `before` and `after` (one run each) and sums the changes. Matching 1M
// rows per side takes well under a second; run it off the GUI thread all the same.
TaskDiff diffTasks(const Capture &before, const Capture &after, const TaskDiffOptions &options = {},
                   const CancelCheck &cancel = {});

} // namespace lanescope
