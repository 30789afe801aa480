#pragma once

#include "widgets/render/rastertarget.h"

#include <QRect>
#include <QRgb>
#include <utility>
#include <vector>

namespace lanescope {

// The bars of one timeline level share their rows: they are written once into a scanline and the
// written runs are then copied row by row. Filling each bar down its own rows instead writes
// across the image column by column, and a zoomed-out frame's bars are mostly one pixel wide.
// Only the pixels of the bars are copied; everything else in the rows stays as it was. The bars
// are opaque: a written pixel is never 0, which is how the line tells written from not.
class ScanlineBars
{
public:
    // Starts a level whose bars cover the logical rows of `band` (clipped to the target).
    void begin(const RasterTarget &target, const QRect &band);
    // An opaque bar over logical columns [left, right). Bars come left to right; a later bar may
    // overwrite part of an earlier one (a setup head over its bar).
    void fill(int left, int right, QRgb colour);
    // Copies the level's bars into its rows.
    void end();

private:
    // Spans shorter than this many pixels per run are copied pixel by pixel, not run by run.
    static constexpr std::size_t kMaskedSpanPerRun = 32;
    void clearLine(); // back to unwritten (0) where the runs wrote

    const RasterTarget *m_target = nullptr;
    QRect m_device;                          // the band in device pixels, clipped
    std::vector<QRgb> m_line;                // indexed by device x; 0 where nothing is written
    std::vector<std::pair<int, int>> m_runs; // written device columns [first, second)
};

} // namespace lanescope
