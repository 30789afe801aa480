#include "captureanalysis.h"

#include "model/analysis/overheadanalysis.h"
#include "model/capture/cancelpoint.h"

namespace lanescope {

CaptureAnalysis analyzeCapture(const Capture &capture)
{
    return analyzeCapture(capture, computeRingOccupancy(capture));
}

CaptureAnalysis analyzeCapture(const Capture &capture, RingOccupancy rings)
{
    return *analyzeCapture(capture, std::move(rings), AnalysisControl{});
}

namespace {

std::optional<CaptureAnalysis> analyzeCancellably(const Capture &capture, RingOccupancy rings,
                                                  const AnalysisControl &control)
{
    const CancelCheck cancelled(control.cancel);
    auto stop = [&](AnalysisStage stage) {
        if (control.checkpoint)
            control.checkpoint(stage);
        return cancelled();
    };
    CaptureAnalysis a;
    if (stop(AnalysisStage::Report))
        return std::nullopt;
    const AnalysisInputs inputs(capture, std::nullopt);
    // The metrics on the second core while this one makes the report and the landmarks: at ten
    // million rows each side is seconds. Both only read the inputs; the one part of them made on
    // first use, the overhead sweep's events, is made before either starts. What the symptoms read
    // beyond the metrics is found on a third thread, taking up whichever core is done first.
    if (inputs.timed().hasDeps)
        prepareOverheadSweep(inputs.timed());
    auto metrics = asyncCancellable([&] { return computeMetrics(inputs, cancelled); });
    auto evidence = asyncCancellable([&] { return findRunEvidence(inputs); });
    a.report = analyze(inputs, cancelled);
    if (stop(AnalysisStage::Landmarks))
        return std::nullopt;
    if (a.report.level >= 2 && a.report.rows > 0)
        a.landmarks = findLandmarks(inputs.timed(), capture);
    a.rings = std::move(rings);
    if (stop(AnalysisStage::Metrics))
        return std::nullopt;
    a.metrics = metrics.get();
    if (stop(AnalysisStage::Symptoms))
        return std::nullopt;
    a.suggestions = detectSymptoms(inputs, a.metrics, {}, evidence.get());
    // Cancelled while the suggestions were made: nobody wants the result.
    if (cancelled())
        return std::nullopt;
    return a;
}

} // namespace

std::optional<CaptureAnalysis> analyzeCapture(const Capture &capture, RingOccupancy rings,
                                              const AnalysisControl &control)
{
    // Between the stages and inside the long steps too (cancelpoint.h).
    return runCancellably(
        control.cancel, [&] { return analyzeCancellably(capture, std::move(rings), control); },
        [] { return std::optional<CaptureAnalysis>(); });
}

} // namespace lanescope
