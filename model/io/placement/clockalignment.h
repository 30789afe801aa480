#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lanescope {

// One host<->device clock correlation reading from metadata.clock_anchors.samples (spec §2.10).
// Integers are kept as the signed values the converter compares (a negative or absent field makes
// the sample invalid, exactly as a failed int() does there).
struct ClockAnchorSample
{
    std::string position; // "pre_host_orchestration" | "post_device_execution"
    std::optional<std::int64_t> sampleIdx;
    std::optional<std::int64_t> hostBeforeNs;
    std::optional<std::int64_t> deviceCycles;
    std::optional<std::int64_t> hostAfterNs;
    bool hasError = false; // `error` was neither null, 0 nor ""
};

// The clock_anchors object as written by the producer.
struct ClockAnchors
{
    bool present = false;    // the metadata had a clock_anchors object
    bool hasSamples = false; // ... with a `samples` array
    std::string deviceTimestampUnit;
    std::string rawDeviceTimestampUnit = "syscnt_cycles";
    std::vector<ClockAnchorSample> samples;
};

// A selected anchor: the smallest (rtt, sample_idx) valid sample of its position.
struct ClockAnchor
{
    std::int64_t sampleIdx = 0;
    std::int64_t hostMidNs = 0;
    std::uint64_t deviceCycles = 0;
    std::int64_t rttNs = 0;
    std::int64_t uncertaintyNs = 0;
};

// Result of method nominal_frequency_offset_interp_v1: either calibrated (device cycles map onto host
// CLOCK_MONOTONIC ns by interpolating the offset between two anchors) or unaligned with a reason.
struct ClockAlignment
{
    bool calibrated = false;
    std::string reason; // converter's reason code when not calibrated
    std::int64_t frequencyHz = 0;
    std::int64_t hostQuantizationNs = 0;
    std::optional<ClockAnchor> start; // pre_host_orchestration
    std::optional<ClockAnchor> end;   // post_device_execution

    std::optional<std::int64_t> anchorUncertaintyNs() const;
    std::optional<std::int64_t> maxUncertaintyNs() const; // anchor uncertainty + host quantization
    bool contains(std::uint64_t deviceCycles) const;
    // Host ns of a device time inside [start, end]; integer maths truncating toward zero.
    std::int64_t mapCyclesToHostNs(std::uint64_t deviceCycles) const;
};

// Every non-zero device timestamp of the capture must lie within the anchors, so the caller passes
// the smallest and largest non-zero device values (0 when there are none).
ClockAlignment buildClockAlignment(const ClockAnchors &anchors, std::int64_t frequencyHz,
                                   std::uint64_t minDeviceCycles, std::uint64_t maxDeviceCycles,
                                   std::int64_t hostQuantizationNs = 0);

} // namespace lanescope
