#pragma once

#include "aicoreschedulerbreakdown.h"
#include "analysisinputs.h"
#include "analysisrange.h"
#include "cancelcheck.h"
#include "criticalpath.h"
#include "functionsummary.h"
#include "ohdistribution.h"
#include "overheadanalysis.h"
#include "schedulerloopbudget.h"
#include "switchanalysis.h"

#include <QString>
#include <map>
#include <optional>

namespace lanescope {

// Figure names: the keys of `lanescope analyze --json` and of AnalysisReport::absent.
namespace figures {
inline const QString totalTestTime = QStringLiteral("total_test_time_us");
inline const QString overhead = QStringLiteral("overhead");
inline const QString switchCost = QStringLiteral("switch");
inline const QString headOh = QStringLiteral("head_oh");
inline const QString tailOh = QStringLiteral("tail_oh");
inline const QString schedLoop = QStringLiteral("sched_loop");
inline const QString aicoreSchedLoop = QStringLiteral("sched_loop_aicore");
inline const QString dispatchToStart = QStringLiteral("dispatch_to_start");
inline const QString criticalPath = QStringLiteral("critical_path");
inline const QString observedCriticalPath = QStringLiteral("observed_critical_path");
} // namespace figures

// Everything of spec §12 for one capture (or one region of it). A figure the capture cannot give
// is empty, never zero, and `absent` says why under the figure's name.
//
// Levels each figure needs: functions (counts, exec) 1, their latency/head/tail columns 2;
// total_test_time, overhead, switch, head_oh, tail_oh, critical_path 2 (dispatch and finish);
// sched_loop 3 (scheduler phases); observed_critical_path 1. Overhead and critical_path also need
// the dependency graph; switch, sched_loop and the observed path use it when present.
struct AnalysisReport
{
    std::optional<AnalysisRange> range;
    int level = 1;
    std::size_t rows = 0;             // rows the figures were computed on
    std::size_t rowsWithoutAicpu = 0; // level >= 2 rows left out for lack of AICPU timing
    FunctionSummary functions;        // §12.1
    std::optional<double> totalTestTimeUs;
    std::optional<OverheadFigures> overhead;
    std::optional<SwitchFigures> switchCost;
    std::optional<Distribution> headOh;
    std::optional<Distribution> tailOh;
    std::optional<SchedulerLoopBudget> schedLoop;            // AICPU producer
    std::optional<AicoreSchedulerBreakdown> aicoreSchedLoop; // AICore producer (supplement §6.2)
    std::optional<CriticalPathAttribution> criticalPath;
    std::optional<ObservedCriticalPath> observedPath;
    std::map<QString, QString> absent; // figure name -> reason

    QString absenceOf(const QString &figure) const
    {
        auto it = absent.find(figure);
        return it == absent.end() ? QString() : it->second;
    }
};

namespace reasons {
inline const QString needsLevel2 = QStringLiteral("needs level ≥ 2: AICPU dispatch/finish were not captured");
inline const QString needsLevel3 = QStringLiteral("needs level ≥ 3: scheduler phases were not captured");
// The newest reference's own words for Part 5 at level 2 (supplement §6.2).
inline const QString phasesUnavailableAtLevel2 =
    QStringLiteral("phase records unavailable at chip-swimlane Level 2; capture Level >= 3 for this section");
inline const QString mixedProducers =
    QStringLiteral("mixed AICPU/AICore scheduler producers are unsupported");
inline const QString aicoreProducer =
    QStringLiteral("AICore-resident scheduler: see the AICore phase breakdown");

inline const QString needsDeps = QStringLiteral("needs deps.json: no dependency graph was loaded");
inline const QString noRows = QStringLiteral("no task rows in the range");
inline const QString noWorkRecords =
    QStringLiteral("no complete/async_poll/dispatch scheduler records in the range");
} // namespace reasons

// What a figure means, where the newest reference (supplement §6) and the older one (spec §12)
// disagree saying which is followed; empty for figures without such a note. For tooltips.
QString figureDescription(const QString &figure);

// Pure: the same capture and range always give the same report. O(n log n) in rows and records.
// `cancelled` is looked at between the figures; once it says so the report is left incomplete.
AnalysisReport analyze(const Capture &capture, std::optional<AnalysisRange> range = std::nullopt,
                       const CancelCheck &cancelled = {});
// The same over inputs built once for the whole analysis of a run (analysisinputs.h).
AnalysisReport analyze(const AnalysisInputs &inputs, const CancelCheck &cancelled = {});

} // namespace lanescope
