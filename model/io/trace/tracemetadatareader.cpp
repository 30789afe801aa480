#include "tracemetadatareader.h"

#include <cmath>
#include <string>

namespace lanescope {

namespace {

class Reader
{
public:
    Reader(JsonCursor &c, TraceTimeline &timeline) : m_c(c), m_timeline(timeline) {}

    bool text(QString &out)
    {
        if (m_c.peek() != JsonCursor::Type::String)
            return m_c.skip();
        if (!m_c.readString(m_text))
            return false;
        out = QString::fromUtf8(m_text.data(), qsizetype(m_text.size()));
        return true;
    }

    bool flag(std::optional<bool> &out)
    {
        if (m_c.peek() != JsonCursor::Type::Bool)
            return m_c.skip();
        bool v = false;
        if (!m_c.readBool(v))
            return false;
        out = v;
        return true;
    }

    // The converter writes these as int(round(x)); a float is rounded the same way, null is none.
    bool integer(std::optional<std::int64_t> &out)
    {
        if (m_c.peek() != JsonCursor::Type::Number)
            return m_c.skip();
        double v = 0;
        if (!m_c.readDouble(v))
            return false;
        if (std::isfinite(v) && std::abs(v) < 9.0e18)
            out = std::int64_t(std::nearbyint(v));
        return true;
    }

    bool placement(TracePlacement &p)
    {
        if (m_c.peek() != JsonCursor::Type::Object)
            return m_c.skip();
        m_c.enterObject();
        std::string key;
        while (m_c.nextMember(key)) {
            bool ok = true;
            if (key == "method")
                ok = text(p.method);
            else if (key == "slack_ns")
                ok = integer(p.slackNs);
            else
                ok = m_c.skip();
            if (!ok)
                return false;
        }
        return m_c.ok();
    }

    bool rankEntry()
    {
        if (m_c.peek() != JsonCursor::Type::Object)
            return m_c.skip();
        m_c.enterObject();
        TracePlacement p;
        bool placed = false;
        std::string key;
        while (m_c.nextMember(key)) {
            bool ok = true;
            if (key == "rank") {
                std::optional<std::int64_t> rank;
                ok = integer(rank);
                if (rank && *rank >= 0 && *rank <= INT32_MAX)
                    p.rank = std::int32_t(*rank);
            } else if (key == "placement") {
                placed = m_c.peek() == JsonCursor::Type::Object;
                ok = placement(p);
            } else {
                ok = m_c.skip();
            }
            if (!ok)
                return false;
        }
        if (placed && m_timeline.placements.size() < kMaxRanks)
            m_timeline.placements.push_back(p);
        return m_c.ok();
    }

    bool ranks()
    {
        if (m_c.peek() != JsonCursor::Type::Array)
            return m_c.skip();
        m_c.enterArray();
        while (m_c.nextElement())
            if (!rankEntry())
                return false;
        return m_c.ok();
    }

    bool read(QString &runtime)
    {
        if (m_c.peek() != JsonCursor::Type::Object)
            return m_c.skip();
        m_c.enterObject();
        std::string key;
        while (m_c.nextMember(key)) {
            bool ok = true;
            std::optional<bool> b;
            if (key == "layout") {
                ok = text(m_timeline.layout);
            } else if (key == "trace_status") {
                ok = text(m_timeline.traceStatus);
            } else if (key == "runtime") {
                ok = text(runtime);
            } else if (key == "cross_domain_latency_available") {
                ok = flag(m_timeline.crossDomainLatencyAvailable);
            } else if (key == "cross_rank_uncertainty_ns") {
                ok = integer(m_timeline.crossRankUncertaintyNs);
            } else if (key == "cross_domain_gap_unknown") {
                ok = flag(b);
                m_timeline.crossDomainGapUnknown = b.value_or(false);
            } else if (key == "host_records_missing") {
                ok = flag(b);
                m_timeline.hostRecordsMissing = b.value_or(false);
            } else if (key == "placement") {
                TracePlacement p;
                const bool isObject = m_c.peek() == JsonCursor::Type::Object;
                ok = placement(p);
                if (isObject)
                    m_timeline.placements.insert(m_timeline.placements.begin(), p);
            } else if (key == "ranks") {
                ok = ranks();
            } else {
                ok = m_c.skip();
            }
            if (!ok)
                return false;
        }
        return m_c.ok();
    }

private:
    static constexpr std::size_t kMaxRanks = 4096;

    JsonCursor &m_c;
    TraceTimeline &m_timeline;
    std::string m_text;
};

} // namespace

bool readTraceMetadata(JsonCursor &cursor, TraceTimeline &timeline, QString &runtime)
{
    return Reader(cursor, timeline).read(runtime);
}

QStringList traceTimelineWarnings(const TraceTimeline &t)
{
    QStringList out;
    // Layouts of supplement §2.10; only a containment placement puts device time on the Host clock.
    const bool placed = t.layout == QLatin1String("containment_spliced") ||
                        t.layout == QLatin1String("containment_spliced_multi_rank");
    if (t.layout == QLatin1String("causal_composite"))
        out << QStringLiteral(
            "layout causal_composite: device lanes are drawn after the Host records, not placed by a "
            "measurement; the gap between Host and device lanes is unknown");
    else if (t.layout == QLatin1String("device_relative"))
        out << QStringLiteral(
            "layout device_relative: device lanes are not placed on the Host clock; the gap between "
            "Host and device lanes is unknown");
    else if (!t.layout.isEmpty() && !placed)
        out << QStringLiteral("unknown layout \"%1\": times are shown as written").arg(t.layout);
    if (placed && (t.crossDomainLatencyAvailable == false || t.crossDomainGapUnknown))
        out << QStringLiteral(
            "cross-domain latency is not available: gaps between Host and device lanes are not measured");
    if (!t.traceStatus.isEmpty() && t.traceStatus != QLatin1String("complete"))
        out << QStringLiteral(
                   "trace_status \"%1\": the Host capture is not complete, Host lanes may lack records")
                   .arg(t.traceStatus);
    if (t.hostRecordsMissing)
        out << QStringLiteral("the trace has no Host records (host_records_missing)");
    if (t.crossRankUncertaintyNs)
        out << QStringLiteral(
                   "ranks are aligned only to within %1 ns (cross_rank_uncertainty_ns, the two largest "
                   "placement slacks): a gap between ranks smaller than that is undecided")
                   .arg(*t.crossRankUncertaintyNs);
    else if (t.placements.size() == 1 && !t.placements.front().rank && t.placements.front().slackNs > 0)
        out << QStringLiteral("the device block is drawn at its earliest legal start in runner_run; it may "
                              "lie up to %1 ns "
                              "later (placement slack_ns)")
                   .arg(*t.placements.front().slackNs);
    return out;
}

} // namespace lanescope
