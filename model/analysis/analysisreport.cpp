#include "analysisreport.h"

#include <algorithm>

namespace lanescope {

AnalysisReport analyze(const Capture &capture, std::optional<AnalysisRange> range)
{
    AnalysisReport report;
    report.range = range;
    report.functions = range ? functionSummary(capture, range->startUs, range->endUs) : functionSummary(capture);

    const AnalysisInput in = buildAnalysisInput(capture, range);
    report.level = in.level;
    report.rows = in.rows.size();
    report.rowsWithoutAicpu = in.rowsWithoutAicpu;
    auto absent = [&](const QString &figure, const QString &reason) { report.absent.emplace(figure, reason); };

    // The observed path reads AICore rows only, so it also works at level 1.
    // Rows that lost their AICPU record still ran on their core; only then is a second input needed.
    const bool separate = in.rowsWithoutAicpu > 0;
    const AnalysisInput aicoreInput = separate ? buildAnalysisInput(capture, range, false) : AnalysisInput();
    const AnalysisInput &aicore = separate ? aicoreInput : in;
    if (aicore.rows.empty())
        absent(figures::observedCriticalPath, reasons::noRows);
    else
        report.observedPath = observedCriticalPath(aicore);

    const QString levelTwoReason = in.level < 2 ? reasons::needsLevel2 : in.rows.empty() ? reasons::noRows : QString();
    if (!levelTwoReason.isEmpty()) {
        for (const QString &f : {figures::totalTestTime, figures::overhead, figures::switchCost, figures::headOh,
                                 figures::tailOh, figures::criticalPath})
            absent(f, levelTwoReason);
    } else {
        // Spec §12.1 footer over the rows analysed: max(finish) − min(dispatch).
        double first = in.rows.front()->dispatchUs, last = in.rows.front()->finishUs;
        for (const TaskRow *r : in.rows) {
            first = std::min(first, r->dispatchUs);
            last = std::max(last, r->finishUs);
        }
        report.totalTestTimeUs = last - first;
        if (in.hasDeps) {
            report.overhead = overheadFigures(in);
            report.criticalPath = criticalPathAttribution(in);
        } else {
            absent(figures::overhead, reasons::needsDeps);
            absent(figures::criticalPath, reasons::needsDeps);
        }
        report.switchCost = switchFigures(in, report.overhead ? &report.overhead->waitingIntervals : nullptr);
        report.headOh = distributionOf(headOverheads(in));
        report.tailOh = distributionOf(tailOverheads(in));
    }

    if (in.level < 3) {
        absent(figures::schedLoop, reasons::needsLevel3);
    } else {
        report.schedLoop = schedulerLoopBudget(capture, in, range,
                                               report.tailOh ? std::optional<double>(report.tailOh->meanUs) : std::nullopt);
        if (!report.schedLoop)
            absent(figures::schedLoop, reasons::noWorkRecords);
    }
    return report;
}

} // namespace lanescope
