#include "widgets/style/diffcolours.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

QRgb blend(QRgb from, QRgb to, double t)
{
    const auto mix = [t](int a, int b) { return int(std::lround(a + (b - a) * t)); };
    return qRgb(mix(qRed(from), qRed(to)), mix(qGreen(from), qGreen(to)), mix(qBlue(from), qBlue(to)));
}

} // namespace

DiffColourScale::DiffColourScale(double saturateAtUs, double equalWithinUs)
    : m_saturateAtUs(std::isfinite(saturateAtUs) && saturateAtUs > 0 ? saturateAtUs : 1.0),
      m_equalWithinUs(std::isfinite(equalWithinUs) && equalWithinUs >= 0 ? equalWithinUs : 0.0)
{
    m_saturateAtUs = std::max(m_saturateAtUs, m_equalWithinUs);
}

DiffColourScale DiffColourScale::fromChanges(std::vector<double> deltasUs, double equalWithinUs)
{
    std::vector<double> sizes;
    sizes.reserve(deltasUs.size());
    for (const double d : deltasUs) {
        if (std::isfinite(d) && std::abs(d) > equalWithinUs)
            sizes.push_back(std::abs(d));
    }
    if (sizes.empty())
        return {std::max(equalWithinUs, 1e-3), equalWithinUs};
    const std::size_t at = std::min(sizes.size() - 1, std::size_t(double(sizes.size()) * 0.95));
    std::nth_element(sizes.begin(), sizes.begin() + std::ptrdiff_t(at), sizes.end());
    return {sizes[at], equalWithinUs};
}

int DiffColourScale::stepOf(double deltaUs) const
{
    if (!std::isfinite(deltaUs) || std::abs(deltaUs) <= m_equalWithinUs)
        return 0;
    const double t = std::min(1.0, std::abs(deltaUs) / m_saturateAtUs);
    // Step 1 is the faintest visible change, kSteps full colour.
    const int step = std::clamp(int(std::ceil(t * kSteps)), 1, kSteps);
    return deltaUs > 0 ? step : -step;
}

QRgb DiffColourScale::colourOfStep(int step)
{
    if (step == 0)
        return unchanged();
    const int size = std::min(std::abs(step), kSteps);
    return blend(unchanged(), step > 0 ? slowest() : fastest(), double(size) / kSteps);
}

QRgb DiffColourScale::unchanged()
{
    return qRgb(0xc4, 0xc4, 0xc4);
}

QRgb DiffColourScale::slowest()
{
    return qRgb(0xd7, 0x30, 0x1f);
}

QRgb DiffColourScale::fastest()
{
    return qRgb(0x21, 0x66, 0xac);
}

QRgb DiffColourScale::added()
{
    return qRgb(0xc7, 0xe9, 0xc0);
}

QRgb DiffColourScale::addedMark()
{
    return qRgb(0x1b, 0x7a, 0x3a);
}

QRgb DiffColourScale::removedGhost()
{
    return qRgb(0x6a, 0x3d, 0x9a);
}

} // namespace lanescope
