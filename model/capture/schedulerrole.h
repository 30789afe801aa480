#pragma once

#include "phaserecord.h"
#include "stringtable.h"

#include <QString>
#include <cstddef>
#include <vector>

namespace lanescope {

// Supplement §6.2 Role: a thread that only resolves, and whose resolves stand alone or that owns no
// core while other threads do, is a resolution thread "P"; every other thread is a scheduler "S".
// The lanes (which records feed the ready-queue counter, supplement §7) and the Part 5 budget both
// depend on it, so the rule is decided here, once, below both of them.
enum class SchedulerRole { Scheduler, Resolve };
QString roleName(SchedulerRole role); // "S scheduler", "P resolve"

// For each record of `byStart` (one thread's records, sorted by start): whether it is a resolve that
// ends inside the last complete or dummy starting before it, i.e. is part of that bar rather than
// work of its own. Kinds outside `phaseKinds` are never nested.
std::vector<bool> nestedResolves(const std::vector<const PhaseRecord *> &byStart,
                                 const StringTable &phaseKinds);

// The role of scheduler thread `thread` (core_to_thread space) from the records it ran, sorted by
// start, and their nesting as nestedResolves gives it. A thread is unassigned when core_to_thread
// gives some core a thread and none to this one.
SchedulerRole schedulerRole(const std::vector<const PhaseRecord *> &byStart, const std::vector<bool> &nested,
                            const StringTable &phaseKinds, const std::vector<int> &coreToThread,
                            std::size_t thread);

// The same for all records of a thread, in any order.
SchedulerRole schedulerRoleOf(const PhaseLane &records, const StringTable &phaseKinds,
                              const std::vector<int> &coreToThread, std::size_t thread);

} // namespace lanescope
