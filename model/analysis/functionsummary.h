#pragma once

#include "model/capture/capture.h"

#include <optional>
#include <vector>

namespace lanescope {

// One line of the converter's per-function table (spec §12.1). Level-gated columns are empty
// below level 2 instead of zero.
struct FunctionStats
{
    int funcId = -1;
    QString name;                          // name map entry, else func_<n>_<letters>
    std::size_t count = 0;
    double totalExecUs = 0;
    double avgExecUs = 0;
    std::optional<double> totalLatencyUs;  // level >= 2
    std::optional<double> avgLatencyUs;
    std::optional<double> execPct;         // Σ exec / Σ latency × 100
    std::optional<double> avgHeadOhUs;     // mean(start - dispatch), plain difference (not Part 3's clamp)
    std::optional<double> avgTailOhUs;     // mean(finish - end)
    std::optional<double> avgPropagationUs;// mean(receive - dispatch) over rows with receive data
    double avgLocalSetupUs = 0;
};

struct FunctionSummary
{
    std::vector<FunctionStats> functions;  // by func id ascending; unresolved rows are group -1
    FunctionStats total;                   // TOTAL line: count, Σ exec, Σ latency
    bool hasAicpu = false;                 // level unknown or >= 2
    std::size_t rowsWithoutAicpu = 0;      // level >= 2 rows whose AICPU record was lost: left out,
                                           // as the reference reader drops them (§3.3)
};

// §12.1 over rows whose start lies in [fromUs, toUs) (the whole capture by default).
FunctionSummary functionSummary(const Capture &capture, double fromUs = -1e300, double toUs = 1e300);

} // namespace lanescope
