#pragma once

#include "confirmationmetrics.h"
#include "symptomdetection.h"

#include "model/analysis/analysislandmarks.h"
#include "model/analysis/analysisreport.h"
#include "model/analysis/ringoccupancy.h"

#include <memory>
#include <vector>

namespace lanescope {

// The analysis of a whole capture as the viewer keeps it: the §12 report and the places on the
// timeline its figures point at, the rings' occupancy, the confirmation metrics and the
// suggestions they raise. Computed once per capture, off the GUI thread and after the timeline
// is shown: at a million rows the rings take about half a second and the metrics about two.
struct CaptureAnalysis
{
    AnalysisReport report;
    AnalysisLandmarks landmarks;   // empty below level 2
    RingOccupancy rings;
    MetricSet metrics;
    std::vector<Suggestion> suggestions;
};
using CaptureAnalysisPtr = std::shared_ptr<const CaptureAnalysis>;

CaptureAnalysis analyzeCapture(const Capture &capture);
// The same with the capture's ring occupancy computed already (its derived tracks needed it).
CaptureAnalysis analyzeCapture(const Capture &capture, RingOccupancy rings);
CaptureAnalysis analyzeCapture(Capture &&, RingOccupancy = {}) = delete;  // would point into a temporary

} // namespace lanescope
