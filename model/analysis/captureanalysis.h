#pragma once

#include "analysislandmarks.h"
#include "analysisreport.h"

#include <memory>

namespace lanescope {

// The analysis of a whole capture as the viewer keeps it: the §12 report and the places on the
// timeline its figures point at. Computed once per capture, off the GUI thread.
struct CaptureAnalysis
{
    AnalysisReport report;
    AnalysisLandmarks landmarks;   // empty below level 2
};
using CaptureAnalysisPtr = std::shared_ptr<const CaptureAnalysis>;

CaptureAnalysis analyzeCapture(const Capture &capture);

} // namespace lanescope
