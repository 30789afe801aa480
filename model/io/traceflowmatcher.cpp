#include "traceflowmatcher.h"

#include <algorithm>
#include <tuple>

namespace lanescope {

namespace {

int phaseRank(char phase)
{
    return phase == 's' ? 0 : phase == 't' ? 1 : 2;
}

} // namespace

void matchV1Flows(std::vector<FlowMark> &marks, std::vector<FlowLink> &out, std::size_t &unmatched)
{
    std::sort(marks.begin(), marks.end(), [](const FlowMark &a, const FlowMark &b) {
        return std::tuple(a.cat, a.id.kind, a.id.bits, a.rank, a.ts, phaseRank(a.phase), a.ordinal) <
               std::tuple(b.cat, b.id.kind, b.id.bits, b.rank, b.ts, phaseRank(b.phase), b.ordinal);
    });
    const FlowMark *open = nullptr; // where the next arrow of the current chain leaves from
    std::uint32_t chainName = 0;    // arrows keep the name of the chain's start
    bool openContinued = false;
    for (std::size_t i = 0; i < marks.size(); ++i) {
        const FlowMark &m = marks[i];
        if (i > 0 &&
            (m.cat != marks[i - 1].cat || !(m.id == marks[i - 1].id) || m.rank != marks[i - 1].rank)) {
            if (open && !openContinued)
                ++unmatched;
            open = nullptr;
        }
        if (m.phase == 's') {
            if (open && !openContinued)
                ++unmatched;
            open = &m;
            chainName = m.name;
            openContinued = false;
            continue;
        }
        if (!open) {
            ++unmatched;
            continue;
        }
        out.push_back({open->thread, m.thread, open->ts, m.ts, chainName});
        openContinued = true;
        open = m.phase == 'f' ? nullptr : &m;
    }
    if (open && !openContinued)
        ++unmatched;
}

void matchV2Flows(std::vector<FlowEndpoint> &ends, std::uint32_t name, std::vector<FlowLink> &out,
                  std::size_t &unmatched)
{
    std::sort(ends.begin(), ends.end(), [](const FlowEndpoint &a, const FlowEndpoint &b) {
        return std::tuple(a.id.kind, a.id.bits, a.rank, a.startUs, a.ordinal) <
               std::tuple(b.id.kind, b.id.bits, b.rank, b.startUs, b.ordinal);
    });
    const FlowEndpoint *source = nullptr;
    bool sourceUsed = false;
    for (std::size_t i = 0; i < ends.size(); ++i) {
        const FlowEndpoint &e = ends[i];
        if (i > 0 && (!(e.id == ends[i - 1].id) || e.rank != ends[i - 1].rank)) {
            if (source && !sourceUsed)
                ++unmatched;
            source = nullptr;
        }
        if (e.in) {
            if (source) {
                out.push_back({source->thread, e.thread, source->endUs, e.startUs, name});
                sourceUsed = true;
            } else {
                ++unmatched;
            }
        }
        if (e.out) {
            if (source && !sourceUsed)
                ++unmatched;
            source = &e;
            sourceUsed = false;
        }
    }
    if (source && !sourceUsed)
        ++unmatched;
}

} // namespace lanescope
