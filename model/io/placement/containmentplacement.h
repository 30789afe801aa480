#pragma once

#include "model/capture/dispatchidentity.h"
#include "model/capture/hostspans.h"

#include <QString>
#include <QStringList>
#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace lanescope {

// span_containment_v1 (upstream §2): with no clock calibration at all, the device capture is known
// to have run inside its invocation's chip.run.runner_run host span. Joining the host log's
// device-phase windows with the capture's cycles places the capture on the host clock, up to a
// slack. Pure functions over small inputs; the records and the log are read elsewhere.

// [lo, hi] over the strictly positive cycles added; empty until one is.
struct CycleBounds
{
    std::uint64_t lo = ~std::uint64_t(0);
    std::uint64_t hi = 0;

    void add(std::uint64_t c)
    {
        if (std::int64_t(c) <= 0)
            return;
        lo = std::min(lo, c);
        hi = std::max(hi, c);
    }
    void add(const CycleBounds &other)
    {
        lo = std::min(lo, other.lo);
        hi = std::max(hi, other.hi);
    }
    bool empty() const { return hi == 0; }
    // (lo, hi), or (0, 0) when empty.
    std::pair<std::uint64_t, std::uint64_t> range() const
    {
        return empty() ? std::pair<std::uint64_t, std::uint64_t>{0, 0} : std::pair{lo, hi};
    }
};

// One (pid, inv) invocation of a [STRACE] log holding both runner_run and its device_wall (§2.2).
struct HostWindow
{
    struct Phase
    {
        QString name;          // the part after "chip.run.runner_run.device_wall."
        std::int64_t tsNs = 0; // on the device-phase timeline (zero = earliest sub-phase start)
        std::int64_t durNs = 0;
    };

    std::int64_t pid = 0;
    std::int64_t inv = 0;
    std::int64_t startNs = 0;      // runner_run ts
    std::int64_t durationNs = 0;   // runner_run dur
    std::int64_t deviceWallNs = 0; // device_wall dur
    bool runnerOnHostClock = true;
    bool deviceWallOnDeviceClock = true;
    std::vector<Phase> phases; // device_wall.<x> with dur > 0
    std::optional<std::int64_t> aicpuLaunchNs;
    // The root chip.run span: its window, and its run_epoch attribute when it carries one.
    std::optional<std::pair<std::int64_t, std::int64_t>> rootNs; // [ts, ts + dur]
    bool rootHasRunEpoch = false;
    std::optional<std::int64_t> rootRunEpoch; // when the attribute is an integer
    // The dispatch the root chip.run names: run_id, dispatch_id, slot_id and generation, all four
    // integers and not both ids 0 (§2.2); none for a synchronous launch or an older log.
    std::optional<DispatchKey> identity;

    const Phase *phase(const QString &name) const;
};

struct HostWindows
{
    std::vector<HostWindow> windows; // sorted by (pid, inv)
    QString error;                   // a malformed aicpu_launch marker spoils the whole log
};

// Groups spans by (pid, inv); a later span of the same name replaces an earlier one.
HostWindows hostWindows(const std::vector<HostSpan> &spans);

// What the placement needs of the capture (§2.3, §2.8), in raw device cycles and host ns.
struct ContainmentCapture
{
    std::int64_t frequencyHz = 0;
    CycleBounds extent; // everything the capture draws on the device clock
    CycleBounds sched;  // AICPU scheduler records only
    CycleBounds orch;   // aicpu_orchestrator_phases
    // HBG: [min, max] of the positive host ns of submits and uploads (§2.8 filter 4).
    std::optional<std::pair<std::int64_t, std::int64_t>> hostRecordsNs;
    std::optional<std::int64_t> runEpoch; // metadata.collection.run_epoch when an int > 0
    // From the capture's dispatch_identity.json (§2.8 filters 2 and 3), when it gives them.
    std::optional<std::int64_t> hostPid;
    std::optional<DispatchKey> identity;
};

// Where device-phase zero sits in the capture's cycles (§2.4).
struct ContainmentJoin
{
    double loCycles = 0;
    double hiCycles = 0;
    double originCycles = 0;     // (lo + hi) / 2
    std::int64_t residualNs = 0; // round((hi - lo) * 1e9 / f), half to even
    QStringList sources;         // "sched", "orch", "device_wall": the narrowing steps applied
};

// The capture placed inside its runner_run window (§2.5, §2.6). Host ns are doubles, as in [cont].
struct ContainmentPlacement
{
    HostWindow window;
    ContainmentJoin join;
    std::int64_t frequencyHz = 0;
    double loPhaseNs = 0;
    double hiPhaseNs = 0;
    double headNs = 0;       // min(0, lo_phase)
    double extentNs = 0;     // max(device_wall, hi_phase) - head
    double outerSlackNs = 0; // runner dur - extent
    double placeLoNs = 0;    // max(runner ts, aicpu_launch): where the block is drawn
    double placeHiNs = 0;    // runner ts + outer slack
    double slackNs = 0;      // place_hi - place_lo

    // Host ns of a device cycle, and of a clk=dev span's ts.
    double hostNsOfCycles(double cycles) const;
    double hostNsOfDevicePhase(double phaseNs) const { return placeLoNs + (phaseNs - headNs); }
};

// ns * f / 1e9 from the exact integer product (§2.11).
double nsToCycles(std::int64_t ns, std::int64_t frequencyHz);
// Python's int(round(x)): half to even.
std::int64_t roundHalfEven(double x);

std::optional<ContainmentJoin> joinOrigin(const HostWindow &window, const ContainmentCapture &capture,
                                          QString *reason);
std::optional<ContainmentPlacement> placeInWindow(const HostWindow &window, const ContainmentCapture &capture,
                                                  const ContainmentJoin &join, QString *reason);
// The single window the capture can belong to (§2.8 filters 1 to 7), or nothing with the reason,
// which names the filter that left no window.
std::optional<std::size_t> matchHostWindow(const std::vector<HostWindow> &windows,
                                           const ContainmentCapture &capture, QString *reason);

struct ContainmentOutcome
{
    std::optional<ContainmentPlacement> placement;
    QString reason; // why there is none
};

// The whole of §2 for one capture and one log.
ContainmentOutcome placeByContainment(const std::vector<HostSpan> &spans, const ContainmentCapture &capture);

} // namespace lanescope
