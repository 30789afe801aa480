#include "capturetimebase.h"

#include "model/capture/cancelpoint.h"

#include <algorithm>

namespace lanescope {

namespace {

CycleBounds boundsOfLanes(const std::vector<RawPhaseLane> &lanes, CancelPoints &cancelPoints)
{
    CycleBounds span;
    for (const auto &lane : lanes)
        for (const auto &[record, t] : lane) {
            cancelPoints.tick();
            span.add(t.start);
            span.add(t.end);
        }
    return span;
}

} // namespace

CaptureTimeBase::DeviceTimes CaptureTimeBase::deviceTimes(const RawRecords &raw)
{
    // The AICore start counts for the range but not for the base (receive <= start covers it),
    // exactly as in §3.2: the base is the smallest of everything else.
    CycleBounds base, starts;
    CancelPoints cancelPoints;
    for (const auto &r : raw.aicore) {
        cancelPoints.tick();
        base.add(receiveCycles(r.startCycles, r.receiveToStart));
        base.add(r.endCycles);
        starts.add(r.startCycles);
    }
    for (const auto &r : raw.aicpu) {
        base.add(r.dispatchCycles);
        base.add(r.finishCycles);
    }
    DeviceTimes times;
    times.scheduler = boundsOfLanes(raw.schedulerThreads, cancelPoints);
    times.orchestrator = boundsOfLanes(raw.orchestratorLanes, cancelPoints);
    base.add(times.scheduler);
    base.add(times.orchestrator);
    // The newest converter's base also takes the lifecycle *_cycles fields (supplement §2.8).
    for (const auto &l : raw.lifecycle)
        for (const auto &t : l.stages) {
            base.add(t.start);
            base.add(t.end);
        }
    times.baseCycles = base.empty() ? 0 : base.lo;
    times.all = base;
    times.all.add(starts);
    return times;
}

CaptureTimeBase CaptureTimeBase::deviceRelative(std::uint64_t base, std::int64_t frequencyHz)
{
    CaptureTimeBase t;
    t.m_mode = Mode::DeviceRelative;
    t.m_base = base;
    t.m_frequencyHz = frequencyHz;
    return t;
}

CaptureTimeBase CaptureTimeBase::hostCalibrated(const ClockAlignment &alignment, std::uint64_t originNs)
{
    CaptureTimeBase t;
    t.m_mode = Mode::HostCalibrated;
    t.m_alignment = alignment;
    t.m_frequencyHz = alignment.frequencyHz;
    t.m_originNs = originNs;
    return t;
}

CaptureTimeBase CaptureTimeBase::hostLinear(double refCycles, double refNsFromOrigin,
                                            std::int64_t frequencyHz, std::uint64_t originNs)
{
    CaptureTimeBase t;
    t.m_mode = Mode::HostLinear;
    t.m_refCycles = refCycles;
    t.m_refNsFromOrigin = refNsFromOrigin;
    t.m_frequencyHz = frequencyHz;
    t.m_originNs = originNs;
    return t;
}

CaptureTimeBase CaptureTimeBase::causalComposite(std::uint64_t base, std::int64_t frequencyHz,
                                                 std::uint64_t originNs, double hostEndUs)
{
    CaptureTimeBase t;
    t.m_mode = Mode::CausalComposite;
    t.m_base = base;
    t.m_frequencyHz = frequencyHz;
    t.m_originNs = originNs;
    t.m_hostEndUs = hostEndUs;
    return t;
}

double CaptureTimeBase::deviceUs(std::uint64_t c) const
{
    if (!isSet(c))
        return 0.0;
    switch (m_mode) {
    case Mode::DeviceRelative:
        return double(std::int64_t(c - m_base)) * 1e6 / double(m_frequencyHz);
    case Mode::HostCalibrated:
        return double(m_alignment.mapCyclesToHostNs(c) - std::int64_t(m_originNs)) / 1000.0;
    case Mode::CausalComposite:
        return m_hostEndUs + double(std::int64_t(c - m_base)) / double(m_frequencyHz) * 1e6;
    case Mode::HostLinear:
        return (m_refNsFromOrigin + (double(c) - m_refCycles) * 1e9 / double(m_frequencyHz)) / 1000.0;
    }
    return 0.0;
}

double CaptureTimeBase::hostUs(std::uint64_t ns) const
{
    if (!isSet(ns))
        return 0.0;
    return double(std::int64_t(ns - m_originNs)) / 1000.0;
}

} // namespace lanescope
