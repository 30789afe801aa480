#pragma once

#include "generatoroptions.h"
#include "simulatedrun.h"

#include <QString>

namespace lanescope {

// The host's stderr for one simpler_run invocation (§9.1): ordinary log lines, one [CLOCK_ANCHOR]
// line, and the [STRACE] span tree printed on scope exit (children before parents). Device
// sub-phases carry clk=dev and are placed from the simulated orchestrator and scheduler windows.
// Returns the number of [STRACE] records written, or -1 when the file could not be written.
int writeHostLog(const SimulatedRun &run, const GeneratorOptions &options, const QString &path);

} // namespace lanescope
