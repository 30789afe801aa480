#include "slicenesting.h"

#include <algorithm>

namespace lanescope {

namespace {

constexpr std::size_t kMaxDepth = Slice::kMaxDepth; // deeper slices share the last row

bool startsBefore(const Slice &a, const Slice &b)
{
    if (a.startUs != b.startUs)
        return a.startUs < b.startUs;
    if (a.endUs != b.endUs)
        return a.endUs > b.endUs;
    return a.ref < b.ref;
}

} // namespace

void matchBeginEnd(std::vector<BeginEndMark> &marks, double traceEndUs, std::vector<Slice> &out,
                   BeginEndCounts &counts)
{
    std::stable_sort(marks.begin(), marks.end(),
                     [](const BeginEndMark &a, const BeginEndMark &b) { return a.ts < b.ts; });
    std::vector<const BeginEndMark *> open;
    for (const BeginEndMark &m : marks) {
        if (m.begin) {
            open.push_back(&m);
            continue;
        }
        if (open.empty()) {
            ++counts.strayEnds;
            continue;
        }
        const BeginEndMark &b = *open.back();
        open.pop_back();
        Slice s;
        s.startUs = b.ts;
        s.endUs = m.ts - b.ts;
        s.ref = b.ordinal;
        s.label = b.label;
        out.push_back(s);
    }
    counts.unmatchedBegins += open.size();
    for (const BeginEndMark *b : open) {
        Slice s;
        s.startUs = b->ts;
        s.endUs = std::max(0.0, traceEndUs - b->ts);
        s.ref = b->ordinal;
        s.label = b->label;
        s.flags = Slice::Unterminated;
        out.push_back(s);
    }
}

std::uint8_t nestByContainment(std::vector<Slice> &slices)
{
    std::sort(slices.begin(), slices.end(), startsBefore);
    std::vector<double> openEnds;
    std::size_t maxDepth = 0;
    for (Slice &s : slices) {
        while (!openEnds.empty() && openEnds.back() <= s.startUs)
            openEnds.pop_back();
        s.depth = Slice::clampedDepth(openEnds.size());
        maxDepth = std::max<std::size_t>(maxDepth, s.depth);
        // Zero-length slices and instants contain nothing.
        if (s.endUs > s.startUs)
            openEnds.push_back(s.endUs);
    }
    return std::uint8_t(maxDepth);
}

std::uint8_t packIntoRows(std::vector<Slice> &slices)
{
    std::sort(slices.begin(), slices.end(), startsBefore);
    std::vector<double> rowEnds; // per row: end of its last slice
    std::size_t maxRow = 0;
    for (Slice &s : slices) {
        std::size_t row = 0;
        while (row < rowEnds.size() && rowEnds[row] > s.startUs)
            ++row;
        if (row == rowEnds.size()) {
            if (row > kMaxDepth)
                row = kMaxDepth;
            else
                rowEnds.push_back(s.endUs);
        }
        rowEnds[row] = std::max(rowEnds[row], s.endUs);
        s.depth = std::uint32_t(row);
        maxRow = std::max(maxRow, row);
    }
    return std::uint8_t(maxRow);
}

} // namespace lanescope
