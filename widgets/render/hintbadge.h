#pragma once

#include "model/capture/capture.h"

#include <QRect>
#include <QRgb>
#include <algorithm>
#include <optional>
#include <vector>

class QPainter;

namespace lanescope {

struct RasterTarget;

// The kernels the compiler's hints were joined to (perf-hints spec B.3), asked about every wide
// AICore bar of a frame: built once per capture as a handful of sorted func ids, so a frame
// compares ints and never goes through names.
class HintedKernels
{
public:
    HintedKernels() = default;
    explicit HintedKernels(const PerfHints &hints);

    bool isEmpty() const { return m_funcIds.empty(); }
    bool contains(int funcId) const { return std::binary_search(m_funcIds.begin(), m_funcIds.end(), funcId); }
    // Whether `slice` is an AICore bar of a kernel with at least one joined hint.
    bool marks(const Capture &capture, const Lane &lane, const Slice &slice) const;

private:
    std::vector<int> m_funcIds; // sorted, unique
};

// The mark of a kernel with compiler hints: a small right triangle in the top-right corner of its
// bar, like the note mark on a spreadsheet cell. A corner leaves the bar's colour readable and the
// label in its middle clear, and the setup head sits at the other end.
struct HintBadge
{
    QRect bar;       // the bar it sits on, in logical pixels
    int size = 0;    // the length of its two legs
    QRgb colour = 0; // opaque: black or white, whichever reads on the bar

    // Logical pixel row `i` of the triangle (0 = the bar's top row): `size - i` pixels ending at
    // the bar's right edge.
    QRect row(int i) const { return {bar.right() + 1 - (size - i), bar.top() + i, size - i, 1}; }

    friend bool operator==(const HintBadge &, const HintBadge &) = default;
};

// The leg length on bars `barHeight` pixels high: 6 on the default 17 px bars.
int hintBadgeSize(int barHeight);
// No bar narrower carries a badge, whatever its height (twice the shortest leg).
constexpr int kMinHintBadgeBarPx = 8;
// The badge of a hinted bar, or none when the bar is too narrow or too low to carry one that
// still reads as a corner (the triangle never takes more than half the bar's width or height).
std::optional<HintBadge> hintBadgeOn(const QRect &bar, QRgb barColour);

// Draws the triangle on any device as one polygon, so an SVG keeps it a shape. Sets the painter's
// pen and brush.
void paintHintBadge(QPainter &p, const HintBadge &badge);
// Writes the triangle's device pixels directly: each device row of its own, so a HiDPI picture
// gets a finer staircase than its logical rows would give.
void writeHintBadge(const RasterTarget &target, const HintBadge &badge);

} // namespace lanescope
