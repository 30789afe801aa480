#include "loadrate.h"

#include <algorithm>

namespace lanescope {

void LoadRate::add(double seconds, std::int64_t done, std::int64_t total, std::int64_t records)
{
    if (!m_samples.empty() && seconds < m_samples.back().seconds)
        seconds = m_samples.back().seconds;
    m_samples.push_back(Sample{seconds, done, records});
    m_total = total;
    // Keep one sample older than the window, so the window is always spanned once it can be.
    while (m_samples.size() > 2 && m_samples[1].seconds <= seconds - kWindowSeconds)
        m_samples.pop_front();
}

LoadRate::Reading LoadRate::reading() const
{
    Reading r;
    if (m_samples.size() < 2)
        return r;
    const Sample &first = m_samples.front();
    const Sample &last = m_samples.back();
    const double span = last.seconds - first.seconds;
    if (span < kMinimumSpan)
        return r;
    if (last.records > first.records)
        r.recordsPerSecond = double(last.records - first.records) / span;
    if (last.done > first.done) {
        r.bytesPerSecond = double(last.done - first.done) / span;
        if (m_total > 0)
            r.secondsLeft = double(std::max<std::int64_t>(m_total - last.done, 0)) / *r.bytesPerSecond;
    }
    return r;
}

} // namespace lanescope
