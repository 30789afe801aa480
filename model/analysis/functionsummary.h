#pragma once

#include "model/capture/capture.h"

#include <optional>
#include <vector>

namespace lanescope {

// One line of the converter's per-function table, as the newest reference computes it (supplement
// §6.1). A row is valid when it has scheduler timing (dispatch and finish: TaskRow::HasAicpu); Count
// and Avg Exec take every row, the latency columns only the valid ones and are empty when a group
// has none. (The older reference of spec §12.1 divided the latency sums by Count and dropped rows
// without AICPU timing altogether.)
struct FunctionStats
{
    int funcId = -1;
    QString name;              // name map entry, else func_<n>_<letters>
    std::size_t count = 0;     // all rows
    std::size_t validRows = 0; // rows with scheduler timing
    double totalExecUs = 0;
    double avgExecUs = 0;
    std::optional<double> totalLatencyUs; // Σ_valid (finish - dispatch)
    std::optional<double> avgLatencyUs;   // Σ_valid latency / valid rows
    std::optional<double> execPct;        // Σ_valid exec / Σ_valid latency × 100 (0 when Σ latency = 0)
    std::optional<double> avgHeadOhUs; // mean_valid(start - dispatch), plain difference (not Part 3's clamp)
    std::optional<double> avgTailOhUs; // mean_valid(finish - end)
    std::optional<double> avgPropagationUs; // mean(receive - dispatch) over valid rows with receive data
    double avgLocalSetupUs = 0;             // mean(start - receive) over rows with receive data, else 0
};

// The footer's Dispatch→kernel start line (supplement §6.1): over the valid rows, start − dispatch.
struct DispatchToStart
{
    double totalUs = 0;
    double maxUs = 0;
};

struct FunctionSummary
{
    std::vector<FunctionStats> functions; // by func id ascending; unresolved rows are group -1
    FunctionStats total;                  // TOTAL line: count, Σ exec, Σ latency (valid rows)
    bool hasAicpu = false;                // has_sched: some row has scheduler timing
    std::size_t rowsWithoutAicpu = 0;     // level >= 2 (or unknown) rows without scheduler timing: in
                                          // Count and Avg Exec, not in the latency columns
    // Footer, only when some row is valid and Σ_valid latency > 0: Σ_valid exec and Σ_valid latency
    // over the valid rows, their ratio, and Dispatch→kernel start.
    std::optional<double> footerAvgExecUs;
    std::optional<double> footerAvgLatencyUs;
    std::optional<double> footerExecLatencyPct;
    std::optional<DispatchToStart> dispatchToStart;

    // `f`'s share of the time the cores were busy: its total exec ÷ the total exec of every
    // function (the TOTAL line's), as a fraction; none when nothing ran.
    std::optional<double> shareOfBusy(const FunctionStats &f) const
    {
        return total.totalExecUs > 0 ? std::optional<double>(f.totalExecUs / total.totalExecUs)
                                     : std::nullopt;
    }
};

// §12.1 over rows whose start lies in [fromUs, toUs) (the whole capture by default).
FunctionSummary functionSummary(const Capture &capture, double fromUs = -1e300, double toUs = 1e300);

} // namespace lanescope
