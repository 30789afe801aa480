#include "slicesearch.h"

#include "model/capture/labels.h"

#include <algorithm>
#include <unordered_set>

namespace lanescope {

bool fuzzyMatch(QStringView needle, QStringView haystack)
{
    qsizetype at = 0;
    for (const QChar c : needle) {
        if (c.isSpace())
            continue;
        const QChar lower = c.toLower();
        while (at < haystack.size() && haystack[at].toLower() != lower)
            ++at;
        if (at == haystack.size())
            return false;
        ++at;
    }
    return true;
}

std::optional<std::uint64_t> parseTaskId(const QString &text, TaskIdFormat layout)
{
    return parseTaskDisplayId(text, layout);
}

std::vector<SliceRef> findSlices(const Capture &capture, const TaskLocator &locator, const QString &query)
{
    const QString q = query.trimmed();
    if (q.isEmpty())
        return {};
    auto byTime = [&](std::vector<SliceRef> &refs) {
        std::sort(refs.begin(), refs.end(), [&](const SliceRef &a, const SliceRef &b) {
            const double sa = capture.lanes[std::size_t(a.lane)].slices[a.slice].startUs;
            const double sb = capture.lanes[std::size_t(b.lane)].slices[b.slice].startUs;
            return sa != sb ? sa < sb : (a.lane != b.lane ? a.lane < b.lane : a.slice < b.slice);
        });
    };
    if (const auto id = parseTaskId(q, capture.info.taskIdFormat)) {
        std::vector<SliceRef> bars = locator.barsOfTask(capture, *id);
        if (!bars.empty()) {
            byTime(bars);
            return bars;
        }
    }

    std::vector<SliceRef> found;
    for (std::size_t l = 0; l < capture.lanes.size(); ++l) {
        const Lane &lane = capture.lanes[l];
        if (!lane.slices.empty() && lane.name.contains(q, Qt::CaseInsensitive))
            found.push_back({int(l), 0});
    }

    // Names are matched once per distinct function / string, bars then by integer key.
    std::unordered_set<int> functions;
    for (const TaskRow &row : capture.rows) {
        if (!functions.count(row.funcId))
            functions.insert(row.funcId);
    }
    std::unordered_set<int> matchingFunctions;
    for (const int f : functions) {
        if (fuzzyMatch(q, functionName(f, capture.names)))
            matchingFunctions.insert(f);
    }
    std::vector<bool> matchingStrings(std::size_t(capture.strings.size()));
    for (qsizetype i = 0; i < capture.strings.size(); ++i)
        matchingStrings[std::size_t(i)] = fuzzyMatch(q, capture.strings.at(std::uint32_t(i)));

    for (std::size_t l = 0; l < capture.lanes.size(); ++l) {
        const Lane &lane = capture.lanes[l];
        if (lane.kind == LaneKind::Worker && !matchingFunctions.empty()) {
            for (std::size_t s = 0; s < lane.slices.size(); ++s) {
                const std::uint32_t row = lane.slices[s].ref;
                if (row < capture.rows.size() && matchingFunctions.count(capture.rows[row].funcId))
                    found.push_back({int(l), s});
            }
        } else if (lane.kind == LaneKind::Trace) {
            for (std::size_t s = 0; s < lane.slices.size(); ++s) {
                const std::uint32_t label = lane.slices[s].label;
                if (label < matchingStrings.size() && matchingStrings[label])
                    found.push_back({int(l), s});
            }
        }
    }
    byTime(found);
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
}

} // namespace lanescope
