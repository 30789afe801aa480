#include "launchboundaries.h"

#include "model/io/placement/capturetimebase.h"

#include <algorithm>

namespace lanescope {

namespace {

bool launchesTold(const RawRecords &raw)
{
    return raw.droppedRunBoundaries.value_or(0) == 0 && raw.unreadableRunBoundaries == 0 &&
           raw.launchBoundaries.size() >= 2;
}

// In start order; boundaries that start together keep their file order.
std::vector<RawLaunchBoundary> boundariesByStart(const RawRecords &raw)
{
    std::vector<RawLaunchBoundary> sorted = raw.launchBoundaries;
    std::stable_sort(
        sorted.begin(), sorted.end(),
        [](const RawLaunchBoundary &a, const RawLaunchBoundary &b) { return a.startCycles < b.startCycles; });
    return sorted;
}

} // namespace

std::vector<std::uint64_t> launchStartCycles(const RawRecords &raw)
{
    std::vector<std::uint64_t> starts;
    if (!launchesTold(raw))
        return starts;
    for (const RawLaunchBoundary &b : boundariesByStart(raw))
        starts.push_back(b.startCycles);
    return starts;
}

void applyLaunchBoundaries(const RawRecords &raw, const CaptureTimeBase &timeBase, Capture &capture,
                           const QString &fileName)
{
    CaptureInfo &info = capture.info;
    info.launches.clear();
    const std::uint64_t dropped = raw.droppedRunBoundaries.value_or(0);
    const std::uint64_t entries = raw.runBoundaries.value_or(0);
    if (dropped > 0) {
        info.launchesUnknown = true;
        info.partial = true;
        capture.warn(QStringLiteral("%1: dropped_run_boundaries is %2: launch boundaries were lost, so the "
                                    "file's launches cannot be told apart and nothing is analysed; every row "
                                    "is shown, flagged partial")
                         .arg(fileName)
                         .arg(dropped));
        return;
    }
    if (raw.unreadableRunBoundaries > 0 && entries >= 2) {
        info.launchesUnknown = true;
        info.partial = true;
        capture.warn(QStringLiteral("%1: byte %2: %3 of the %4 entries of run_boundaries are not [launch, "
                                    "start_cycles] pairs: the file's launches cannot be told apart, so "
                                    "nothing is analysed; every row is shown, flagged partial")
                         .arg(fileName)
                         .arg(raw.unreadableRunBoundaryOffset)
                         .arg(raw.unreadableRunBoundaries)
                         .arg(entries));
        return;
    }
    if (!launchesTold(raw))
        return;
    for (const RawLaunchBoundary &b : boundariesByStart(raw)) {
        KernelLaunch launch;
        launch.ordinal = b.ordinal;
        launch.startUs = timeBase.deviceUs(b.startCycles);
        launch.endUs = launch.startUs;
        info.launches.push_back(launch);
    }
}

} // namespace lanescope
