#include "analysisreport.h"

#include <algorithm>

namespace lanescope {

QString figureDescription(const QString &figure)
{
    if (figure == QLatin1String("functions"))
        return QStringLiteral(
            "Per function: Count and Avg Exec over every row; Avg Latency, Exec%, Head and Tail OH over the "
            "rows "
            "with scheduler timing only (newest reference). The older reference divided by Count and left "
            "rows without AICPU timing out altogether.");
    if (figure == figures::dispatchToStart)
        return QStringLiteral(
            "Σ and max of start − dispatch over the rows with scheduler timing (newest reference; "
            "the older one had no such line).");
    if (figure == figures::schedLoop)
        return QStringLiteral(
            "Every OUTER phase (complete, async_poll, state_probe, dispatch, worksteal, refill, release, "
            "dummy, "
            "early_dispatch, drain, graph_prepare) and each resolve outside a complete/dummy is work, the "
            "gaps "
            "between them idle; threads are S (scheduler) or P (resolve), and loop time and detection delay "
            "use S threads only (newest reference). The older reference counted complete, async_poll and "
            "dispatch only. At level 2 the newest reference still runs the report and says phase records "
            "are unavailable.");
    if (figure == figures::criticalPath)
        return QStringLiteral(
            "Greedy backward walk from the last-finishing task; the span starts at the root's dispatch "
            "and the root's head still counts as scheduler time (newest reference). The older reference "
            "started the span at the root's kernel start.");
    if (figure == figures::aicoreSchedLoop)
        return QStringLiteral(
            "AICore-resident scheduler: records and time per phase over every stream, measured "
            "idle and bootstrap included; no loop, pop or fan figures (newest reference).");
    return {};
}

AnalysisReport analyze(const Capture &capture, std::optional<AnalysisRange> range,
                       const CancelCheck &cancelled)
{
    return analyze(AnalysisInputs(capture, range), cancelled);
}

AnalysisReport analyze(const AnalysisInputs &inputs, const CancelCheck &cancelled)
{
    const Capture &capture = inputs.capture();
    const std::optional<AnalysisRange> &range = inputs.range();
    AnalysisReport report;
    report.range = range;
    if (cancelled())
        return report;
    report.functions =
        range ? functionSummary(capture, range->startUs, range->endUs) : functionSummary(capture);

    if (cancelled())
        return report;
    const AnalysisInput &in = inputs.timed();
    report.level = in.level;
    report.rows = in.rows.size();
    report.rowsWithoutAicpu = in.rowsWithoutAicpu;
    auto absent = [&](const QString &figure, const QString &reason) {
        report.absent.emplace(figure, reason);
    };

    // The observed path reads AICore rows only, so it also works at level 1.
    // Rows that lost their AICPU record still ran on their core; only then is a second input needed.
    if (cancelled())
        return report;
    const AnalysisInput &aicore = inputs.every();
    if (aicore.rows.empty())
        absent(figures::observedCriticalPath, reasons::noRows);
    else
        report.observedPath = observedCriticalPath(aicore);

    if (cancelled())
        return report;
    const QString levelTwoReason = in.level < 2      ? reasons::needsLevel2
                                   : in.rows.empty() ? reasons::noRows
                                                     : QString();
    if (!levelTwoReason.isEmpty()) {
        for (const QString &f : {figures::totalTestTime, figures::overhead, figures::switchCost,
                                 figures::headOh, figures::tailOh, figures::criticalPath})
            absent(f, levelTwoReason);
    } else {
        // Spec §12.1 footer over the rows analysed: max(finish) − min(dispatch).
        double first = in.rows.front()->dispatchUs, last = in.rows.front()->finishUs;
        for (const TaskRow *r : in.rows) {
            first = std::min(first, r->dispatchUs);
            last = std::max(last, r->finishUs);
        }
        report.totalTestTimeUs = last - first;
        if (cancelled())
            return report;
        if (in.hasDeps) {
            report.overhead = overheadFigures(in);
            if (cancelled())
                return report;
            report.criticalPath = criticalPathAttribution(in);
        } else {
            absent(figures::overhead, reasons::needsDeps);
            absent(figures::criticalPath, reasons::needsDeps);
        }
        if (cancelled())
            return report;
        report.switchCost = switchFigures(in, report.overhead ? &report.overhead->waitingIntervals : nullptr);
        report.headOh = distributionOf(headOverheads(in));
        report.tailOh = distributionOf(tailOverheads(in));
    }

    if (cancelled())
        return report;
    // Part 5: one producer only; its variant decides the figure (supplement §6.2).
    const QStringList producers = schedulerProducers(capture);
    const bool aicoreProducer = producers == QStringList{QStringLiteral("aicore")};
    const QString levelThreeReason = in.level < 2           ? reasons::needsLevel3
                                     : in.level < 3         ? reasons::phasesUnavailableAtLevel2
                                     : producers.size() > 1 ? reasons::mixedProducers
                                                            : QString();
    // Only the producer's own variant is reported missing; the other one does not apply.
    if (!levelThreeReason.isEmpty()) {
        absent(aicoreProducer ? figures::aicoreSchedLoop : figures::schedLoop, levelThreeReason);
    } else if (aicoreProducer) {
        absent(figures::schedLoop, reasons::aicoreProducer);
        report.aicoreSchedLoop = aicoreSchedulerBreakdown(capture, range);
        if (!report.aicoreSchedLoop)
            absent(figures::aicoreSchedLoop, reasons::noWorkRecords);
    } else {
        report.schedLoop = schedulerLoopBudget(
            capture, in, range, report.tailOh ? std::optional<double>(report.tailOh->meanUs) : std::nullopt);
        if (!report.schedLoop)
            absent(figures::schedLoop, reasons::noWorkRecords);
    }
    return report;
}

} // namespace lanescope
