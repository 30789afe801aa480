#pragma once

#include "model/capture/capture.h"

#include <QString>
#include <QStringList>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// Ring occupancy on the capture's time axis (spec §3.5, §8, §8.4; chapter techniques 05a/05b).
// Every curve here is an inference: the runtime records neither retirements nor scope-boundary
// times, so the UI labels them "(inferred)".
//
// Task window (from the capture, no scope stats needed). Per ring r = task_id >> 32 (0..3):
//  * allocated: the task's orch_submit start at level 4, else the earliest dispatch of its rows;
//    a task with neither has no known allocation time and is left out;
//  * retired: the scheduler saw the FIN of its last AICore execution, i.e. the latest
//    finish_time_us of its rows (end_time_us when a row has no AICPU partner), or the end of its
//    dummy_task / predicated_skip marker; a task with no execution record at all (an allocation)
//    counts as retired when its submit ends. These are lower bounds of the real retirement;
//  * reclaimed: slots free in allocation (local id) order once every older task has retired, so
//    the k-th task's slot is reclaimed at max(retire of tasks 1..k) — a prefix maximum.
// occupancy(t) = allocated by t − reclaimed by t. It is a lower bound of the true occupancy (§8.4).
//
// Heap bytes and dep-pool entries (scope_stats.jsonl only): the live amount R_end − R_start of each
// sample (a negative v4/v5 heap delta corrected by heap_max, §8.5), stepped at the sample's mapped
// time: the orch_submit end of the ring's last allocated task (r << 32 | task_window_end − 1),
// never earlier than the previous sample (samples are in program order); samples before any
// mapped one take the first submit's start. Mapping needs level 4 orchestrator records.
enum class RingResource : std::uint8_t { TaskWindow, Heap, DepPool };
constexpr int kRingCount = 4;
constexpr int kRingResourceCount = 3;

QString ringResourceName(RingResource r); // "task window", "heap", "dep pool"
QString ringResourceKey(RingResource r);  // "task_window", "heap", "dep_pool"

// One step function: values[i] holds from timesUs[i] until timesUs[i + 1]; the last point closes it.
struct RingSeries
{
    FlatArray<double> timesUs;
    FlatArray<double> values;
    FlatArray<std::int32_t> siteOfStep; // RingOccupancy::sites index per point, -1 = none known
    std::optional<double> capacity;     // *_max[ring] from the metadata line; absent when 0 or unknown
    double peak = 0;
    double peakUs = 0;
    std::int32_t peakSite = -1; // scope site of the peak, -1 = unknown

    std::optional<double> peakFraction() const
    {
        return capacity && *capacity > 0 ? std::optional<double>(peak / *capacity) : std::nullopt;
    }
    std::int32_t siteAt(double us) const;
};

struct RingOccupancy
{
    // [ring][resource]; absent where the capture cannot tell (never a made-up zero).
    std::array<std::array<std::optional<RingSeries>, kRingResourceCount>, kRingCount> series;
    // *_max[ring] of the scope-stats metadata, known even where the curve is not (0 = not configured).
    std::array<std::array<std::optional<double>, kRingResourceCount>, kRingCount> capacities;
    std::array<std::uint64_t, kRingCount> tasksPerRing = {0, 0, 0, 0}; // M17, from task ids
    QStringList sites;                                                 // copy of ScopeStats::sites
    bool hasScopeStats = false;
    bool fatal = false; // scope stats metadata: a ring overflowed

    const std::optional<RingSeries> &at(int ring, RingResource r) const
    {
        return series[std::size_t(ring)][std::size_t(r)];
    }
    const std::optional<double> &capacity(int ring, RingResource r) const
    {
        return capacities[std::size_t(ring)][std::size_t(r)];
    }
    QString siteName(std::int32_t site) const
    {
        return site >= 0 && site < sites.size() ? sites.at(site) : QString();
    }
    bool isEmpty() const;
};

RingOccupancy computeRingOccupancy(const Capture &capture);

} // namespace lanescope
