#include "hostaxis.h"

#include "model/capture/int128.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

using Method = HostPlacement::Method;

// Host-time zero of an HBG capture (upstream §2.6): host_orchestration_origin_ns, else
// host_timeline_origin_ns, else the earliest host orchestrator timestamp (uploads excluded), else
// the placement's own fallback.
std::uint64_t hostOrigin(const RawRecords &raw, std::uint64_t fallback)
{
    if (raw.hostOriginNs != 0)
        return raw.hostOriginNs;
    if (raw.hostTimelineOriginNs != 0)
        return raw.hostTimelineOriginNs;
    std::uint64_t minHost = ~std::uint64_t(0);
    for (const auto &lane : raw.hostOrchestratorLanes)
        for (const auto &[record, t] : lane)
            for (const auto v : {t.start, t.end})
                if (CaptureTimeBase::isSet(v))
                    minHost = std::min(minHost, v);
    return minHost != ~std::uint64_t(0) ? minHost : fallback;
}

void setDeviceSpan(HostPlacement &p, const CaptureTimeBase &tb, std::pair<std::uint64_t, std::uint64_t> range)
{
    p.deviceStartUs = tb.deviceUs(range.first);
    p.deviceEndUs = tb.deviceUs(range.second);
}

// Host lanes of an HBG capture already sit on the host axis: h -> (h - origin) / 1000.
void onHostAxis(HostPlacement &p, std::uint64_t originNs)
{
    p.anchorNs = std::int64_t(originNs);
    p.anchorUs = 0;
}

HostAxis boundedAxis(const RawRecords &raw, const BoundedClockAlignment &b, bool hbg,
                     const CaptureTimeBase &deviceRelative, std::pair<std::uint64_t, std::uint64_t> range)
{
    HostAxis axis;
    HostPlacement &p = axis.placement;
    p.method = Method::Bounded;
    if (hbg) {
        // §3.3: the saved mapping's step 4 of the origin chain is host_anchor_min_ns.
        const std::uint64_t origin = hostOrigin(raw, std::uint64_t(b.hostAnchorMinNs));
        axis.timeBase = CaptureTimeBase::hostLinear(double(b.deviceAnchorCycles),
                                                    double(Int128(b.hostAnchorNs) - Int128(origin)),
                                                    b.frequencyHz, origin);
        onHostAxis(p, origin);
    } else {
        axis.timeBase = deviceRelative;
        p.anchorNs = b.hostAnchorNs;
        p.anchorUs = deviceRelative.deviceUs(std::uint64_t(b.deviceAnchorCycles));
    }
    // The record bounds the anchor; the block shifts rigidly, so the same interval holds at every
    // cycle (inferred, §3.3).
    p.lowUs = double(b.hostAnchorMinNs - b.hostAnchorNs) / 1000.0;
    p.highUs = double(b.hostAnchorMaxNs - b.hostAnchorNs) / 1000.0;
    p.inferred = true;
    setDeviceSpan(p, axis.timeBase, range);
    return axis;
}

HostAxis containmentAxis(const RawRecords &raw, const ContainmentCapture &cc,
                         const ContainmentPlacement &placed, bool hbg, const CaptureTimeBase &deviceRelative)
{
    HostAxis axis;
    HostPlacement &p = axis.placement;
    p.method = Method::Containment;
    const double refCycles = double(cc.extent.lo);
    const double refHostNs = placed.hostNsOfCycles(refCycles);
    if (hbg) {
        // §2.6 step 4 is int(place_lo_ns): truncation, of a positive value.
        const std::uint64_t origin = hostOrigin(raw, std::uint64_t(placed.placeLoNs));
        axis.timeBase = CaptureTimeBase::hostLinear(placed.join.originCycles,
                                                    placed.placeLoNs - placed.headNs - double(origin),
                                                    placed.frequencyHz, origin);
        onHostAxis(p, origin);
    } else {
        axis.timeBase = deviceRelative;
        // Clamped: a hostile log may place the block anywhere, and llround has no answer beyond int64.
        p.anchorNs = std::llround(std::clamp(refHostNs, -9.2e18, 9.2e18));
        p.anchorUs = deviceRelative.deviceUs(cc.extent.lo) + (double(p.anchorNs) - refHostNs) / 1000.0;
    }
    // Drawn at its earliest legal start: the device may truly be up to the slack later (§2.5).
    p.lowUs = 0;
    p.highUs = placed.slackNs / 1000.0;
    p.inferred = true;
    p.placedInvocation = std::make_pair(placed.window.pid, placed.window.inv);
    p.clkDevZeroHostNs = placed.hostNsOfDevicePhase(0);
    setDeviceSpan(p, axis.timeBase, {cc.extent.lo, cc.extent.hi});
    return axis;
}

HostAxis anchorsAxis(const RawRecords &raw, const ClockAlignment &anchors,
                     std::pair<std::uint64_t, std::uint64_t> range)
{
    HostAxis axis;
    const std::uint64_t origin = hostOrigin(raw, anchors.start ? std::uint64_t(anchors.start->hostMidNs) : 0);
    axis.timeBase = CaptureTimeBase::hostCalibrated(anchors, origin);
    HostPlacement &p = axis.placement;
    p.method = Method::Anchors;
    onHostAxis(p, origin);
    const double u = double(anchors.maxUncertaintyNs().value_or(0)) / 1000.0;
    p.lowUs = -u;
    p.highUs = u;
    setDeviceSpan(p, axis.timeBase, range);
    return axis;
}

