#include "captureanalysis.h"

#include "model/analysis/derivedtracks.h"

namespace lanescope {

namespace {
CaptureAnalysis analyzeWithRings(const Capture &capture, RingOccupancy rings)
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
} // namespace

CaptureAnalysis analyzeCapture(const Capture &capture)
{
    return analyzeWithRings(capture, computeRingOccupancy(capture));
}

CaptureAnalysis deriveAndAnalyze(Capture &capture)
{
    RingOccupancy rings = computeRingOccupancy(capture);
    appendDerivedTracks(capture, rings);
    return analyzeWithRings(capture, std::move(rings));
}

} // namespace lanescope
