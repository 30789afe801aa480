#pragma once

#include "model/capture/int128.h"

#include <QString>
#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>

namespace lanescope {

// How lanes on the host clock (CLOCK_MONOTONIC ns: [STRACE] host spans, HBG host records) are put
// on the capture's device time axis, and how far off that may be. Without a method they keep
// their own axis and `reason` says why.
struct HostPlacement
{
    enum class Method : std::uint8_t {
        None,        // no mapping: host lanes are drawn on their own axis
        Anchors,     // metadata.clock_anchors calibrated (base spec §2.10): measured
        Bounded,     // metadata.clock_alignment status "bounded" (upstream §3)
        Containment, // span_containment_v1 from the host log (upstream §2), computed on load
    };

    Method method = Method::None;
    // Device-axis µs of a host ns h: anchorUs + (h - anchorNs) / 1000.
    double anchorUs = 0;
    std::int64_t anchorNs = 0;
    // Where the device work truly sits relative to the host lanes as drawn, in µs: from lowUs
    // (<= 0, earlier) to highUs (>= 0, later). Anchors: ±uncertainty; bounded: [min - anchor,
    // max - anchor]; containment: [0, slack], the block being drawn at its earliest legal start.
    double lowUs = 0;
    double highUs = 0;
    bool inferred = false; // the band is a reading of the spec (rigid shift, placement slack)
    QString reason;        // Method::None: why host lanes are unaligned (empty when nothing tried)
    // Device-axis µs of the first and last device timestamp: where the seam band is drawn.
    double deviceStartUs = 0;
    double deviceEndUs = 0;
    // Containment only: the invocation (pid, inv) whose clk=dev spans are placed as well, at host
    // ns = clkDevZeroHostNs + ts.
    std::optional<std::pair<std::int64_t, std::int64_t>> placedInvocation;
    double clkDevZeroHostNs = 0;

    bool aligned() const { return method != Method::None; }
    double toDeviceUs(std::int64_t hostNs) const
    {
        return anchorUs + double(Int128(hostNs) - anchorNs) / 1000.0; // any two int64 differ within 128 bits
    }
    double clkDevToDeviceUs(std::int64_t tsNs) const
    {
        return anchorUs + (clkDevZeroHostNs - double(anchorNs) + double(tsNs)) / 1000.0;
    }
    // The largest distance between a drawn and a possible true position.
    double maxDeviationUs() const { return std::max(-lowUs, highUs); }
};

} // namespace lanescope
