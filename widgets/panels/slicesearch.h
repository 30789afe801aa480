#pragma once

#include "model/capture/capture.h"
#include "model/capture/slicesearchindex.h"
#include "model/index/sliceref.h"
#include "model/index/tasklocator.h"

#include <QString>
#include <optional>
#include <vector>

namespace lanescope {

// Case-insensitive subsequence match: "qkmm" matches "QK_matmul".
bool fuzzyMatch(QStringView needle, QStringView haystack);

// A task id as labels spell it in `layout` ("r1t3", also the old ring-0 spelling "t7"; HBG "g2t5",
// "p3"), or a decimal task id.
std::optional<std::uint64_t> parseTaskId(const QString &text, TaskIdFormat layout = TaskIdFormat::RingLocal);

// The bars a search box query finds, in time order: the bars of a task when the query is a task
// id that exists, else the first bar of every lane whose name contains the query, plus every bar
// whose function (or trace slice name) matches it fuzzily. The bars come from `index`, built once
// per capture: a query marks the names it matches and filters the index, in its order.
std::vector<SliceRef> findSlices(const Capture &capture, const SliceSearchIndex &index,
                                 const TaskLocator &locator, const QString &query);
// The same with the capture's own index (Capture::facts), or one built for this query alone.
std::vector<SliceRef> findSlices(const Capture &capture, const TaskLocator &locator, const QString &query);

} // namespace lanescope
