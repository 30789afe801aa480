#pragma once

#include <QRgb>
#include <vector>

namespace lanescope {

// The Diff view's diverging scale: a bar that got slower is drawn red, one that got faster blue,
// one within `equalWithinUs` of its Before partner neutral grey, and the colour deepens with the
// change's size up to `saturateAtUs`, past which every change is drawn at full colour. The scale
// is quantised to a few steps per side, so neighbouring bars of nearly equal change share one
// colour and the painter joins them as it joins bars of one function.
class DiffColourScale
{
public:
    DiffColourScale() = default;
    DiffColourScale(double saturateAtUs, double equalWithinUs);

    // A scale saturating at the 95th percentile of |Δ| of `deltasUs` (one outlier does not wash
    // out every other change); at least `equalWithinUs`, so a diff without changes stays grey.
    static DiffColourScale fromChanges(std::vector<double> deltasUs, double equalWithinUs);

    double saturateAtUs() const { return m_saturateAtUs; }
    double equalWithinUs() const { return m_equalWithinUs; }
    QRgb colourOf(double deltaUs) const { return colourOfStep(stepOf(deltaUs)); }
    // The scale's step of a change: -kSteps (fastest) … 0 (unchanged) … kSteps (slowest).
    int stepOf(double deltaUs) const;
    static QRgb colourOfStep(int step);

    static constexpr int kSteps = 8; // colours per side, past unchanged
    static QRgb unchanged();
    static QRgb slowest(); // full colour, slower
    static QRgb fastest(); // full colour, faster
    // Bars only After has (their fill, under the overlay's hatching) and its mark.
    static QRgb added();
    static QRgb addedMark();
    // The outline of a bar only Before had, drawn where it was.
    static QRgb removedGhost();

private:
    double m_saturateAtUs = 1.0;
    double m_equalWithinUs = 1e-3;
};

} // namespace lanescope
