#include "makespanattribution.h"

#include "model/analysis/analysisinput.h"
#include "model/analysis/criticalpath.h"
#include "model/analysis/missingtasks.h"
#include "model/format/metrictext.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

namespace lanescope {

namespace {

enum Part { Compute, DataWait, Scheduler, Dispatch, CoreWait, FrontGap, PartCount };

const std::array<const char *, PartCount> kIds = {"compute",  "data-wait", "scheduler",
                                                  "dispatch", "core-wait", "front-gap"};
QString partName(Part p)
{
    switch (p) {
    case Compute:
        return QStringLiteral("Compute");
    case DataWait:
        return QStringLiteral("Data wait");
    case Scheduler:
        return QStringLiteral("Scheduler (producer end → dispatch)");
    case Dispatch:
        return QStringLiteral("Dispatch (dispatch → start)");
    case CoreWait:
        return QStringLiteral("Core wait");
    case FrontGap:
        return QStringLiteral("Front gap");
    case PartCount:
        break;
    }
    return {};
}

// The earliest AICPU dispatch of a task's rows; none when no row of it was dispatched on record.
std::optional<double> dispatchOf(const Capture &c, std::uint64_t taskId)
{
    const auto [first, last] =
        std::equal_range(c.rows.begin(), c.rows.end(), taskId, [](const auto &a, const auto &b) {
            if constexpr (std::is_same_v<std::decay_t<decltype(a)>, TaskRow>)
                return a.taskId < b;
            else
                return a < b.taskId;
        });
    std::optional<double> earliest;
    for (auto r = first; r != last; ++r)
        if (r->hasAicpu())
            earliest = earliest ? std::min(*earliest, r->dispatchUs) : r->dispatchUs;
    return earliest;
}

struct SideParts
{
    std::array<double, PartCount> us = {};
    double makespanUs = 0;
};

std::optional<SideParts> partsOf(const Capture &c, bool splitOverhead)
{
    const AnalysisInput in = buildAnalysisInput(c, std::nullopt, /*requireAicpu=*/false);
    const std::optional<ObservedCriticalPath> path = observedCriticalPath(in);
    if (!path)
        return std::nullopt;
    SideParts s;
    s.makespanUs = path->endUs - path->t0Us;
    for (const PathSegment &seg : path->segments) {
        const double length = seg.endUs - seg.startUs;
        switch (seg.kind) {
        case PathSegment::Kind::Compute:
            s.us[Compute] += length;
            break;
        case PathSegment::Kind::CoreWait:
            s.us[CoreWait] += length;
            break;
        case PathSegment::Kind::FrontGap:
            s.us[FrontGap] += length;
            break;
        case PathSegment::Kind::DataWait: {
            const std::optional<double> dispatch = splitOverhead ? dispatchOf(c, seg.taskId) : std::nullopt;
            if (!dispatch) {
                s.us[DataWait] += length;
                break;
            }
            // An early dispatch (before the producer ended) leaves no scheduler time; a late one
            // clamps to the start, as the segment ends there.
            const double at = std::clamp(*dispatch, seg.startUs, seg.endUs);
            s.us[Scheduler] += at - seg.startUs;
            s.us[Dispatch] += seg.endUs - at;
            break;
        }
        }
    }
    return s;
}

// How much later `c` ends because of the tasks `ids` (ascending): its last end less its last end
// without them.
double lateEndOf(const Capture &c, const std::vector<std::uint64_t> &ids)
{
    double all = -std::numeric_limits<double>::infinity(), without = all;
    for (const TaskRow &r : c.rows) {
        all = std::max(all, r.endUs);
        if (!std::binary_search(ids.begin(), ids.end(), r.taskId))
            without = std::max(without, r.endUs);
    }
    return std::isfinite(all) && std::isfinite(without) ? all - without : 0.0;
}

} // namespace

QString MakespanAttribution::missingWorkNote() const
{
    if (beforeTasksWithoutRows == 0 && afterTasksWithoutRows == 0)
        return {};
    QStringList lacking;
    if (beforeTasksWithoutRows > 0)
        lacking << QStringLiteral("Before lacks the rows of %1 tasks its graph lists")
                       .arg(beforeTasksWithoutRows);
    if (afterTasksWithoutRows > 0)
        lacking
            << QStringLiteral("After lacks the rows of %1 tasks its graph lists").arg(afterTasksWithoutRows);
    return QStringLiteral("%1: missing work explains %2 of the %3 makespan change (inferred from the other "
                          "side's end with and without those tasks)")
        .arg(lacking.join(QStringLiteral("; ")), formatDurationDelta(missingWorkUs),
             formatDurationDelta(totalDeltaUs()));
}

MakespanAttribution attributeMakespanChange(const Capture &before, const Capture &after)
{
    MakespanAttribution a;
    a.splitsOverhead = analysisLevel(before) >= 2 && analysisLevel(after) >= 2;
    const std::optional<SideParts> b = partsOf(before, a.splitsOverhead);
    const std::optional<SideParts> f = partsOf(after, a.splitsOverhead);
    if (!b || !f) {
        a.splitsOverhead = false;
        a.reason = QStringLiteral("%1 has no AICore rows")
                       .arg(!b ? QStringLiteral("Before") : QStringLiteral("After"));
        return a;
    }
    a.available = true;
    a.beforeMakespanUs = b->makespanUs;
    a.afterMakespanUs = f->makespanUs;
    const std::vector<std::uint64_t> beforeMissing = tasksWithoutRows(before),
                                     afterMissing = tasksWithoutRows(after);
    a.beforeTasksWithoutRows = beforeMissing.size();
    a.afterTasksWithoutRows = afterMissing.size();
    a.missingWorkUs = lateEndOf(after, beforeMissing) - lateEndOf(before, afterMissing);
    for (int p = 0; p < PartCount; ++p) {
        const bool overheadPart = p == Scheduler || p == Dispatch;
        if (overheadPart && !a.splitsOverhead)
            continue;
        a.parts.push_back(AttributionPart{QString::fromLatin1(kIds[std::size_t(p)]), partName(Part(p)),
                                          b->us[std::size_t(p)], f->us[std::size_t(p)]});
    }
    return a;
}

} // namespace lanescope
