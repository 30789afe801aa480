#pragma once

#include "confirmationmetrics.h"

#include <QString>
#include <optional>
#include <vector>

namespace lanescope {

// M21, the wall split (chapter §1): from the per-round host and device wall times of the host
// log's benchmark rounds (benchmarkRounds, perf-hints §C.3). A swimlane capture's own launch is
// one instrumented run whose wall clock must not be read (digest §0.3 item 2), so M21 needs at
// least two rounds; with fewer every M21 value is absent and says so.

// The text every absent M21 value carries when the log has fewer than two rounds.
QString benchAbsentReason(int rounds);

// A host-dominated run (host-side share ≥ 0.5, the chapter's R0 rule) carries this note.
QString hostDominatedNote();
constexpr double kHostDominatedShare = 0.5;

// The per-round values of M21 value `id` ("M21", "M21.host_median_us" …) in round order: the
// repeated runs a comparison uses for that value. Empty for an id that has no per-round value
// (the min and stdev values, the round count) or when the log has fewer than two rounds.
std::vector<double> benchRoundValues(const Capture &capture, const QString &id);

// The median of `values` (not empty): the middle one, or the mean of the two middle ones.
double medianOf(std::vector<double> values);

// Sets every M21 value of `set` from `capture.hostLog`, or marks them absent with the reason.
void setBenchMetrics(const Capture &capture, MetricSet &set);

} // namespace lanescope
