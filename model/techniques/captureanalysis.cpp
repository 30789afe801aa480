#include "captureanalysis.h"

namespace lanescope {

CaptureAnalysis analyzeCapture(const Capture &capture)
{
    return analyzeCapture(capture, computeRingOccupancy(capture));
}

CaptureAnalysis analyzeCapture(const Capture &capture, RingOccupancy rings)
{
    CaptureAnalysis a;
    a.report = analyze(capture);
    if (a.report.level >= 2 && a.report.rows > 0)
        a.landmarks = findLandmarks(buildAnalysisInput(capture, std::nullopt), capture);
    a.rings = std::move(rings);
    a.metrics = computeMetrics(capture);
    a.suggestions = detectSymptoms(capture, a.metrics);
    return a;
}

} // namespace lanescope
