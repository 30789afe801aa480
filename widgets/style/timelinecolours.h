#pragma once

#include <QColor>

class QPalette;

namespace lanescope {

// The timeline's own colours (everything but the bars), in a light and a dark set, so the
// timeline follows the application theme while exports stay on paper-white.
struct TimelineColours
{
    QColor background, alternateRow, headingBand, rowSeparator, grid;
    QColor chrome, chromeBorder; // header column and ruler
    QColor text, mutedText;
    QColor outsideCapture, highlight, related;
    QColor ownClockBadge, ownClockBadgeFill;
    QColor hostPlacementBand; // translucent: where host-clock lanes may truly sit against the device

    friend bool operator==(const TimelineColours &, const TimelineColours &) = default;

    static TimelineColours light();
    static TimelineColours dark();
    // The set matching a palette: dark when its window colour is dark.
    static TimelineColours forPalette(const QPalette &palette);
};

} // namespace lanescope
