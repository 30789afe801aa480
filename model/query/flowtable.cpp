#include "columntable.h"
#include "querytables.h"

#include "model/analysis/dependencyanchors.h"
#include "model/analysis/hbviolationindex.h"
#include "model/session/capturefacts.h"

#include <array>

namespace lanescope {

namespace {

// `flow`: the arrows between bars. Unlike the other tables its rows are derived, not read: a
// dependency edge joins the bars its arrow would (spec §7.5: the producer's latest-ending Worker
// View anchor, the consumer's earliest-starting one), so they are found once, on first use, from
// the run's anchors and hb violations, and kept as pairs of slice ids.
class FlowTable final : public ColumnTable<FlowTable>
{
public:
    static constexpr const char *kName = "flow";
    static constexpr const char *kMeaning =
        "the arrows between bars: dependency edges (one per edge, as the timeline draws it) and a "
        "trace's flows";

    explicit FlowTable(const QueryCapture &capture) : m_q(capture) {}

    static std::span<const Column> columns();
    std::size_t rowCount() const override { return flows().size(); }
    std::size_t estimatedRows() const override
    {
        return m_q.capture().deps.edges().size() + m_q.capture().flows.size();
    }

private:
    struct FlowRow
    {
        std::int64_t out = 0;
        std::int64_t in = 0;
        bool hbViolation = false;
    };

    const std::vector<FlowRow> &flows() const
    {
        if (!m_found) {
            addDependencies();
            addTraceFlows();
            m_found = true;
        }
        return m_flows;
    }

    void addDependencies() const
    {
        const Capture &c = m_q.capture();
        if (c.deps.empty())
            return;
        std::shared_ptr<const DependencyAnchors> anchors = c.facts ? c.facts->anchors : nullptr;
        if (!anchors)
            anchors = std::make_shared<const DependencyAnchors>(c);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> violated;
        const auto add = [&](const std::vector<HbViolation> &all) {
            for (const HbViolation &v : all)
                violated.emplace_back(v.pred, v.succ);
        };
        if (c.facts)
            add(c.facts->hbViolations.all());
        else
            add(allHbViolations(c, *anchors));
        std::sort(violated.begin(), violated.end());
        std::vector<DependencyAnchor> from, to;
        for (const DependencyEdge &e : allDependencyEdges(c.deps)) {
            anchors->anchors(c, e.pred, DependencyView::Worker, from);
            anchors->anchors(c, e.succ, DependencyView::Worker, to);
            if (from.empty() || to.empty())
                continue;
            const auto &producer = *std::max_element(
                from.begin(), from.end(), [](const auto &a, const auto &b) { return a.endUs < b.endUs; });
            const auto &consumer = *std::min_element(
                to.begin(), to.end(), [](const auto &a, const auto &b) { return a.startUs < b.startUs; });
            m_flows.push_back(
                {m_q.sliceId(std::size_t(producer.lane), producer.slice),
                 m_q.sliceId(std::size_t(consumer.lane), consumer.slice),
                 std::binary_search(violated.begin(), violated.end(), std::pair{e.pred, e.succ})});
        }
    }

    // A trace's flows join points on lanes: the bar there is the last one to start at or before the
    // point that is still running at it (or, failing one, the last to start before it).
    void addTraceFlows() const
    {
        const Capture &c = m_q.capture();
        for (const Flow &f : c.flows) {
            const auto out = barAt(f.fromLane, f.fromUs);
            const auto in = barAt(f.toLane, f.toUs);
            if (out && in)
                m_flows.push_back({*out, *in, f.hbViolation});
        }
    }
    std::optional<std::int64_t> barAt(std::uint32_t lane, double us) const
    {
        const Capture &c = m_q.capture();
        if (lane >= c.lanes.size() || !m_q.laneSorted(lane))
            return std::nullopt;
        const Slices &s = c.lanes[lane].slices;
        const auto after =
            std::upper_bound(s.begin(), s.end(), us, [](double t, const Slice &x) { return t < x.startUs; });
        if (after == s.begin())
            return std::nullopt;
        const auto last = std::size_t(after - s.begin()) - 1;
        std::size_t at = last;
        for (std::size_t back = 0; back < 64 && back <= last; ++back) // nested bars lie close together
            if (s[last - back].endUs >= us) {
                at = last - back;
                break;
            }
        return m_q.sliceId(lane, at);
    }

    const QueryCapture &m_q;
    mutable std::vector<FlowRow> m_flows;
    mutable bool m_found = false;
};

std::span<const FlowTable::Column> FlowTable::columns()
{
    using T = FlowTable;
    static const std::array<Column, 3> kColumns = {{
        {{"slice_out", "INTEGER", "the bar it leaves (slice.id): the producer's"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultInt(out, t.flows()[row].out); }},
        {{"slice_in", "INTEGER", "the bar it reaches (slice.id): the consumer's"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultInt(out, t.flows()[row].in); }},
        {{"kind", "TEXT",
          "hb_violation when the consumer started before the producer ended (spec §7.5), else dependency"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultText(out, t.flows()[row].hbViolation ? "hb_violation" : "dependency");
         }},
    }};
    return kColumns;
}

} // namespace

QueryTableEntry flowTableEntry()
{
    return entryOf<FlowTable>();
}

} // namespace lanescope
