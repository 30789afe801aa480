#pragma once

#include <QString>
#include <vector>

namespace lanescope {

// How a metric value behaves in a comparison: counts are exact, timings and shares carry noise.
enum class MetricKind {
    Count,  // tasks, edges, blocks: exact, any difference is real
    Timing, // µs, or a ratio of timings: within the noise threshold → inconclusive
    Share,  // a fraction 0..1 of cores or time: noise threshold on the absolute difference
};

// What a metric value needs from a capture.
struct MetricNeeds
{
    int level = 1;           // minimum capture level (1..4)
    bool deps = false;       // deps.json
    bool scopeStats = false; // scope_stats.jsonl
    bool bench = false;      // benchmark rounds in the host log (at least two)
};

// One scalar confirmation value. The chapter's metrics M1..M22 may have several values each
// (M10: P50, P90, mean); value ids are "M<n>" for the headline value and "M<n>.<part>" for the rest.
// A value id is a key for machines (`--json`, the catalogue, tests); people read the name, with
// the metric's short id beside it as a tag where one helps: "M7 Total gap time".
struct MetricDefinition
{
    QString id;     // "M7", "M7.gap_total_us"
    QString metric; // "M7": the tag people see
    QString name;   // "Total gap time": words only, never a value id or a field of a file
    QString unit;   // "µs", "tasks", "ratio", "%", "" …
    MetricKind kind = MetricKind::Timing;
    MetricNeeds needs;
    QString definition; // one line: how it is computed
};

// Every value the metric library computes, in M1..M22 order, then the compiler-hint counts
// ("PH001", "PH-MR-001": their value ids are the hint codes).
const std::vector<MetricDefinition> &metricDefinitions();
// The definition of a value id, or null.
const MetricDefinition *metricDefinition(const QString &id);

// The short id a value is tagged with where people read it: "M7" for "M7.gap_total_us", the code
// itself for a compiler hint ("PH001").
QString metricTag(const QString &id);
// The value's name for people: "Total gap time"; an id no definition knows reads as its tag.
QString metricName(const QString &id);
// Tag, then name: "M7 Total gap time". Where tag and name stand in columns of their own, print
// metricTag() and metricName() instead.
QString metricLabel(const QString &id);

} // namespace lanescope
