#include "slicesearchindex.h"

#include "cancelpoint.h"
#include "labels.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <utility>

namespace lanescope {

SliceSearchIndex::SliceSearchIndex(const Capture &capture)
{
    for (const TaskRow &row : capture.rows)
        m_functions.push_back(row.funcId);
    cancellableSort(m_functions.begin(), m_functions.end());
    m_functions.erase(std::unique(m_functions.begin(), m_functions.end()), m_functions.end());
    m_functionNames.reserve(m_functions.size());
    for (const int f : m_functions)
        m_functionNames.push_back(functionName(f, capture.names));
    auto functionIndex = [&](int funcId) {
        return std::int32_t(std::lower_bound(m_functions.begin(), m_functions.end(), funcId) -
                            m_functions.begin());
    };

    const auto strings = std::uint32_t(capture.strings.size());
    CancelPoints cancelPoints;
    for (std::size_t l = 0; l < capture.lanes.size(); ++l) {
        const Lane &lane = capture.lanes[l];
        const bool searched = lane.kind == LaneKind::Worker || lane.kind == LaneKind::Trace;
        for (std::size_t s = 0; s < lane.slices.size(); ++s) {
            cancelPoints.tick();
            Bar bar{std::int32_t(l), std::uint32_t(s), -1, s == 0};
            if (lane.kind == LaneKind::Worker) {
                const std::uint32_t row = lane.slices[s].ref;
                if (row < capture.rows.size())
                    bar.key = functionIndex(capture.rows[row].funcId);
            } else if (lane.kind == LaneKind::Trace) {
                const std::uint32_t label = lane.slices[s].label;
                if (label < strings)
                    bar.key = std::int32_t(label);
            }
            if (bar.key >= 0 || bar.firstOfLane)
                m_bars.push_back(bar);
            if (!searched)
                break; // only the first bar of other lanes is ever found
        }
    }
    cancellableSort(m_bars.begin(), m_bars.end(), [&](const Bar &a, const Bar &b) {
        const double sa = capture.lanes[std::size_t(a.lane)].slices[a.slice].startUs;
        const double sb = capture.lanes[std::size_t(b.lane)].slices[b.slice].startUs;
        return sa != sb ? sa < sb : (a.lane != b.lane ? a.lane < b.lane : a.slice < b.slice);
    });
}

std::optional<SliceSearchIndex> SliceSearchIndex::restore(const Capture &capture, FlatArray<Bar> bars,
                                                          std::vector<int> functions,
                                                          std::vector<QString> functionNames)
{
    if (functionNames.size() != functions.size() ||
        std::adjacent_find(functions.begin(), functions.end(), std::greater_equal<>()) != functions.end())
        return std::nullopt;
    const auto strings = std::int64_t(capture.strings.size());
    double lastStart = -std::numeric_limits<double>::infinity();
    for (const Bar &bar : std::as_const(bars)) { // changing access would copy a view
        if (bar.lane < 0 || std::size_t(bar.lane) >= capture.lanes.size())
            return std::nullopt;
        const Lane &lane = capture.lanes[std::size_t(bar.lane)];
        if (bar.slice >= lane.slices.size() || bar.firstOfLane != (bar.slice == 0))
            return std::nullopt;
        const std::int64_t keys = lane.kind == LaneKind::Worker  ? std::int64_t(functions.size())
                                  : lane.kind == LaneKind::Trace ? strings
                                                                 : 0;
        if (bar.key < -1 || bar.key >= keys || (bar.key < 0 && !bar.firstOfLane))
            return std::nullopt;
        const double start = lane.slices[bar.slice].startUs;
        if (start < lastStart)
            return std::nullopt;
        lastStart = start;
    }
    SliceSearchIndex index;
    index.m_bars = std::move(bars);
    index.m_functions = std::move(functions);
    index.m_functionNames = std::move(functionNames);
    return index;
}

} // namespace lanescope
