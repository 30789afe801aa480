#pragma once

#include "model/capture/flatarray.h"
#include "model/capture/lane.h"

#include <cstdint>
#include <vector>

namespace lanescope {

struct BarIndexFields; // model/snapshot/barindexfields.h

// What a zoomed-out frame needs of one level of a lane, read instead of its slices: the level's
// time span cut into equal buckets, each holding what the slices starting in it cover together
// and which of them is longest. A full view of ten million bars asks each lane for a few thousand
// pixel columns; walking the slices costs a cache miss or two per column, walking the buckets
// reads one small array in order (64 bytes a bucket, at most one bucket per 16 slices). Levels
// with instants or with few slices have no buckets.
class LevelSummary
{
public:
    struct Bucket
    {
        double firstStartUs = 0; // the earliest start among the slices starting in the bucket
        double lastStartUs = 0;  // the latest start among them: a slice covers its start's pixel
        double lastEndUs = 0;    // the latest end among them
        double longestUs = -1;   // how long the longest of them lasts
        // A copy of that longest slice: the bars drawn from the bucket take its colour, and
        // reading it here spares the frame a cache miss into the lane per bar.
        Slice longest;
        std::uint32_t count = 0;  // slices starting in the bucket; 0: none
        std::uint32_t unused = 0; // the padding, named so that a snapshot writes it as zeros
    };

    // Levels with fewer slices than this are drawn from their slices at every zoom.
    static constexpr std::size_t kMinSlices = 4096;
    // Slices per bucket at least, and buckets per level at most.
    static constexpr std::size_t kSlicesPerBucket = 16;
    static constexpr std::size_t kMaxBuckets = 4096;

    LevelSummary() = default;
    // Prepares buckets for `count` slices whose starts run from `firstStartUs` to `lastStartUs`;
    // add() then takes each slice in start order.
    LevelSummary(std::size_t count, double firstStartUs, double lastStartUs);
    void add(const Slice &slice);
    // Drops the buckets: the level holds an instant.
    void clear();

    bool isEmpty() const { return m_buckets.empty(); }
    // Viewed where a reopened capture's snapshot holds them (flatarray.h).
    const FlatArray<Bucket> &buckets() const { return m_buckets; }
    double bucketWidthUs() const { return m_widthUs; }
    // The bucket a start time falls into (clamped to the first and the last).
    std::size_t bucketOf(double startUs) const;
    std::size_t memoryBytes() const { return m_buckets.memoryBytes(); }

private:
    friend struct BarIndexFields; // a snapshot keeps the buckets

    FlatArray<Bucket> m_buckets;
    double m_originUs = 0;
    double m_widthUs = 0;
};

} // namespace lanescope
