#pragma once

#include "confirmationmetrics.h"
#include "techniquecatalogue.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace lanescope {

enum class Verdict { Improved, Regressed, Inconclusive, NotComparable };
QString verdictName(Verdict v); // "improved", "regressed", "inconclusive", "not comparable"

// Noise thresholds (digest §0.3 item 5, app defaults), applied per metric kind:
// - Count: exact; any difference is a change.
// - Timing: |after − before| < 5 % of |before| is within noise (single captures, no bench rounds).
// - Share: |after − before| < 0.02 (two percentage points) is within noise.
struct NoiseThresholds
{
    double timingRelative = 0.05;
    double shareAbsolute = 0.02;
};

// User tags the files cannot carry (digest §0.3 item 3): whether each capture is a simulator run.
struct CompareOptions
{
    std::optional<bool> beforeSimulated; // unknown when not tagged
    std::optional<bool> afterSimulated;
    NoiseThresholds noise;
};

struct MetricComparison
{
    QString id; // value id
    QString name;
    QString unit;
    std::optional<double> before;
    std::optional<double> after;
    std::optional<double> delta;         // after − before
    std::optional<double> deltaRelative; // delta / |before| (null when before is 0 or absent)
    ExpectedDirection expected = ExpectedDirection::Report;
    Verdict verdict = Verdict::Inconclusive;
    QString reason; // why not comparable / inconclusive, or the technique's note
};

struct CaptureComparison
{
    QString technique;      // full technique id, or "general"
    bool comparable = true; // every check of the guard passed
    QStringList reasons;    // each failed check, exactly
    std::vector<MetricComparison> metrics;
};

// Compares two metric sets for `technique` (a catalogue id, or "general"/empty for the general
// set), applying the comparability guard (digest §0.3): level, clock, core layout, sim vs onboard.
// A metric a side cannot give, or one the guard rules out (timing across clocks or core layouts,
// level-gated values when the levels differ, sim against onboard), is "not comparable" with the
// exact reason. `Report` metrics get a verdict only as "inconclusive" (for context).
CaptureComparison compareCaptures(const Capture &before, const MetricSet &beforeMetrics, const Capture &after,
                                  const MetricSet &afterMetrics, const TechniqueCatalogue &catalogue,
                                  const QString &technique, const CompareOptions &options = {});

} // namespace lanescope
