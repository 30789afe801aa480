#include "captureanalysis.h"

namespace lanescope {

CaptureAnalysis analyzeCapture(const Capture &capture)
{
    CaptureAnalysis a;
    a.report = analyze(capture);
    if (a.report.level >= 2 && a.report.rows > 0)
        a.landmarks = findLandmarks(buildAnalysisInput(capture, std::nullopt), capture);
    return a;
}

} // namespace lanescope
