#include "clockalignment.h"

#include "model/capture/int128.h"

#include <algorithm>
#include <tuple>

namespace lanescope {

namespace {

constexpr const char *kPrePosition = "pre_host_orchestration";
constexpr const char *kPostPosition = "post_device_execution";

// value * multiplier / divisor with truncation toward zero, without intermediate overflow.
Int128 mulDivTowardZero(Int128 value, Int128 multiplier, Int128 divisor)
{
    return value * multiplier / divisor; // C++ integer division already truncates toward zero
}

std::optional<ClockAnchor> parseAnchor(const ClockAnchorSample &s, std::int64_t deviceQuantizationNs)
{
    if (s.hasError || !s.hostBeforeNs || !s.deviceCycles || !s.hostAfterNs || !s.sampleIdx)
        return std::nullopt;
    if (*s.hostBeforeNs <= 0 || *s.deviceCycles <= 0 || *s.hostAfterNs < *s.hostBeforeNs || *s.sampleIdx < 0)
        return std::nullopt;
    ClockAnchor a;
    a.sampleIdx = *s.sampleIdx;
    a.rttNs = *s.hostAfterNs - *s.hostBeforeNs;
    a.hostMidNs = *s.hostBeforeNs + a.rttNs / 2;
    a.deviceCycles = std::uint64_t(*s.deviceCycles);
    a.uncertaintyNs = (a.rttNs + 1) / 2 + deviceQuantizationNs;
    return a;
}

ClockAlignment unaligned(std::int64_t frequencyHz, const char *reason, std::int64_t hostQuantizationNs)
{
    ClockAlignment a;
    a.reason = reason;
    a.frequencyHz = frequencyHz;
    a.hostQuantizationNs = hostQuantizationNs;
    return a;
}

} // namespace

std::optional<std::int64_t> ClockAlignment::anchorUncertaintyNs() const
{
    if (!start || !end)
        return std::nullopt;
    return std::max(start->uncertaintyNs, end->uncertaintyNs);
}

std::optional<std::int64_t> ClockAlignment::maxUncertaintyNs() const
{
    const auto a = anchorUncertaintyNs();
    if (!a)
        return std::nullopt;
    return *a + hostQuantizationNs;
}

bool ClockAlignment::contains(std::uint64_t deviceCycles) const
{
    return calibrated && start && end && start->deviceCycles <= deviceCycles &&
           deviceCycles <= end->deviceCycles;
}

std::int64_t ClockAlignment::mapCyclesToHostNs(std::uint64_t deviceCycles) const
{
    if (!start || !end || frequencyHz <= 0 || end->deviceCycles <= start->deviceCycles)
        return 0;
    const Int128 delta = Int128(deviceCycles) - Int128(start->deviceCycles);
    const Int128 span = Int128(end->deviceCycles) - Int128(start->deviceCycles);
    const Int128 nominalDelta = mulDivTowardZero(delta, 1'000'000'000, frequencyHz);
    const Int128 nominalEnd = start->hostMidNs + mulDivTowardZero(span, 1'000'000'000, frequencyHz);
    const Int128 endCorrection = end->hostMidNs - nominalEnd;
    const Int128 correction = mulDivTowardZero(endCorrection, delta, span);
    return std::int64_t(start->hostMidNs + nominalDelta + correction);
}

ClockAlignment buildClockAlignment(const ClockAnchors &anchors, std::int64_t frequencyHz,
                                   std::uint64_t minDeviceCycles, std::uint64_t maxDeviceCycles,
                                   std::int64_t hostQuantizationNs)
{
    if (hostQuantizationNs < 0)
        return unaligned(frequencyHz, "invalid_host_timestamp_quantization", 0);
    if (frequencyHz <= 0)
        return unaligned(frequencyHz, "invalid_device_frequency", hostQuantizationNs);
    if (!anchors.present)
        return unaligned(frequencyHz, "missing_clock_anchors", hostQuantizationNs);
    if (!anchors.hasSamples)
        return unaligned(frequencyHz, "missing_clock_anchor_samples", hostQuantizationNs);
    if (anchors.deviceTimestampUnit != "syscnt_cycles")
        return unaligned(frequencyHz, "unsupported_device_timestamp_unit", hostQuantizationNs);
    std::int64_t deviceQuantizationNs = 0;
    if (anchors.rawDeviceTimestampUnit == "device_uptime_us")
        deviceQuantizationNs = 1000; // microsecond readings normalised to cycles keep µs resolution
    else if (anchors.rawDeviceTimestampUnit != "syscnt_cycles")
        return unaligned(frequencyHz, "unsupported_raw_device_timestamp_unit", hostQuantizationNs);

    std::optional<ClockAnchor> pre, post;
    auto better = [](const ClockAnchor &a, const ClockAnchor &b) {
        return std::tie(a.rttNs, a.sampleIdx) < std::tie(b.rttNs, b.sampleIdx);
    };
    for (const auto &s : anchors.samples) {
        const bool isPre = s.position == kPrePosition;
        if (!isPre && s.position != kPostPosition)
            continue;
        const auto a = parseAnchor(s, deviceQuantizationNs);
        if (!a)
            continue;
        auto &slot = isPre ? pre : post;
        if (!slot || better(*a, *slot)) // first of equal keys wins, as min() does
            slot = a;
    }
    if (!pre)
        return unaligned(frequencyHz, "no_valid_pre_host_orchestration_anchor", hostQuantizationNs);
    if (!post)
        return unaligned(frequencyHz, "no_valid_post_device_execution_anchor", hostQuantizationNs);
    if (post->hostMidNs <= pre->hostMidNs)
        return unaligned(frequencyHz, "host_anchor_order_invalid", hostQuantizationNs);
    if (post->deviceCycles <= pre->deviceCycles)
        return unaligned(frequencyHz, "device_anchor_order_invalid", hostQuantizationNs);

    ClockAlignment a;
    a.calibrated = true;
    a.frequencyHz = frequencyHz;
    a.hostQuantizationNs = hostQuantizationNs;
    a.start = pre;
    a.end = post;
    const bool anyDevice = maxDeviceCycles > 0;
    if (anyDevice && (!a.contains(minDeviceCycles) || !a.contains(maxDeviceCycles)))
        return unaligned(frequencyHz, "device_timestamps_outside_anchor_coverage", hostQuantizationNs);
    return a;
}

} // namespace lanescope
