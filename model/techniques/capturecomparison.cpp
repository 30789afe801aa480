#include "capturecomparison.h"

#include "model/analysis/analysisinput.h"

#include <cmath>

namespace lanescope {

QString verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Improved:
        return QStringLiteral("improved");
    case Verdict::Regressed:
        return QStringLiteral("regressed");
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

QString percent(double fraction)
{
    return QString::number(fraction * 100, 'g', 3) + u'%';
}

MetricComparison compareOne(const ConfirmationMetric &cm, const MetricSet &before, const MetricSet &after,
                            const Guard &guard, const NoiseThresholds &noise)
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
    out.before = before.value(cm.metric);
    out.after = after.value(cm.metric);
    if (out.before && out.after) {
        out.delta = *out.after - *out.before;
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
        return notComparable(QStringLiteral("Before: ") + before.absentBecause(cm.metric));
    if (!out.after)
        return notComparable(QStringLiteral("After: ") + after.absentBecause(cm.metric));
    if (guard.timingRuledOut && def->kind != MetricKind::Count)
        return notComparable(guard.timingReason);

    const double d = *out.delta;
    bool withinNoise = false;
    QString noiseText;
    switch (def->kind) {
    case MetricKind::Count:
        withinNoise = d == 0;
        noiseText = QStringLiteral("unchanged (counts are exact)");
        break;
    case MetricKind::Timing:
        withinNoise = *out.before == 0 ? d == 0 : std::abs(d) < noise.timingRelative * std::abs(*out.before);
        noiseText = QStringLiteral("within noise (|Δ| < %1 of Before)").arg(percent(noise.timingRelative));
        break;
    case MetricKind::Share:
        withinNoise = std::abs(d) < noise.shareAbsolute;
        noiseText = QStringLiteral("within noise (|Δ| < %1)").arg(noise.shareAbsolute);
        break;
    }
    const QString shape = guard.shapeOnly && def->kind != MetricKind::Count
                              ? QStringLiteral(" (simulator runs: schedule shape only)")
                              : QString();
    switch (cm.expected) {
    case ExpectedDirection::Report:
        out.verdict = Verdict::Inconclusive;
        out.reason = QStringLiteral("shown for context, no expected direction") +
                     (cm.note.isEmpty() ? QString() : QStringLiteral(": ") + cm.note);
        return out;
    case ExpectedDirection::Unchanged:
        out.verdict = withinNoise ? Verdict::Improved : Verdict::Regressed;
        out.reason = (withinNoise ? QStringLiteral("held as expected: ") + noiseText
                                  : QStringLiteral("expected unchanged but it moved")) +
                     shape;
        return out;
    case ExpectedDirection::Decrease:
    case ExpectedDirection::Increase:
        if (withinNoise) {
            out.verdict = Verdict::Inconclusive;
            out.reason = noiseText + shape;
            return out;
        }
        const bool wanted = cm.expected == ExpectedDirection::Decrease ? d < 0 : d > 0;
        out.verdict = wanted ? Verdict::Improved : Verdict::Regressed;
        out.reason = (cm.note.isEmpty() ? QString() : cm.note) + shape;
        return out;
    }
    return out;
}

} // namespace

CaptureComparison compareCaptures(const Capture &before, const MetricSet &beforeMetrics, const Capture &after,
                                  const MetricSet &afterMetrics, const TechniqueCatalogue &catalogue,
                                  const QString &technique, const CompareOptions &options)
{
    CaptureComparison out;
    const Guard guard = runGuard(before, after, options);
    out.reasons = guard.problems;
    out.comparable = guard.problems.isEmpty();

    const Technique *t =
        technique.isEmpty() || technique == QLatin1String("general") ? nullptr : catalogue.find(technique);
    out.technique = t ? t->id : QStringLiteral("general");
    const std::vector<ConfirmationMetric> &metrics = t ? t->confirmation : catalogue.generalMetrics();
    for (const ConfirmationMetric &cm : metrics)
        out.metrics.push_back(compareOne(cm, beforeMetrics, afterMetrics, guard, options.noise));
    return out;
}

} // namespace lanescope
