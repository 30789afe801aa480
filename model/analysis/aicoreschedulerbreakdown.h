#pragma once

#include "analysisrange.h"
#include "model/capture/capture.h"

#include <QString>
#include <optional>
#include <vector>

namespace lanescope {

struct AicorePhaseTotal
{
    QString phase; // canonical phase name (resolve_standalone reads as resolve)
    std::uint64_t records = 0;
    double totalUs = 0; // Σ max(0, end − start) over every stream
};

// Part 5 for an AICore-resident scheduler (supplement §6.2, AICore producer): per phase record counts
// and time, measured idle and bootstrap included. There are no loop, pop or fan figures: the AICore
// streams carry no loop budget to divide.
struct AicoreSchedulerBreakdown
{
    std::vector<AicorePhaseTotal> phases; // by phase name
    std::size_t streams = 0;              // stream slots, empty ones the placement re-inserted included
    std::uint64_t dropped = 0;            // Σ capture.dropped
};

// Records count when their start lies in `range`. Nothing when no stream has a record there.
std::optional<AicoreSchedulerBreakdown> aicoreSchedulerBreakdown(const Capture &capture,
                                                                 std::optional<AnalysisRange> range);

// The set of scheduler producers the reference checks before Part 5: stream producers ∪
// scheduler_tasks.producer, empty names left out; "aicpu" when there are none.
QStringList schedulerProducers(const Capture &capture);

} // namespace lanescope
