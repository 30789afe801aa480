#pragma once

#include "capture.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// Display names of the spec §6, character for character the reference converter's, so that labels
// can be compared with merged traces and the converter's summary tables.

// The shown form of a task id (supplement §8):
// * RingLocal: "r<ring>t<local>" on every ring, ring 0 included ("r0t5"); only the low 8 bits of the
//   ring are shown. Old traces spelled ring 0 "t<local>"; parseTaskDisplayId() still reads that.
// * HbgGlobal: "t<local>".
// * HbgInGraph: space 0 "t<low>", space 1 "g<graph>t<node>" with graph = low >> 10, node = low & 0x3FF.
// * HbgSubTask: space 0 "t<local>", 1 "g<parent>t<local>", 2 "p<local>".
// An id the layout cannot decode (the invalid UINT64_MAX, a reserved space) shows as "?<decimal id>".
QString taskDisplayId(std::uint64_t taskId, TaskIdFormat layout = TaskIdFormat::RingLocal);

// The inverse of taskDisplayId, case-insensitive; also the old ring-0 spelling "t<local>" and a plain
// decimal id. Nothing for text that is not a task id of that layout.
std::optional<std::uint64_t> parseTaskDisplayId(QStringView text,
                                                TaskIdFormat layout = TaskIdFormat::RingLocal);

// Whether the task id layout of a capture written by `runtime` (metadata.runtime) depends on its
// ids: only host_build_graph's does. Elsewhere the ids need not be gathered.
bool taskIdLayoutDependsOnIds(const QString &runtime);

// The layout of a capture written by `runtime` (metadata.runtime) whose task ids are `ids`. Only
// host_build_graph has a choice, decided by supplement §8 "Telling them apart": an id with space 1 or
// 2 in bits 63:62 means the new layout, else an id with high word 1 the old one, else all ids below
// 2^32 are layout-neutral. UINT64_MAX (invalid in both layouts) is ignored. `fitsNeither` is set when
// the ids are corrupt in both layouts; the newest layout is returned then.
TaskIdFormat taskIdFormatFor(const QString &runtime, const std::vector<std::uint64_t> &ids,
                             bool *fitsNeither = nullptr);

// The name map entry for `funcId`, else "func_<n>_<letters>" with <letters> the bijective base-26
// spelling of n + 1 (0 -> a, 25 -> z, 26 -> aa). Unresolved (negative) ids have no letters: "func_-1_".
QString functionName(int funcId, const NameMap &names);

// Task bar label (rules 1-4): task(<tdisp>) when unresolved, <name>(<tdisp>) from the name map,
// else func_<n>_<letters>(<tdisp>); SPMD tasks (§4.3) get "_spmd" before the first '(' unless the
// part before it already mentions "spmd" in any case.
QString taskLabel(const Capture &capture, const TaskRow &row);

QString dummyLabel(std::uint64_t taskId, TaskIdFormat layout = TaskIdFormat::RingLocal); // "dummy(<tdisp>)"
QString allocLabel(std::uint64_t taskId, TaskIdFormat layout = TaskIdFormat::RingLocal); // "alloc(<tdisp>)"

// Scheduler bars: "<phase>(<tasks_processed>)".
QString schedulerPhaseLabel(const QString &phase, std::uint32_t tasksProcessed);

// AICore-producer scheduler bars (supplement §7): "<Display>(<tdisp>)" when the record names a task,
// e.g. "StateProbe(t23)", else the display name alone ("bootstrap", "idle").
QString aicoreSchedulerLabel(const QString &phase, const PhaseRecord &record,
                             TaskIdFormat layout = TaskIdFormat::RingLocal);

// Orchestrator bars: the phase without its "orch_" prefix, then the task's tdisp, or the submit
// index when the record carries no task id. Current captures only have "orch_submit"; legacy
// per-step phases (orch_alloc, orch_fanin …) take the two-argument form.
QString orchestratorLabel(const PhaseRecord &record, TaskIdFormat layout = TaskIdFormat::RingLocal);
QString orchestratorLabel(const QString &phase, const PhaseRecord &record,
                          TaskIdFormat layout = TaskIdFormat::RingLocal);

} // namespace lanescope
