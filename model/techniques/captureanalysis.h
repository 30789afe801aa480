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
// suggestions they raise. Computed once per capture, off the GUI thread: at a million rows the
// rings take about half a second and the metrics about two.
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
CaptureAnalysis analyzeCapture(Capture &&) = delete;  // would point into a temporary

// The loading thread's work once a capture is read: the derived tracks (appendDerivedTracks),
// then the analysis, with the ring occupancy computed once for both.
CaptureAnalysis deriveAndAnalyze(Capture &capture);

} // namespace lanescope
