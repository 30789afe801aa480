#include "capturecomparison.h"

#include "benchmetrics.h"
#include "model/analysis/analysisinput.h"
#include "model/format/metrictext.h"

#include <algorithm>

#include <cmath>

namespace lanescope {

QString verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Improved:
        return QStringLiteral("improved");
    case Verdict::Regressed:
        return QStringLiteral("regressed");
    case Verdict::Unchanged:
        return QStringLiteral("unchanged");
    case Verdict::Held:
        return QStringLiteral("held");
    case Verdict::Broken:
        return QStringLiteral("broken");
    case Verdict::Inconclusive:
        return QStringLiteral("inconclusive");
    case Verdict::NotComparable:
        return QStringLiteral("not comparable");
    }
    return QString();
}

namespace {

struct CoreLayout
{
    int aic = 0;
    int aiv = 0;
};

CoreLayout layoutOf(const Capture &c)
{
    CoreLayout l;
    for (CoreType t : c.info.coreTypes)
        (t == CoreType::Aic ? l.aic : l.aiv)++;
    return l;
}

QString clockText(std::int64_t hz)
{
    return hz % 1000000 == 0 ? QStringLiteral("%1 MHz").arg(hz / 1000000) : QStringLiteral("%1 Hz").arg(hz);
}

QString layoutText(const Capture &c)
{
    const CoreLayout l = layoutOf(c);
    return QStringLiteral("%1 cores (%2 AIC + %3 AIV)").arg(c.info.numCores).arg(l.aic).arg(l.aiv);
}

// What the guard found, as it affects single metrics.
struct Guard
{
    QStringList problems;
    int beforeLevel = 1;
    int afterLevel = 1;
    bool timingRuledOut = false; // clocks, core layouts or sim/onboard differ
    QString timingReason;
    bool shapeOnly = false; // both captures are simulator runs
    double tickUs = 0.001;  // one tick of the coarser clock: the least timing change a capture can show
};

Guard runGuard(const Capture &before, const Capture &after, const CompareOptions &options)
{
    Guard g;
    if (before.info.format != after.info.format)
        g.problems << QStringLiteral("formats differ: Before is %1, After is %2")
                          .arg(formatName(before.info.format), formatName(after.info.format));
    g.beforeLevel = analysisLevel(before);
    g.afterLevel = analysisLevel(after);
    if (g.beforeLevel != g.afterLevel)
        g.problems << QStringLiteral(
                          "levels differ: Before is level %1, After is level %2; only metrics both levels "
                          "support are compared")
                          .arg(g.beforeLevel)
                          .arg(g.afterLevel);
    const auto &cb = before.info.clockFreqHz, &ca = after.info.clockFreqHz;
    for (const auto &hz : {cb, ca})
        if (hz && *hz > 0)
            g.tickUs = std::max(g.tickUs, 1e6 / double(*hz));
    if (cb && ca && *cb != *ca) {
        g.problems << QStringLiteral(
                          "clocks differ: Before runs at %1, After at %2 (different chips); timings are "
                          "not compared")
                          .arg(clockText(*cb), clockText(*ca));
        g.timingRuledOut = true;
        g.timingReason = QStringLiteral("clocks differ");
    } else if (cb.has_value() != ca.has_value()) {
        g.problems << QStringLiteral("only %1 records a clock frequency; timings are not compared")
                          .arg(cb ? QStringLiteral("Before") : QStringLiteral("After"));
        g.timingRuledOut = true;
        g.timingReason = QStringLiteral("clock unknown on one side");
    }
    if (before.info.numCores != after.info.numCores || before.info.coreTypes != after.info.coreTypes) {
        g.problems << QStringLiteral(
                          "core layouts differ: Before has %1, After has %2; only counts are compared")
                          .arg(layoutText(before), layoutText(after));
        g.timingRuledOut = true;
        if (g.timingReason.isEmpty())
            g.timingReason = QStringLiteral("core layouts differ");
    }
    if (options.beforeSimulated && options.afterSimulated) {
        if (*options.beforeSimulated != *options.afterSimulated) {
            g.problems << QStringLiteral(
                              "%1 is a simulator run and %2 an onboard run; simulator timings show schedule "
                              "shape, not speed, so timings are not compared")
                              .arg(*options.beforeSimulated ? QStringLiteral("Before")
                                                            : QStringLiteral("After"),
                                   *options.beforeSimulated ? QStringLiteral("After")
                                                            : QStringLiteral("Before"));
            g.timingRuledOut = true;
            if (g.timingReason.isEmpty())
                g.timingReason = QStringLiteral("simulator against onboard");
        } else if (*options.beforeSimulated) {
            g.shapeOnly = true;
        }
    } else if (options.beforeSimulated.value_or(false) || options.afterSimulated.value_or(false)) {
        g.problems << QStringLiteral(
                          "%1 is tagged as a simulator run and the other capture is not tagged; timings "
                          "are not compared")
                          .arg(options.beforeSimulated.value_or(false) ? QStringLiteral("Before")
                                                                       : QStringLiteral("After"));
        g.timingRuledOut = true;
        if (g.timingReason.isEmpty())
            g.timingReason = QStringLiteral("simulator against an untagged capture");
    }
    return g;
}

QString percentText(double fraction)
{
    return QString::number(fraction * 100, 'g', 3) + u'%';
}

// A share's threshold as the change of a share reads, in percentage points: 0.02 → "2 pp".
QString pointsText(double fraction)
{
    return QString::number(fraction * 100, 'g', 3) + QStringLiteral(" pp");
}

QString shapeText(const Guard &guard, const MetricDefinition &def)
{
    return guard.shapeOnly && def.kind != MetricKind::Count
               ? QStringLiteral(" (simulator runs: schedule shape only)")
               : QString();
}

// How close Before and After are, in the words of the rule that judged it: the noise thresholds of
// one capture per side, or the run-to-run spread of repeated runs.
struct Closeness
{
    bool withinNoise = false;  // too small to call a move
    bool unchanged = false;    // small enough to call no move
    bool contextQuiet = false; // a context metric says why it is quiet (withinText) rather than moved
    QString withinText;        // why it is within: "counts are exact", "within run-to-run spread (±x)"
    QString brokenText;        // an invariant that moved
    QString movedText;         // what a real move was measured against; empty: nothing to add
};

// The verdict of a metric whose change `closeness` describes, by the direction the technique expects.
MetricComparison judge(const ConfirmationMetric &cm, const MetricDefinition &def, MetricComparison out,
                       const Guard &guard, const Closeness &c)
{
    const QString shape = shapeText(guard, def);
    const QString note = cm.note.isEmpty() ? QString() : QStringLiteral(": ") + cm.note;
    switch (cm.expected) {
    case ExpectedDirection::Report:
        out.verdict = c.unchanged ? Verdict::Unchanged : Verdict::Inconclusive;
        out.reason = (c.contextQuiet ? c.withinText + QStringLiteral("; shown for context")
                                     : QStringLiteral("shown for context, no expected direction")) +
                     note;
        return out;
    case ExpectedDirection::Unchanged:
        out.verdict = c.withinNoise ? Verdict::Held : Verdict::Broken;
        out.reason =
            (c.withinNoise ? QStringLiteral("held as expected: ") + c.withinText : c.brokenText) + shape;
        return out;
    case ExpectedDirection::Decrease:
    case ExpectedDirection::Increase:
        if (c.withinNoise) {
            out.verdict = c.unchanged ? Verdict::Unchanged : Verdict::Inconclusive;
            out.reason = c.withinText + shape;
            return out;
        }
        const double d = *out.delta;
        const bool wanted = cm.expected == ExpectedDirection::Decrease ? d < 0 : d > 0;
        out.verdict = wanted ? Verdict::Improved : Verdict::Regressed;
        const QString measured = cm.note.isEmpty() || c.movedText.isEmpty()
                                     ? cm.note + c.movedText
                                     : cm.note + QStringLiteral("; ") + c.movedText;
        out.reason = measured + shape;
        return out;
    }
    return out;
}

// Repeated runs on a side: the change against the larger of the two sides' ranges (header comment).
Closeness againstSpread(const MetricComparison &m, const MetricDefinition &def)
{
    const double d = *m.delta;
    const double spread =
        std::max(m.beforeSpread->max - m.beforeSpread->min, m.afterSpread->max - m.afterSpread->min);
    const QString spreadValue = formatMetricValue(spread, def.unit);
    Closeness c;
    c.unchanged = d == 0;
    c.withinNoise = c.contextQuiet = std::abs(d) <= spread;
    c.withinText = c.unchanged ? QStringLiteral("equal medians")
                               : QStringLiteral("within run-to-run spread (±%1)").arg(spreadValue);
    c.brokenText =
        QStringLiteral("expected unchanged but it moved beyond the run-to-run spread (±%1)").arg(spreadValue);
    c.movedText = QStringLiteral("beyond the run-to-run spread (±%1)").arg(spreadValue);
    return c;
}

// One capture per side: the noise thresholds of the metric's kind. A single capture's timing
// within 5 % is within noise but not unchanged (digest §0.3 item 5): only an equal one is.
Closeness againstNoise(const MetricComparison &m, const MetricDefinition &def, const NoiseThresholds &noise)
{
    const double d = *m.delta;
    Closeness c;
    switch (def.kind) {
    case MetricKind::Count:
        c.withinNoise = c.unchanged = d == 0;
        c.withinText = QStringLiteral("counts are exact");
        break;
    case MetricKind::Timing:
        c.withinNoise = *m.before == 0 ? d == 0 : std::abs(d) < noise.timingRelative * std::abs(*m.before);
        c.unchanged = d == 0;
        c.withinText =
            d == 0
                ? QStringLiteral("equal")
                : QStringLiteral("within noise (|Δ| < %1 of Before)").arg(percentText(noise.timingRelative));
        break;
    case MetricKind::Share:
        c.withinNoise = c.unchanged = std::abs(d) < noise.shareAbsolute;
        c.withinText = d == 0
                           ? QStringLiteral("equal")
                           : QStringLiteral("within noise (|Δ| < %1)").arg(pointsText(noise.shareAbsolute));
        break;
    }
    c.contextQuiet = c.unchanged;
    c.brokenText = QStringLiteral("expected unchanged but it moved");
    return c;
}

// A side's values of one metric over its runs, and why it has none.
struct SideValues
{
    std::vector<double> runs;
    QString absentBecause;
};

SideValues sideValues(const std::vector<ComparedRun> &side, const QString &id)
{
    SideValues out;
    if (side.size() == 1) {
        out.runs = benchRoundValues(*side.front().capture, id);
        if (!out.runs.empty())
            return out;
    }
    for (const ComparedRun &r : side) {
        if (const auto v = r.metrics->value(id))
            out.runs.push_back(*v);
        else if (out.absentBecause.isEmpty())
            out.absentBecause = r.metrics->absentBecause(id);
    }
    return out;
}

RunSpread spreadOf(const std::vector<double> &v)
{
    RunSpread s;
    s.runs = int(v.size());
    s.min = *std::min_element(v.begin(), v.end());
    s.max = *std::max_element(v.begin(), v.end());
    if (v.size() > 1) {
        double mean = 0, sq = 0;
        for (double x : v)
            mean += x;
        mean /= double(v.size());
        for (double x : v)
            sq += (x - mean) * (x - mean);
        s.stdev = std::sqrt(sq / double(v.size() - 1));
    }
    return s;
}

// Whether two values differ by less than what the metric can resolve: one clock tick for a time,
// floating-point rounding for anything else (a count is exact, a ratio of equal sums equal). The
// same run compared with itself at another time offset then reads "unchanged", not −2.7e-15.
bool withinResolution(double before, double after, const MetricDefinition &def, const Guard &guard)
{
    const double d = std::abs(after - before);
    if (def.unit == QStringLiteral("µs"))
        return d < guard.tickUs;
    return d <= 1e-9 * std::max(std::abs(before), std::abs(after));
}

MetricComparison compareOne(const ConfirmationMetric &cm, const std::vector<ComparedRun> &before,
                            const std::vector<ComparedRun> &after, const Guard &guard,
                            const NoiseThresholds &noise)
{
    MetricComparison out;
    out.id = cm.metric;
    out.expected = cm.expected;
    out.reason = cm.note;
    const MetricDefinition *def = metricDefinition(cm.metric);
    if (!def) {
        out.name = cm.metric;
        out.verdict = Verdict::NotComparable;
        out.reason = QStringLiteral("unknown metric");
        return out;
    }
    out.name = def->name;
    out.unit = def->unit;
    const SideValues b = sideValues(before, cm.metric), a = sideValues(after, cm.metric);
    out.beforeRuns = b.runs;
    out.afterRuns = a.runs;
    if (!b.runs.empty()) {
        out.before = medianOf(b.runs);
        out.beforeSpread = spreadOf(b.runs);
    }
    if (!a.runs.empty()) {
        out.after = medianOf(a.runs);
        out.afterSpread = spreadOf(a.runs);
    }
    if (out.before && out.after) {
        out.delta = withinResolution(*out.before, *out.after, *def, guard) ? 0.0 : *out.after - *out.before;
        if (*out.before != 0)
            out.deltaRelative = *out.delta / std::abs(*out.before);
    }

    auto notComparable = [&](const QString &why) {
        out.verdict = Verdict::NotComparable;
        out.reason = why;
        return out;
    };
    // Level-gated values need the level on both sides: a value one level cannot give is not compared.
    const int lower = std::min(guard.beforeLevel, guard.afterLevel);
    if (def->needs.level > lower)
        return notComparable(QStringLiteral("needs level ≥ %1: %2 is level %3")
                                 .arg(def->needs.level)
                                 .arg(guard.beforeLevel < def->needs.level ? QStringLiteral("Before")
                                                                           : QStringLiteral("After"))
                                 .arg(lower));
    if (!out.before)
        return notComparable(QStringLiteral("Before: ") + b.absentBecause);
    if (!out.after)
        return notComparable(QStringLiteral("After: ") + a.absentBecause);
    if (guard.timingRuledOut && def->kind != MetricKind::Count)
        return notComparable(guard.timingReason);

    const bool repeated = b.runs.size() > 1 || a.runs.size() > 1;
    return judge(cm, *def, out, guard, repeated ? againstSpread(out, *def) : againstNoise(out, *def, noise));
}

// A side's runs that lack rows for tasks their graph lists: a capture cut short, or a buffer lost.
// Such a side ends early or runs light, and its timings would read as a win; the guard says so.
QStringList missingWork(const std::vector<ComparedRun> &side, const QString &name)
{
    QStringList out;
    for (std::size_t i = 0; i < side.size(); ++i) {
        const MetricSet &m = *side[i].metrics;
        const double missing = m.value(QStringLiteral("M1.tasks_without_rows")).value_or(0);
        if (missing <= 0)
            continue;
        const double listed = missing + m.value(QStringLiteral("M1")).value_or(0);
        const QString which = side.size() > 1 ? QStringLiteral("%1 run %2").arg(name).arg(i + 1) : name;
        out << QStringLiteral("%1: %2 of %3 tasks have no rows (cut short?); its timings lack that work")
                   .arg(which, formatMetricValue(missing, QString()), formatMetricValue(listed, QString()));
    }
    return out;
}

} // namespace

