#pragma once

#include "metricdefinitions.h"
#include "model/analysis/analysisinputs.h"
#include "model/analysis/analysisrange.h"
#include "model/analysis/cancelcheck.h"
#include "model/capture/capture.h"

#include <QString>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace lanescope {

// Where on the timeline a number comes from: a time range, a task, or both.
struct EvidenceRef
{
    std::optional<AnalysisRange> range; // capture µs
    std::optional<std::uint64_t> taskId;
    // The task the evidence comes after (a gap's producer), shown whole with it: a gap between two
    // grids is read with both grids on screen.
    std::optional<std::uint64_t> fromTaskId;
    QString label; // "largest gap", "critical path sink" …

    bool isEmpty() const { return !range && !taskId; }
};

// One computed value: present (value set) or absent with the reason.
struct MetricValue
{
    QString id; // see MetricDefinition::id
    std::optional<double> value;
    QString absentBecause; // empty when present
    EvidenceRef evidence;
};

// The confirmation metrics of one capture (or one region of it).
struct MetricSet
{
    int level = 1;
    bool hasDeps = false;
    bool hasScopeStats = false;
    std::map<QString, MetricValue> values; // keyed by value id; every definition has an entry

    const MetricValue *find(const QString &id) const;
    std::optional<double> value(const QString &id) const;
    QString absentBecause(const QString &id) const;
};

// Computes every value of metricDefinitions() on the capture's AICore rows (restricted to
// `range` the same way analyze() does). Reuses the analyses of model/analysis: M10 head
// distribution, M11 switch, M12 overhead, M13 critical path. Pure and deterministic.
// `cancelled` is looked at between the groups of metrics; once it says so the set is left incomplete.
MetricSet computeMetrics(const Capture &capture, std::optional<AnalysisRange> range = std::nullopt,
                         const CancelCheck &cancelled = {});
MetricSet computeMetrics(Capture &&, std::optional<AnalysisRange> = std::nullopt) = delete;
// The same over inputs built once for the whole analysis of a run (analysisinputs.h).
MetricSet computeMetrics(const AnalysisInputs &inputs, const CancelCheck &cancelled = {});

} // namespace lanescope
