#include "widgets/panels/slicesearch.h"

#include "model/capture/labels.h"
#include "model/session/capturefacts.h"

#include <algorithm>

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

std::vector<SliceRef> findSlices(const Capture &capture, const SliceSearchIndex &index,
                                 const TaskLocator &locator, const QString &query)
{
    const QString q = query.trimmed();
    if (q.isEmpty())
        return {};
    if (const auto id = parseTaskId(q, capture.info.taskIdFormat)) {
        std::vector<SliceRef> bars = locator.barsOfTask(capture, *id);
        if (!bars.empty()) {
            std::sort(bars.begin(), bars.end(), [&](const SliceRef &a, const SliceRef &b) {
                const double sa = capture.lanes[std::size_t(a.lane)].slices[a.slice].startUs;
                const double sb = capture.lanes[std::size_t(b.lane)].slices[b.slice].startUs;
                return sa != sb ? sa < sb : (a.lane != b.lane ? a.lane < b.lane : a.slice < b.slice);
            });
            return bars;
        }
    }

    // Names are matched once per lane and distinct function / string, bars then by their key.
    std::vector<bool> matchingLanes(capture.lanes.size());
    for (std::size_t l = 0; l < capture.lanes.size(); ++l)
        matchingLanes[l] = capture.lanes[l].name.contains(q, Qt::CaseInsensitive);
    std::vector<bool> matchingFunctions(index.functions().size());
    for (std::size_t f = 0; f < matchingFunctions.size(); ++f)
        matchingFunctions[f] = fuzzyMatch(q, index.functionNames()[f]);
    std::vector<bool> matchingStrings(std::size_t(capture.strings.size()));
    for (qsizetype i = 0; i < capture.strings.size(); ++i)
        matchingStrings[std::size_t(i)] = fuzzyMatch(q, capture.strings.at(std::uint32_t(i)));

    std::vector<SliceRef> found;
    for (const SliceSearchIndex::Bar &bar : index.bars()) {
        const auto lane = std::size_t(bar.lane);
        bool hit = bar.firstOfLane && matchingLanes[lane];
        if (!hit && bar.key >= 0) {
            const auto key = std::size_t(bar.key);
            hit = capture.lanes[lane].kind == LaneKind::Worker
                      ? key < matchingFunctions.size() && matchingFunctions[key]
                      : key < matchingStrings.size() && matchingStrings[key];
        }
        if (hit)
            found.push_back({bar.lane, bar.slice});
    }
    return found;
}

std::vector<SliceRef> findSlices(const Capture &capture, const TaskLocator &locator, const QString &query)
{
    if (capture.facts)
        return findSlices(capture, capture.facts->search, locator, query);
    return findSlices(capture, SliceSearchIndex(capture), locator, query);
}

} // namespace lanescope