bool CaptureComparison::any(Verdict v) const
{
    return std::any_of(metrics.begin(), metrics.end(),
                       [v](const MetricComparison &m) { return m.verdict == v; });
}

CaptureComparison compareCaptures(const Capture &before, const MetricSet &beforeMetrics, const Capture &after,
                                  const MetricSet &afterMetrics, const TechniqueCatalogue &catalogue,
                                  const QString &technique, const CompareOptions &options)
{
    return compareCaptures(std::vector<ComparedRun>{{&before, &beforeMetrics}},
                           std::vector<ComparedRun>{{&after, &afterMetrics}}, catalogue, technique, options);
}

CaptureComparison compareCaptures(const std::vector<ComparedRun> &before,
                                  const std::vector<ComparedRun> &after, const TechniqueCatalogue &catalogue,
                                  const QString &technique, const CompareOptions &options)
{
    CaptureComparison out;
    if (before.empty() || after.empty()) {
        out.comparable = false;
        out.reasons << QStringLiteral("%1 has no capture")
                           .arg(before.empty() ? QStringLiteral("Before") : QStringLiteral("After"));
        return out;
    }
    const Guard guard = runGuard(*before.front().capture, *after.front().capture, options);
    out.reasons = guard.problems + missingWork(before, QStringLiteral("Before")) +
                  missingWork(after, QStringLiteral("After"));
    out.comparable = out.reasons.isEmpty();
    out.beforeRuns = int(before.size());
    out.afterRuns = int(after.size());

    const Technique *t =
        technique.isEmpty() || technique == QLatin1String("general") ? nullptr : catalogue.find(technique);
    out.technique = t ? t->id : QStringLiteral("general");
    const std::vector<ConfirmationMetric> &metrics = t ? t->confirmation : catalogue.generalMetrics();
    for (const ConfirmationMetric &cm : metrics)
        out.metrics.push_back(compareOne(cm, before, after, guard, options.noise));

    // A host-dominated side: the chapter's R0 rule, whichever technique is compared.
    const QString note = hostDominatedNote();
    for (const auto &[side, name] :
         {std::pair{&before, QStringLiteral("Before")}, std::pair{&after, QStringLiteral("After")}}) {
        const SideValues share = sideValues(*side, QStringLiteral("M21"));
        if (!share.runs.empty() && medianOf(share.runs) >= kHostDominatedShare)
            out.notes << QStringLiteral("%1: host-side share %2 — %3")
                             .arg(name, formatMetricValue(medianOf(share.runs), QStringLiteral("share")),
                                  note);
    }
    if (!out.notes.isEmpty())
        for (MetricComparison &m : out.metrics)
            if (m.id == QLatin1String("M21"))
                m.reason += (m.reason.isEmpty() ? QString() : QStringLiteral("; ")) + note;
    return out;
}

} // namespace lanescope
