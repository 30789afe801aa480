#pragma once

#include "confirmationmetrics.h"
#include "symptomdetection.h"

#include "model/analysis/analysislandmarks.h"
#include "model/analysis/analysisreport.h"
#include "model/analysis/ringoccupancy.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace lanescope {

// The analysis of a whole capture as the viewer keeps it: the §12 report and the places on the
// timeline its figures point at, the rings' occupancy, the confirmation metrics and the
// suggestions they raise. Computed once per capture, off the GUI thread and after the timeline
// is shown: at a million rows the rings take about half a second and the metrics about two.
struct CaptureAnalysis
{
    AnalysisReport report;
    AnalysisLandmarks landmarks; // empty below level 2
    RingOccupancy rings;
    MetricSet metrics;
    std::vector<Suggestion> suggestions;
};
using CaptureAnalysisPtr = std::shared_ptr<const CaptureAnalysis>;

CaptureAnalysis analyzeCapture(const Capture &capture);
// The same with the capture's ring occupancy computed already (its derived tracks needed it).
CaptureAnalysis analyzeCapture(const Capture &capture, RingOccupancy rings);
CaptureAnalysis analyzeCapture(Capture &&, RingOccupancy = {}) = delete; // would point into a temporary

// The steps of an analysis, in the order they run; each starts at a cancel point.
enum class AnalysisStage { Report, Landmarks, Metrics, Symptoms };

// How an analysis can be abandoned: a window closing its tab must not wait for seconds of figures
// nobody will see. `cancel` is looked at before every stage and between the steps inside the
// report and the metrics, the long ones.
struct AnalysisControl
{
    const std::atomic<bool> *cancel = nullptr;
    // Called at every stage's cancel point, before the flag is looked at: lets a test observe the
    // analysis or hold it at a known stage. Runs on the analysing thread.
    std::function<void(AnalysisStage)> checkpoint;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

// The same as above, or nothing once `control` says the analysis was cancelled.
std::optional<CaptureAnalysis> analyzeCapture(const Capture &capture, RingOccupancy rings,
                                              const AnalysisControl &control);
std::optional<CaptureAnalysis> analyzeCapture(Capture &&, RingOccupancy, const AnalysisControl &) = delete;

} // namespace lanescope
