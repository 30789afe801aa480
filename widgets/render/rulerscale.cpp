#include "widgets/render/rulerscale.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {
// A ruler never needs more ticks than this; a corrupt range must not make it loop for ages.
constexpr double kMaxTicks = 4096;

std::vector<double> ticks(TimeRange visible, double step)
{
    std::vector<double> out;
    if (!visible.isValid() || !(step > 0) || visible.span() / step > kMaxTicks)
        return out;
    const auto first = std::int64_t(std::ceil(visible.startUs / step - 1e-9));
    const auto last = std::int64_t(std::floor(visible.endUs / step + 1e-9));
    for (std::int64_t i = first; i <= last; ++i)
        out.push_back(double(i) * step);
    return out;
}
} // namespace

std::vector<double> RulerScale::majorTicks(TimeRange visible) const
{
    return ticks(visible, majorStepUs);
}
std::vector<double> RulerScale::minorTicks(TimeRange visible) const
{
    return ticks(visible, minorStepUs);
}

RulerScale chooseRulerScale(TimeRange visible, int plotWidthPx,
                            const std::function<int(const QString &)> &textWidth, int minGapPx)
{
    RulerScale scale;
    if (!visible.isValid() || plotWidthPx <= 0)
        return scale;
    const double pxPerUs = plotWidthPx / visible.span();
    const double magnitude = std::max(std::abs(visible.startUs), std::abs(visible.endUs));
    static constexpr double kMantissas[] = {1, 2, 5};
    int exponent = int(std::floor(std::log10(visible.span() / plotWidthPx)));
    for (int attempt = 0; attempt < 60; ++attempt, ++exponent) {
        for (const double mantissa : kMantissas) {
            const double step = mantissa * std::pow(10.0, exponent);
            // Every label of one zoom shares the unit and decimals the step needs (durationtext.h).
            const TimePrecision precision = stepTimePrecision(step, magnitude);
            scale.majorStepUs = step;
            scale.minorStepUs = step / (mantissa == 2 ? 4 : 5);
            scale.unit = precision.unit;
            scale.decimals = precision.decimals;
            const int widest =
                std::max(textWidth(scale.label(visible.startUs)), textWidth(scale.label(visible.endUs)));
            if (step * pxPerUs >= widest + minGapPx)
                return scale;
        }
    }
    return scale;
}

} // namespace lanescope
