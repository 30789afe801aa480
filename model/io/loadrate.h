#pragma once

#include <cstdint>
#include <deque>
#include <optional>

namespace lanescope {

// How fast a load goes and how long it has left, from its progress reports (bytes of all its files
// read, their size, records read). Rates are over the last few seconds, so a load that slows down
// (deps.json finished, the second core idle) shows it; the time left is the bytes left at the
// current byte rate, an estimate the progress bar calls "about".
class LoadRate
{
public:
    struct Reading
    {
        std::optional<double> recordsPerSecond;
        std::optional<double> bytesPerSecond;
        std::optional<double> secondsLeft;
    };

    // A progress report at `seconds` since the load started (non-decreasing).
    void add(double seconds, std::int64_t done, std::int64_t total, std::int64_t records);
    // Nothing is known until the reports span kMinimumSpan seconds and some bytes.
    Reading reading() const;

    static constexpr double kWindowSeconds = 3.0;
    static constexpr double kMinimumSpan = 0.5;

private:
    struct Sample
    {
        double seconds;
        std::int64_t done;
        std::int64_t records;
    };
    std::deque<Sample> m_samples;
    std::int64_t m_total = 0;
};

} // namespace lanescope
