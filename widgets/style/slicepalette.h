#pragma once

#include <QColor>
#include <QStringView>
#include <cstdint>

namespace lanescope {

// Bar colours that stay the same from run to run and between captures: a kernel keeps its colour
// whether it is seen on an AICore lane, in the Scheduler View or in a merged trace.

// Colour of a small integer key (function id + 1): neighbouring keys get clearly different hues.
QRgb keyColour(std::uint32_t key);

// Colour of a name. The call arguments are ignored ("QK(r1t3)" and "QK(t7)" share the colour of
// "QK"), and scheduler / orchestrator phase names get their conventional colours (green complete,
// red dispatch …) so merged traces and native captures look alike.
QRgb nameColour(QStringView name);

// The conventional colour of a scheduler / orchestrator / upload phase, or 0 when `phase` is none.
QRgb phaseColour(QStringView phase);

// Colours of AICPU markers whose meaning matters more than their function.
QRgb dummyColour();
QRgb allocColour();
QRgb predicatedSkipColour();

// Black or white, whichever reads better on `background`.
QColor textColourOn(QRgb background);

} // namespace lanescope
