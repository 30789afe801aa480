#include "levelsummary.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

LevelSummary::LevelSummary(std::size_t count, double firstStartUs, double lastStartUs)
{
    if (count < kMinSlices || !std::isfinite(firstStartUs) || !std::isfinite(lastStartUs) ||
        lastStartUs <= firstStartUs)
        return;
    const std::size_t buckets = std::min(kMaxBuckets, count / kSlicesPerBucket);
    m_originUs = firstStartUs;
    m_widthUs = (lastStartUs - firstStartUs) / double(buckets);
    // The last start lands exactly on the end of the span: it belongs to the last bucket.
    m_buckets.resize(buckets);
}

std::size_t LevelSummary::bucketOf(double startUs) const
{
    const double at = (startUs - m_originUs) / m_widthUs;
    if (!(at > 0)) // NaN too
        return 0;
    // Compared before the conversion: a start far past the span (malformed input) must not overflow it.
    const double last = double(m_buckets.size() - 1);
    return at >= last ? m_buckets.size() - 1 : std::size_t(at);
}

void LevelSummary::add(const Slice &slice)
{
    if (m_buckets.empty())
        return;
    if (slice.flags & Slice::Instant) {
        clear(); // markers are drawn one by one, from the slices
        return;
    }
    Bucket &b = m_buckets[bucketOf(slice.startUs)];
    // Loaders may leave a slice's end before its start (clock glitches): drawn as an instant.
    const double end = std::max(slice.startUs, slice.endUs);
    if (b.count == 0) {
        b.firstStartUs = b.lastStartUs = slice.startUs;
        b.lastEndUs = end;
    } else {
        b.firstStartUs = std::min(b.firstStartUs, slice.startUs);
        b.lastStartUs = std::max(b.lastStartUs, slice.startUs);
        b.lastEndUs = std::max(b.lastEndUs, end);
    }
    if (end - slice.startUs > b.longestUs) {
        b.longestUs = end - slice.startUs;
        b.longest = slice;
    }
    ++b.count;
}

void LevelSummary::clear()
{
    m_buckets.clear();
}

} // namespace lanescope