// Causal composite (base §2.10 step 7): the device starts where the last host orchestrator record
// ends (uploads are not part of the seam). The gap between the two domains is unknown, not zero.
HostAxis compositeAxis(const RawRecords &raw, std::uint64_t base, std::int64_t frequencyHz,
                       std::uint64_t fallbackOrigin, Capture &capture, const QString &fileName,
                       const QString &reason)
{
    const std::uint64_t origin = hostOrigin(raw, fallbackOrigin);
    double hostEndUs = 0;
    bool any = false;
    const auto hostOnly = CaptureTimeBase::causalComposite(base, frequencyHz, origin, 0);
    for (const auto &lane : raw.hostOrchestratorLanes)
        for (const auto &[record, t] : lane)
            for (const auto v : {t.start, t.end}) {
                const double us = hostOnly.hostUs(v);
                hostEndUs = any ? std::max(hostEndUs, us) : us;
                any = true;
            }
    HostAxis axis;
    axis.timeBase = CaptureTimeBase::causalComposite(base, frequencyHz, origin, hostEndUs);
    axis.placement.reason = reason;
    capture.warn(
        QStringLiteral("%1: host and device clocks are not aligned (%2); the device part is laid out after "
                       "the last host record at %3 µs, so host-to-device gaps are not measurements")
            .arg(fileName, reason)
            .arg(hostEndUs));
    return axis;
}

} // namespace

ContainmentCapture containmentCaptureOf(const RawRecords &raw,
                                        const CaptureTimeBase::DeviceTimes &deviceTimes,
                                        const DispatchIdentity &sidecar)
{
    ContainmentCapture cc;
    cc.frequencyHz = raw.clockFreqHz.value_or(0);
    cc.extent = deviceTimes.all;
    const bool legacyPhases = raw.hasSchedulerPhases && !raw.hasSchedulerRecords;
    // aicpu_scheduler_phases are the AICPU's by construction (inferred)
    cc.sched = legacyPhases ? deviceTimes.scheduler : raw.aicpuStreamCycles;
    cc.orch = deviceTimes.orchestrator;
    CycleBounds host;
    for (const auto &lane : raw.hostOrchestratorLanes)
        for (const auto &[record, t] : lane) {
            host.add(t.start);
            host.add(t.end);
        }
    for (const auto &u : raw.hostUploads) {
        host.add(u.startNs);
        host.add(u.endNs);
    }
    if (!host.empty())
        cc.hostRecordsNs = std::make_pair(std::int64_t(host.lo), std::int64_t(host.hi));
    // The capture's epoch counts only as an int > 0 (upstream §4.4); the reader already refused
    // anything negative, non-integer or boolean.
    if (raw.collection.runEpoch && *raw.collection.runEpoch > 0)
        cc.runEpoch = std::int64_t(*raw.collection.runEpoch);
    cc.hostPid = sidecar.hostPid;
    cc.identity = sidecar.key;
    return cc;
}

HostAxis chooseHostAxis(const RawRecords &raw, const CaptureTimeBase::DeviceTimes &deviceTimes,
                        const HostLog &log, const DispatchIdentity &sidecar, bool hostOrchestrated,
                        Capture &capture, const QString &fileName)
{
    const std::int64_t frequencyHz = raw.clockFreqHz.value_or(1);
    const auto range = deviceTimes.all.range();
    const CaptureTimeBase deviceRelative =
        CaptureTimeBase::deviceRelative(deviceTimes.baseCycles, frequencyHz);

    // 1. A saved clock_alignment record (upstream §3.2): bounded maps, anything else says why not.
    const ClockAlignmentCheck saved = checkClockAlignment(raw.clockAlignment, raw.clockFreqField);
    QString reason;
    switch (saved.status) {
    case ClockAlignmentCheck::Status::Bounded:
        return boundedAxis(raw, saved.bounded, hostOrchestrated, deviceRelative, range);
    case ClockAlignmentCheck::Status::Invalid:
        capture.warn(QStringLiteral("%1: metadata.clock_alignment at byte %2 %3; treated as unavailable")
                         .arg(fileName)
                         .arg(raw.clockAlignment.offset)
                         .arg(saved.reason));
        reason = QStringLiteral("clock_alignment %1").arg(saved.reason);
        break;
    case ClockAlignmentCheck::Status::Unavailable:
        reason = saved.reason.isEmpty() ? QStringLiteral("clock_alignment is unavailable")
                                        : QStringLiteral("clock_alignment unavailable: %1").arg(saved.reason);
        break;
    case ClockAlignmentCheck::Status::Absent:
        break;
    }

    // 2. Calibrated clock anchors, which only HBG producers ever wrote (base §2.10).
    ClockAlignment anchors;
    if (hostOrchestrated) {
        anchors = buildClockAlignment(raw.clockAnchors, frequencyHz, range.first, range.second,
                                      raw.hostQuantizationNs);
        if (anchors.calibrated)
            return anchorsAxis(raw, anchors, range);
    }

    // 3. Containment against the host log, when there is one.
    if (!log.spans.empty()) {
        const ContainmentCapture cc = containmentCaptureOf(raw, deviceTimes, sidecar);
        const ContainmentOutcome placed = placeByContainment(log.spans, cc);
        if (placed.placement)
            return containmentAxis(raw, cc, *placed.placement, hostOrchestrated, deviceRelative);
        if (reason.isEmpty())
            reason = QStringLiteral("no containment placement: %1").arg(placed.reason);
    }

    if (!hostOrchestrated) {
        HostAxis axis;
        axis.timeBase = deviceRelative;
        axis.placement.reason = reason;
        return axis;
    }
    if (reason.isEmpty())
        reason = QString::fromStdString(anchors.reason);
    return compositeAxis(raw, deviceTimes.baseCycles, frequencyHz,
                         anchors.start ? std::uint64_t(anchors.start->hostMidNs) : 0, capture, fileName,
                         reason);
}

} // namespace lanescope
