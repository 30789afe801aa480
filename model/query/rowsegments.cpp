#include "rowsegments.h"

namespace lanescope {

std::optional<IntInterval> intervalOf(std::span<const QueryBound> bounds, int column)
{
    constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    std::optional<IntInterval> out;
    for (const QueryBound &b : bounds) {
        if (b.column != column)
            continue;
        IntInterval &i = out ? *out : out.emplace();
        switch (b.op) {
        case QueryBoundOp::Eq:
            i.lo = std::max(i.lo, b.value);
            i.hi = std::min(i.hi, b.value);
            break;
        case QueryBoundOp::Gt:
            if (b.value == kMax)
                i.lo = kMax, i.hi = kMin; // nothing is greater
            else
                i.lo = std::max(i.lo, b.value + 1);
            break;
        case QueryBoundOp::Ge:
            i.lo = std::max(i.lo, b.value);
            break;
        case QueryBoundOp::Lt:
            if (b.value == kMin)
                i.lo = kMax, i.hi = kMin;
            else
                i.hi = std::min(i.hi, b.value - 1);
            break;
        case QueryBoundOp::Le:
            i.hi = std::min(i.hi, b.value);
            break;
        }
    }
    return out;
}

RowSegments::RowSegments(const std::vector<std::size_t> &sizes)
{
    m_offsets.reserve(sizes.size() + 1);
    for (const std::size_t n : sizes)
        m_offsets.push_back(m_offsets.back() + n);
}

} // namespace lanescope
