#include "capturesummary.h"

#include "model/capture/taskindex.h"

#include <algorithm>
#include <limits>

namespace lanescope {

std::optional<double> totalTestTimeUs(const TaskRows &rows)
{
    double first = std::numeric_limits<double>::infinity();
    double last = -std::numeric_limits<double>::infinity();
    for (const TaskRow &r : rows)
        if (r.hasAicpu()) {
            first = std::min(first, r.dispatchUs);
            last = std::max(last, r.finishUs);
        }
    if (first > last)
        return std::nullopt;
    return last - first;
}

std::optional<double> aicoreObservedSpanUs(const TaskRows &rows)
{
    if (rows.empty())
        return std::nullopt;
    double first = std::numeric_limits<double>::infinity();
    double last = -std::numeric_limits<double>::infinity();
    for (const TaskRow &r : rows) {
        first = std::min(first, (r.flags & TaskRow::HasReceive) ? r.receiveUs : r.startUs);
        last = std::max(last, r.endUs);
    }
    return last - first;
}

CaptureSummary summarize(const Capture &c)
{
    CaptureSummary s;
    s.format = formatName(c.info.format);
    s.level = c.info.level;
    s.clockFreqHz = c.info.clockFreqHz;

    double first = std::numeric_limits<double>::infinity();
    double last = -std::numeric_limits<double>::infinity();
    std::size_t withDuration = 0, all = 0;
    const bool onlyUnaligned =
        std::none_of(c.lanes.begin(), c.lanes.end(), [](const Lane &l) { return l.clockAligned; });
    for (const Lane &lane : c.lanes) {
        s.lanes.push_back({lane.group, lane.name, lane.slices.size()});
        all += lane.slices.size();
        for (const Slice &sl : lane.slices)
            if (!(sl.flags & Slice::Instant))
                ++withDuration;
        if (lane.slices.empty() || (!lane.clockAligned && !onlyUnaligned))
            continue;
        first = std::min(first, lane.slices.front().startUs); // lanes are sorted by start
        for (const Slice &sl : lane.slices)
            last = std::max(last, sl.endUs);
    }
    if (first <= last) {
        s.firstUs = first;
        s.lastUs = last;
    }

    if (c.info.format == CaptureFormat::ChipSwimlaneRecords) {
        s.rows = c.rows.size();
        s.tasks = distinctTaskCount(c.rows);
        const bool hasAicpu =
            std::any_of(c.rows.begin(), c.rows.end(), [](const TaskRow &r) { return r.hasAicpu(); });
        if (c.info.level.value_or(hasAicpu ? 2 : 1) >= 2 && hasAicpu) {
            s.makespanUs = totalTestTimeUs(c.rows);
            s.makespanKind = QStringLiteral("total_test_time");
        } else {
            s.makespanUs = aicoreObservedSpanUs(c.rows);
            s.makespanKind = QStringLiteral("aicore_observed_span");
        }
    } else {
        s.rows = withDuration;
        s.tasks = all;
        if (first <= last)
            s.makespanUs = last - first;
        s.makespanKind = QStringLiteral("slice_span");
    }
    return s;
}

QString makespanKindText(const QString &kind)
{
    // The converter's own footer words (spec §12.1) for the two it prints.
    if (kind == QLatin1String("total_test_time"))
        return QStringLiteral("Total Test Time");
    if (kind == QLatin1String("aicore_observed_span"))
        return QStringLiteral("AICore Observed Span");
    if (kind == QLatin1String("slice_span"))
        return QStringLiteral("span of the slices");
    return kind;
}

} // namespace lanescope
