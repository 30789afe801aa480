#pragma once

#include "model/capture/capture.h"

#include <optional>

namespace lanescope {

struct LaneSummary
{
    QString group;
    QString name;
    std::size_t slices = 0;
};

// What was loaded, in the terms of `lanescope info --json`.
struct CaptureSummary
{
    QString format;
    std::optional<int> level;
    std::optional<std::int64_t> clockFreqHz;
    std::size_t rows = 0;  // AICore task rows; for a trace: slices with a duration
    std::size_t tasks = 0; // distinct task ids with rows; for a trace: all slices
    std::vector<LaneSummary> lanes;
    double firstUs = 0; // over lanes on the capture's own time axis
    double lastUs = 0;
    std::optional<double> makespanUs;
    QString makespanKind; // "total_test_time", "aicore_observed_span", "slice_span"
};

CaptureSummary summarize(const Capture &capture);

// What a makespan kind is called where people read it: "Total Test Time" for "total_test_time",
// "AICore Observed Span", "span of the slices". The kind itself stays a key of `--json`.
QString makespanKindText(const QString &kind);

// Spec §12.1 footer: level >= 2 "Total Test Time" = max(finish) - min(dispatch) over rows with AICPU
// timing; level 1 "AICore Observed Span" = max(end) - min(receive or start). Null without rows.
std::optional<double> totalTestTimeUs(const TaskRows &rows);
std::optional<double> aicoreObservedSpanUs(const TaskRows &rows);

} // namespace lanescope
