#pragma once

#include "clockalignment.h"
#include "model/io/records/rawrecords.h"

#include <cstdint>

namespace lanescope {

// Puts raw device cycles and host ns on the capture's µs axis (spec §3.2, §2.10).
//
// Device-relative (every non-HBG file): to_us(c) = (c - base) * 1e6 / f, with c <= 0 -> 0.0 so that
// "unset" stays 0. HBG files either map device cycles onto the host clock through calibrated anchors,
// or lay the device out after the last host record ("causal composite", not a measurement), or place
// it linearly through a saved clock_alignment or a containment placement.
class CaptureTimeBase
{
public:
    enum class Mode : std::uint8_t { DeviceRelative, HostCalibrated, CausalComposite, HostLinear };

    // What one pass over every device timestamp of a capture finds.
    struct DeviceTimes
    {
        // Minimum strictly positive value among AICore receive (start - receive_to_start) and end,
        // AICPU dispatch and finish, scheduler and device orchestrator start/end, lifecycle stages;
        // 0 when nothing qualifies.
        std::uint64_t baseCycles = 0;
        // Smallest / largest strictly positive device timestamp the capture converts.
        CycleBounds all;
        // The same of the scheduler lanes' records alone, and of the device orchestrator lanes'.
        CycleBounds scheduler;
        CycleBounds orchestrator;
    };
    // One pass: at ten million rows each pass over the raw streams takes a third of a second.
    static DeviceTimes deviceTimes(const RawRecords &raw);
    // Cycles as the converter compares them: values that are negative as int64 count as "not set".
    static bool isSet(std::uint64_t c) { return std::int64_t(c) > 0; }
    // start - receive_to_start, or 0 when that would not be positive.
    static std::uint64_t receiveCycles(std::uint64_t start, std::uint64_t receiveToStart)
    {
        return isSet(start) && receiveToStart < start ? start - receiveToStart : 0;
    }

    static CaptureTimeBase deviceRelative(std::uint64_t base, std::int64_t frequencyHz);
    static CaptureTimeBase hostCalibrated(const ClockAlignment &alignment, std::uint64_t originNs);
    // Device cycles on the host clock at the nominal frequency through one reference point: cycle
    // refCycles happened refNsFromOrigin ns after originNs (a bounded clock_alignment or a containment
    // placement, upstream §2.6, §3.3).
    static CaptureTimeBase hostLinear(double refCycles, double refNsFromOrigin, std::int64_t frequencyHz,
                                      std::uint64_t originNs);
    static CaptureTimeBase causalComposite(std::uint64_t base, std::int64_t frequencyHz,
                                           std::uint64_t originNs, double hostEndUs);

    double deviceUs(std::uint64_t cycles) const;
    double hostUs(std::uint64_t ns) const;

    Mode mode() const { return m_mode; }
    std::uint64_t base() const { return m_base; }

private:
    Mode m_mode = Mode::DeviceRelative;
    std::uint64_t m_base = 0;
    std::int64_t m_frequencyHz = 1;
    std::uint64_t m_originNs = 0;
    double m_hostEndUs = 0;
    double m_refCycles = 0;
    double m_refNsFromOrigin = 0;
    ClockAlignment m_alignment;
};

} // namespace lanescope
