#pragma once

#include "capture.h"

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
} // namespace groups

} // namespace lanescope
