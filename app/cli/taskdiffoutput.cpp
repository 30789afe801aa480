#include "app/cli/taskdiffoutput.h"

#include "model/capture/labels.h"
#include "model/format/durationtext.h"
#include "model/format/metrictext.h"
#include "model/format/taskdifftext.h"

#include <algorithm>

namespace lanescope {

namespace {

using json = nlohmann::ordered_json;

} // namespace

QString taskOfRow(const Capture &c, std::uint32_t row)
{
    return row < c.rows.size() ? taskDisplayId(c.rows[row].taskId, c.info.taskIdFormat) : QString();
}

json taskDiffJson(const TaskDiff &d, const Capture &after)
{
    json functions = json::array();
    for (const FunctionDelta &f : d.byFunction)
        functions.push_back({{"func_id", f.funcId},
                             {"name", f.name.toStdString()},
                             {"before_rows", f.beforeRows},
                             {"after_rows", f.afterRows},
                             {"matched_rows", f.matchedRows},
                             {"mean_delta_us", f.meanDeltaUs},
                             {"total_delta_us", f.totalDeltaUs},
                             {"share_of_makespan_change",
                              f.shareOfMakespanChange ? json(*f.shareOfMakespanChange) : json(nullptr)}});
    json largest = json::array();
    for (const BarChange &c : d.largest)
        largest.push_back({{"task", taskOfRow(after, c.afterRow).toStdString()},
                           {"func_id", after.rows[c.afterRow].funcId},
                           {"core_id", after.rows[c.afterRow].coreId},
                           {"before_us", c.beforeUs},
                           {"after_us", c.afterUs},
                           {"delta_us", c.deltaUs()}});
    return {{"match_by", diffMatchName(d.matchBy).toStdString()},
            {"match_reason", d.matchReason.isEmpty() ? json(nullptr) : json(d.matchReason.toStdString())},
            {"matched_rows", d.matchedRows},
            {"added_rows", d.addedRows},
            {"removed_rows", d.removedRows},
            {"matched_tasks", d.matchedTasks},
            {"added_tasks", d.addedTasks},
            {"removed_tasks", d.removedTasks},
            {"before_makespan_us", d.beforeMakespanUs},
            {"after_makespan_us", d.afterMakespanUs},
            {"by_function", functions},
            {"largest", largest}};
}

json makespanAttributionJson(const MakespanAttribution &a)
{
    json parts = json::array();
    for (const AttributionPart &p : a.parts)
        parts.push_back({{"id", p.id.toStdString()},
                         {"name", p.name.toStdString()},
                         {"before_us", p.beforeUs},
                         {"after_us", p.afterUs},
                         {"delta_us", p.deltaUs()}});
    return {{"available", a.available},
            {"reason", a.reason.isEmpty() ? json(nullptr) : json(a.reason.toStdString())},
            {"before_us", a.beforeMakespanUs},
            {"after_us", a.afterMakespanUs},
            {"total_delta_us", a.totalDeltaUs()},
            {"parts", parts},
            {"missing_work",
             {{"before_tasks_without_rows", a.beforeTasksWithoutRows},
              {"after_tasks_without_rows", a.afterTasksWithoutRows},
              {"explains_us", a.missingWorkUs},
              {"inferred", true}}}};
}

QStringList taskDiffLines(const TaskDiff &d, const Capture &after, int functions, int bars)
{
    QStringList lines;
    lines << QStringLiteral("task diff: ") + formatDiffMatch(d);
    lines << QStringLiteral("  ") + formatDiffCounts(d);
    const int shownFunctions = std::min<int>(functions, int(d.byFunction.size()));
    for (int i = 0; i < shownFunctions; ++i) {
        const FunctionDelta &f = d.byFunction[std::size_t(i)];
        lines << QStringLiteral("  %1: %2 matched, mean Δ %3, total Δ %4%5")
                     .arg(f.name)
                     .arg(f.matchedRows)
                     .arg(formatDurationDelta(f.meanDeltaUs), formatDurationDelta(f.totalDeltaUs),
                          f.shareOfMakespanChange
                              ? QStringLiteral(" (%1 of the makespan change)")
                                    .arg(formatMetricValue(*f.shareOfMakespanChange, QStringLiteral("share")))
                              : QString());
    }
    const int shownBars = std::min<int>(bars, int(d.largest.size()));
    for (int i = 0; i < shownBars; ++i) {
        const BarChange &c = d.largest[std::size_t(i)];
        const TaskRow &r = after.rows[c.afterRow];
        lines << QStringLiteral("  largest: %1 %2 on core %3: %4 -> %5 (Δ %6)")
                     .arg(taskOfRow(after, c.afterRow), functionName(r.funcId, after.names))
                     .arg(r.coreId)
                     .arg(formatDuration(c.beforeUs), formatDuration(c.afterUs),
                          formatDurationDelta(c.deltaUs()));
    }
    return lines;
}

QStringList makespanAttributionLines(const MakespanAttribution &a)
{
    if (!a.available)
        return {QStringLiteral("makespan change: not available (%1)").arg(a.reason)};
    QStringList lines;
    lines << QStringLiteral("makespan change: %1 -> %2 (Δ %3), along each side's observed critical path")
                 .arg(formatDuration(a.beforeMakespanUs), formatDuration(a.afterMakespanUs),
                      formatDurationDelta(a.totalDeltaUs()));
    for (const AttributionPart &p : a.parts)
        lines << QStringLiteral("  %1: %2 -> %3 (Δ %4)")
                     .arg(p.name, formatDuration(p.beforeUs), formatDuration(p.afterUs),
                          formatDurationDelta(p.deltaUs()));
    if (const QString note = a.missingWorkNote(); !note.isEmpty())
        lines << QStringLiteral("  ") + note;
    return lines;
}

} // namespace lanescope
