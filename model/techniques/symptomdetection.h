#pragma once

#include "confirmationmetrics.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace lanescope {

// A number a suggestion rests on, with the threshold it was held against.
struct SuggestionNumber
{
    QString metric; // value id ("M7", "M12.aic"); empty for a quantity of the rule's own
    QString name;   // for people: the metric's name, or the rule's quantity's ("Bar pairs with a gap")
    QString unit;   // as metric definitions spell units ("µs", "share", "ratio" …)
    double value = 0;
    QString comparison; // the rule's condition, its numbers in the value's unit: "≥ 20.0 %", "< 800 ns"

    // "M7 Gap/bar ratio = 1.2 (rule: ≥ 1)", "M14 Staircase index … = 2.9 % (rule: < 80.0 %)": what
    // a panel or report shows of it.
    QString text() const;
};

// One fired decision rule of the chapter digest (§4.1).
struct Suggestion
{
    QString rule;           // "R1", "R3b" …
    QString title;          // "Gaps dominate between narrow bars"
    QString text;           // what it means and what to try, in a sentence or two
    QStringList techniques; // full technique ids, best first; a page id ("03") when no single one fits
    std::vector<SuggestionNumber> numbers;
    EvidenceRef evidence;        // what "show on timeline" shows
    bool confirmOnboard = false; // a timing-based rule on a capture tagged as simulated (R9)
};

struct SymptomOptions
{
    bool simulated = false; // the capture is tagged as a simulator run
};

// Evaluates the rules in the digest's order (host → granularity → dispatch → graph → kernel →
// rings) and returns every one that fires. Thresholds are the digest's app defaults.
std::vector<Suggestion> detectSymptoms(const Capture &capture, const MetricSet &metrics,
                                       const SymptomOptions &options = {});
// The same over the inputs of the whole run, built once for its analysis (analysisinputs.h).
std::vector<Suggestion> detectSymptoms(const AnalysisInputs &inputs, const MetricSet &metrics,
                                       const SymptomOptions &options = {});

// What rules read from the run alone, whatever its metrics say: an analysis finds it beside the
// metrics (captureanalysis.cpp), since at ten million rows it is a sort of every bar.
struct RunEvidence
{
    std::optional<EvidenceRef> spmdRoundTrip; // R5b: two SPMD grids meeting through the scheduler
};
RunEvidence findRunEvidence(const AnalysisInputs &inputs);
std::vector<Suggestion> detectSymptoms(const AnalysisInputs &inputs, const MetricSet &metrics,
                                       const SymptomOptions &options, const RunEvidence &evidence);

} // namespace lanescope
