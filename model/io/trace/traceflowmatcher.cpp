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

// A flow whose finish was recorded before its start has an orphan at each end once the chains are
// followed in time order. They are one flow all the same: pair such orphans in time order, so the
// arrow is kept and reads as the happens-before violation it is (it runs backwards in time).
// `link` draws the arrow and returns false for a pair that does not run backwards: orphans in time
// order are two broken flows, not one, and stay unmatched.
template <typename Mark, typename Link>
void pairOrphans(std::vector<const Mark *> &starts, std::vector<const Mark *> &ends, Link link,
                 std::size_t &unmatched)
{
    const std::size_t pairs = std::min(starts.size(), ends.size());
    std::size_t linked = 0;
    for (std::size_t k = 0; k < pairs; ++k)
        linked += starts[k] != ends[k] && link(*starts[k], *ends[k]);
    unmatched += starts.size() + ends.size() - 2 * linked;
    starts.clear();
    ends.clear();
}

void matchV1Flows(std::vector<FlowMark> &marks, std::vector<FlowLink> &out, std::size_t &unmatched)
{
    std::sort(marks.begin(), marks.end(), [](const FlowMark &a, const FlowMark &b) {
        return std::tuple(a.cat, a.id.kind, a.id.bits, a.rank, a.ts, phaseRank(a.phase), a.ordinal) <
               std::tuple(b.cat, b.id.kind, b.id.bits, b.rank, b.ts, phaseRank(b.phase), b.ordinal);
    });
    const FlowMark *open = nullptr; // where the next arrow of the current chain leaves from
    std::uint32_t chainName = 0;    // arrows keep the name of the chain's start
    bool openContinued = false;
    std::vector<const FlowMark *> orphanStarts, orphanEnds; // of the current (cat, id, rank)
    const auto reversed = [&out](const FlowMark &s, const FlowMark &e) {
        if (!(e.ts < s.ts))
            return false;
        out.push_back({s.thread, e.thread, s.ts, e.ts, s.name});
        return true;
    };
    for (std::size_t i = 0; i < marks.size(); ++i) {
        const FlowMark &m = marks[i];
        if (i > 0 &&
            (m.cat != marks[i - 1].cat || !(m.id == marks[i - 1].id) || m.rank != marks[i - 1].rank)) {
            if (open && !openContinued)
                orphanStarts.push_back(open);
            open = nullptr;
            pairOrphans(orphanStarts, orphanEnds, reversed, unmatched);
        }
        if (m.phase == 's') {
            if (open && !openContinued)
                orphanStarts.push_back(open);
            open = &m;
            chainName = m.name;
            openContinued = false;
            continue;
        }
        if (!open) {
            orphanEnds.push_back(&m);
            continue;
        }
        out.push_back({open->thread, m.thread, open->ts, m.ts, chainName});
        openContinued = true;
        open = m.phase == 'f' ? nullptr : &m;
    }
    if (open && !openContinued)
        orphanStarts.push_back(open);
    pairOrphans(orphanStarts, orphanEnds, reversed, unmatched);
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
    std::vector<const FlowEndpoint *> orphanOuts, orphanIns; // of the current (id, rank)
    const auto reversed = [&out, name](const FlowEndpoint &from, const FlowEndpoint &to) {
        if (!(to.startUs < from.startUs))
            return false;
        out.push_back({from.thread, to.thread, from.endUs, to.startUs, name});
        return true;
    };
    for (std::size_t i = 0; i < ends.size(); ++i) {
        const FlowEndpoint &e = ends[i];
        if (i > 0 && (!(e.id == ends[i - 1].id) || e.rank != ends[i - 1].rank)) {
            if (source && !sourceUsed)
                orphanOuts.push_back(source);
            source = nullptr;
            pairOrphans(orphanOuts, orphanIns, reversed, unmatched);
        }
        if (e.in) {
            if (source) {
                out.push_back({source->thread, e.thread, source->endUs, e.startUs, name});
                sourceUsed = true;
            } else {
                orphanIns.push_back(&e);
            }
        }
        if (e.out) {
            if (source && !sourceUsed)
                orphanOuts.push_back(source);
            source = &e;
            sourceUsed = false;
        }
    }
    if (source && !sourceUsed)
        orphanOuts.push_back(source);
    pairOrphans(orphanOuts, orphanIns, reversed, unmatched);
}

} // namespace lanescope
