#pragma once

#include "capture.h"

#include <QString>
#include <cstdint>

namespace lanescope {

// Display names of the spec §6, character for character the reference converter's, so that labels
// can be compared with merged traces and the converter's summary tables.

// "t<local>" on ring 0, else "r<ring>t<local>"; only the low 8 bits of the ring are shown.
QString taskDisplayId(std::uint64_t taskId);

// The name map entry for `funcId`, else "func_<n>_<letters>" with <letters> the bijective base-26
// spelling of n + 1 (0 -> a, 25 -> z, 26 -> aa). Unresolved (negative) ids have no letters: "func_-1_".
QString functionName(int funcId, const NameMap &names);

// Task bar label (rules 1-4): task(<tdisp>) when unresolved, <name>(<tdisp>) from the name map,
// else func_<n>_<letters>(<tdisp>); SPMD tasks (§4.3) get "_spmd" before the first '(' unless the
// part before it already mentions "spmd" in any case.
QString taskLabel(const Capture &capture, const TaskRow &row);

QString dummyLabel(std::uint64_t taskId); // "dummy(<tdisp>)"
QString allocLabel(std::uint64_t taskId); // "alloc(<tdisp>)"

// Scheduler bars: "<phase>(<tasks_processed>)".
QString schedulerPhaseLabel(const QString &phase, std::uint32_t tasksProcessed);

// AICore-producer scheduler bars (supplement §7): "<Display>(<tdisp>)" when the record names a task,
// e.g. "StateProbe(t23)", else the display name alone ("bootstrap", "idle").
QString aicoreSchedulerLabel(const QString &phase, const PhaseRecord &record);

// Orchestrator bars: the phase without its "orch_" prefix, then the task's tdisp, or the submit
// index when the record carries no task id. Current captures only have "orch_submit"; legacy
// per-step phases (orch_alloc, orch_fanin …) take the two-argument form.
QString orchestratorLabel(const PhaseRecord &record);
QString orchestratorLabel(const QString &phase, const PhaseRecord &record);

} // namespace lanescope
