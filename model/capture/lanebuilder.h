#pragma once

#include "capture.h"

#include <optional>

namespace lanescope {

// Lays a loaded records capture out as display lanes (spec §0 step 5, §7.1–7.3): Host, Orchestrator,
// AICPU Scheduler (or AICore Scheduler, supplement §7), Scheduler View and AICore groups, showing only
// what the capture's level recorded, then the AICPU Lifecycle lanes (supplement §7).
// Also derives the shared ready-queue counter (§7.4, supplement §7 "Queue counter"). Expects rows with
// resolved function ids.
void buildLanes(Capture &capture);

// Host spans from a [STRACE] log: one lane per (pid, tid), device-clock spans on their own lanes.
// Host time has no recorded relation to device cycles (§9.1): these lanes are marked unaligned
// unless CaptureInfo::hostPlacement maps the host clock onto the device axis (upstream §2, §3),
// which then also places the clk=dev spans of the invocation containment matched.
void buildHostLogLanes(Capture &capture);

// Where the bar of `row` starts on its core's lane of `kind`: on the AICore (Worker) lane at its
// receive when recorded, else its start; on the Scheduler View lane at its dispatch, for a row with
// AICPU timing. Nothing for a row without a bar there, or another kind of lane.
std::optional<double> barStartOfRow(const TaskRow &row, LaneKind kind);

// The scheduler lanes' group: "AICore Scheduler" when the non-empty stream producers are exactly
// {aicore} (supplement §7 "Process"), else "AICPU Scheduler".
QString schedulerGroupOf(const Capture &capture);

// Display group names, in display order.
namespace groups {
inline const QString host = QStringLiteral("Host");
inline const QString orchestrator = QStringLiteral("Orchestrator");
inline const QString scheduler = QStringLiteral("AICPU Scheduler");
inline const QString aicoreScheduler = QStringLiteral("AICore Scheduler"); // AICore-resident schedulers only
inline const QString schedulerView = QStringLiteral("Scheduler View");
inline const QString aicore = QStringLiteral("AICore");
inline const QString lifecycle = QStringLiteral("AICPU Lifecycle");
inline const QString launches = QStringLiteral("Kernel Launches");
} // namespace groups

} // namespace lanescope
