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
struct MetricDefinition
{
    QString id;     // "M7", "M7.gap_total_us"
    QString metric; // "M7"
    QString name;   // "Gap/bar ratio R_gb"
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

} // namespace lanescope
