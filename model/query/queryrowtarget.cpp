#include "queryrowtarget.h"

namespace lanescope {

namespace {

// The column's integer value in `row`, absent when the column is missing or holds NULL or text.
std::optional<std::int64_t> integerAt(const QVariantList &row, qsizetype column)
{
    if (column < 0 || column >= row.size())
        return std::nullopt;
    const QVariant &v = row[column];
    if (v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int)
        return v.toLongLong();
    return std::nullopt;
}

} // namespace

std::optional<SliceRef> sliceOfId(const Capture &capture, std::int64_t id)
{
    if (id < 0)
        return std::nullopt;
    auto left = std::uint64_t(id);
    for (std::size_t lane = 0; lane < capture.lanes.size(); ++lane) {
        const std::size_t count = capture.lanes[lane].slices.size();
        if (left < count)
            return SliceRef{int(lane), std::size_t(left)};
        left -= count;
    }
    return std::nullopt;
}

QueryRowTarget queryRowTarget(const Capture &capture, const QueryResult &result, std::size_t row)
{
    QueryRowTarget target;
    if (row >= result.rows.size())
        return target;
    const QVariantList &values = result.rows[row];
    // The slice's own id, wherever it comes from (an alias such as `o.id AS producer` too): a
    // column merely named `id` may be a track's.
    const qsizetype sliceColumn = result.origins.indexOf(QStringLiteral("slice.id"));
    if (const std::optional<std::int64_t> id = integerAt(values, sliceColumn))
        target.slice = sliceOfId(capture, *id);
    // Any table's task_id names the same task (task, slice, the phase tables).
    qsizetype taskColumn = result.columns.indexOf(QStringLiteral("task_id"));
    for (qsizetype c = 0; taskColumn < 0 && c < result.origins.size(); ++c)
        if (result.origins[c].endsWith(QStringLiteral(".task_id")))
            taskColumn = c;
    if (const std::optional<std::int64_t> task = integerAt(values, taskColumn))
        target.taskId = std::uint64_t(*task); // ids with bit 63 set read negative in SQL
    const std::optional<std::int64_t> ts = integerAt(values, result.columns.indexOf(QStringLiteral("ts")));
    const std::optional<std::int64_t> dur = integerAt(values, result.columns.indexOf(QStringLiteral("dur")));
    if (ts && dur && *dur >= 0)
        target.region = TimeRange{double(*ts) / 1000.0, double(*ts + *dur) / 1000.0};
    return target;
}

} // namespace lanescope
