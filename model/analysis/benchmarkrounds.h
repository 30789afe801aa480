#pragma once

#include "model/capture/hostspans.h"

#include <QString>
#include <cstdint>
#include <vector>

namespace lanescope {

// One measured launch of an N-round benchmark: one (pid, inv) group of the host log.
struct BenchmarkRound
{
    std::int64_t pid = 0;
    std::int64_t inv = 0;
    QString hid;
    double hostWallUs = 0;   // dur(ROOT) / 1000, 0 when the group has no ROOT span
    double deviceWallUs = 0; // dur(ROOT.runner_run.device_wall) / 1000, 0 when absent
};

struct BenchmarkRounds
{
    QString root; // the ROOT name the rounds use ("chip.run", …), empty without rounds
    std::vector<BenchmarkRound> rounds; // the busiest hid's launches, in inv order, warmup dropped
    int hidBuckets = 0;                 // how many hids the launches fell into
};

// The per-round host and device wall times of a [STRACE] log, as PyPTO's L2 parse builds
// BenchmarkStats (perf-hints §C.3, distributed=False):
//   1. drop spans named "l3." "node." "network1." "network2." "network3." "ext." …;
//   2. keep the invocation spans: those of a ROOT family, ROOT itself or "ROOT.…", for the three
//      root names of §C.7 ("chip.run", "simpler_run", "run_prepared");
//   3. group by (pid, inv); bucket the groups by hid (lowercased) and take the largest bucket
//      (on a tie, the one whose first launch comes first), ordered by inv;
//   4. drop the first `warmup` launches; each remaining one is a round: host = dur(ROOT) / 1000,
//      device = dur(ROOT.runner_run.device_wall) / 1000, 0.0 for a span that is absent.
// Within a group ROOT is the first of the three names present; a name repeated inside one group
// counts with its earliest ts (simpler's Invocation.by_name). Like the parser, nothing checks the
// count against the requested rounds: lost records make the list shorter. The log does not carry
// `warmup`; it is the user's (0 keeps every launch).
BenchmarkRounds benchmarkRounds(const HostLog &log, int warmup = 0);

} // namespace lanescope
