#pragma once

#include "confirmationmetrics.h"
#include "techniquecatalogue.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace lanescope {

// What a comparison says of one metric.
// - improved / regressed: it moved beyond noise, the way the technique wants or the other way;
// - unchanged: equal, or within noise, where the technique wants a move or none is expected;
// - held / broken: an invariant (ExpectedDirection::Unchanged) stayed within noise / moved;
// - inconclusive: it moved, but not by enough to tell (a timing within 5 % of one capture, a
//   change inside the run-to-run spread), or it is shown for context and moved;
// - not comparable: a side cannot give it, or the guard rules it out.
enum class Verdict { Improved, Regressed, Unchanged, Held, Broken, Inconclusive, NotComparable };
// "improved", "regressed", "unchanged", "held", "broken", "inconclusive", "not comparable"
QString verdictName(Verdict v);
// Every verdict, in the order above (for legends and style sheets).
inline constexpr Verdict kAllVerdicts[] = {Verdict::Improved,     Verdict::Regressed, Verdict::Unchanged,
                                           Verdict::Held,         Verdict::Broken,    Verdict::Inconclusive,
                                           Verdict::NotComparable};

// Noise thresholds (digest §0.3 item 5, app defaults), applied per metric kind:
// - Count: exact; any difference is a change.
// - Timing: |after − before| < 5 % of |before| is within noise (single captures, no bench rounds).
//   Digest §0.3 item 5: such a timing delta is "inconclusive", not "unchanged"; only equal timings
//   read "unchanged" (an invariant within the 5 % reads "held").
// - Share: |after − before| < 0.02 (two percentage points) is within noise: "unchanged" (or "held").
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

// One side's value over its repeated runs.
struct RunSpread
{
    int runs = 0; // runs that give the value
    double min = 0;
    double max = 0;
    double stdev = 0; // sample standard deviation (n − 1); 0 with one run
};

struct MetricComparison
{
    QString id; // value id
    QString name;
    QString unit;
    std::optional<double> before; // the side's value: the median of its runs
    std::optional<double> after;
    std::vector<double> beforeRuns; // each run's value, in run order; runs that cannot give it are left out
    std::vector<double> afterRuns;
    std::optional<RunSpread> beforeSpread; // set when the side gives the value
    std::optional<RunSpread> afterSpread;
    std::optional<double> delta;         // after − before
    std::optional<double> deltaRelative; // delta / |before| (null when before is 0 or absent)
    ExpectedDirection expected = ExpectedDirection::Report;
    Verdict verdict = Verdict::Inconclusive;
    QString reason; // why not comparable / inconclusive, or the technique's note
};

struct CaptureComparison
{
    QString technique;      // full technique id, or "general"
    bool comparable = true; // every check of the guard passed, and neither side lacks work
    QStringList reasons;    // each failed check and each side's missing work, exactly
    int beforeRuns = 1;     // captures compared per side
    int afterRuns = 1;
    QStringList notes; // about the captures as a whole (a host-dominated run)
    std::vector<MetricComparison> metrics;

    // True when a metric's verdict is `v`.
    bool any(Verdict v) const;
};

// One run of a side: its capture and its metrics (both outlive the call).
struct ComparedRun
{
    const Capture *capture = nullptr;
    const MetricSet *metrics = nullptr;
};

// Compares two metric sets for `technique` (a catalogue id, or "general"/empty for the general
// set), applying the comparability guard (digest §0.3): level, clock, core layout, sim vs onboard.
// A metric a side cannot give, or one the guard rules out (timing across clocks or core layouts,
// level-gated values when the levels differ, sim against onboard), is "not comparable" with the
// exact reason. `Report` metrics get no direction: "unchanged" when equal or within noise, else
// "inconclusive" (for context). A capture compared with itself reads only unchanged or held.
CaptureComparison compareCaptures(const Capture &before, const MetricSet &beforeMetrics, const Capture &after,
                                  const MetricSet &afterMetrics, const TechniqueCatalogue &catalogue,
                                  const QString &technique, const CompareOptions &options = {});

// Repeated runs per side (each side non-empty). A side's value is the median of its runs' values;
// every MetricComparison carries the runs' values and their spread. The guard compares the first
// run of each side. A side of one capture whose host log holds benchmark rounds takes the rounds
// as its runs for the M21 values that have one value per round (benchRoundValues).
//
// Run-to-run spread: when either side has two or more values, a side's range is max − min of its
// runs and the spread is the larger of the two ranges. A change with |Δmedian| ≤ spread is not
// told apart from the runs' own variation: "inconclusive" with the reason "within run-to-run
// spread (±spread)" (an invariant "held", for the same reason). Beyond the spread it is a change
// (improved, regressed, broken); equal medians are "unchanged" (or "held"). The measured spread
// replaces the noise thresholds then, since it is what they estimate. With one value per side the
// noise thresholds apply as in the single-pair form.
//
// A side where M21's host-side share is ≥ 0.5 adds to `notes` (and to M21's reason):
// hostDominatedNote().
CaptureComparison compareCaptures(const std::vector<ComparedRun> &before,
                                  const std::vector<ComparedRun> &after, const TechniqueCatalogue &catalogue,
                                  const QString &technique, const CompareOptions &options = {});

} // namespace lanescope
