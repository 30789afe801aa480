#pragma once

#include "capturecomparison.h"
#include "confirmationmetrics.h"

#include "model/analysis/cancelcheck.h"
#include "model/capture/capture.h"

#include <optional>
#include <vector>

namespace lanescope {

// One side of a comparison: its repeated runs and each run's confirmation metrics, in run order.
// The CLI's `compare` and the window measure a side with measureRuns() and hand compared() to
// compareCaptures(), so both give the same numbers for the same runs.
struct SideRuns
{
    std::vector<CapturePtr> runs;
    std::vector<MetricSet> metrics; // metrics[k] is of runs[k]

    // The runs as compareCaptures() takes them; they point into this object.
    std::vector<ComparedRun> compared() const;
};

// Each run's metrics over the whole run (computeMetrics). Nothing once `cancelled` says so; it is
// looked at before each run and inside each run's metrics.
std::optional<SideRuns> measureRuns(std::vector<CapturePtr> runs, const CancelCheck &cancelled = {});

} // namespace lanescope
