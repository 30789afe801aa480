#pragma once

#include "queryresult.h"

#include "model/capture/capture.h"
#include "model/capture/timerange.h"
#include "model/index/sliceref.h"

#include <cstdint>
#include <optional>

namespace lanescope {

// What one result row names on the timeline of the run it was asked of: a bar (a `slice.id`
// column), a task (a `task_id` column) and a region (`ts` and `dur` columns, ns on the capture's
// axis, here in µs). Each is absent when the row does not name it or its value is NULL.
struct QueryRowTarget
{
    std::optional<SliceRef> slice;
    std::optional<std::uint64_t> taskId;
    std::optional<TimeRange> region;

    bool isEmpty() const { return !slice && !taskId && !region; }
};

// Reads `row` of `result` against `capture`, the run the query was asked of. A slice id is the
// bar's place among all slices lane by lane, as the slice table numbers them; one out of range
// names nothing.
QueryRowTarget queryRowTarget(const Capture &capture, const QueryResult &result, std::size_t row);

// The bar with slice id `id`, if the capture has that many.
std::optional<SliceRef> sliceOfId(const Capture &capture, std::int64_t id);

} // namespace lanescope
