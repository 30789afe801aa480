#pragma once

#include <QColor>
#include <QStringList>
#include <QStringView>
#include <cstdint>
#include <utility>
#include <vector>

namespace lanescope {

// Bar colours that stay the same from run to run and between captures: a kernel keeps its colour
// whether it is seen on an AICore lane, in the Scheduler View or in a merged trace.

// Colour of a small integer key (function id + 1): the first twenty keys get twenty colours that
// never look alike; key 0 (no function) its own muted grey-blue.
QRgb keyColour(std::uint32_t key);
// The bar palette's colour `i` (modulo its size), and its size.
QRgb paletteColour(std::size_t i);
std::size_t paletteSize();
// The colour of a task's bars where no function names them (no deps.json): every block of an SPMD
// task alike, neighbouring tasks apart, so that grids stand out.
QRgb taskColour(std::uint64_t taskId);
// The colour of bars whose function is unknown.
QRgb unresolvedColour();

// Colour of a name. The call arguments are ignored ("QK(r1t3)" and "QK(t7)" share the colour of
// "QK"), and scheduler / orchestrator phase names get their conventional colours (green complete,
// red dispatch …) so merged traces and native captures look alike.
QRgb nameColour(QStringView name);

// The colours of a list of names (a trace's slice names), by their stems as nameColour takes them:
// phases and generated function names keep their own colours, and every other stem takes the
// palette's next colour in the order the stems first appear, so that the first twenty never look
// alike (a hash of the name would put two of them on one colour).
class NameColours
{
public:
    explicit NameColours(const QStringList &names);
    // The colour of names[i].
    QRgb colourOf(std::size_t i) const { return i < m_colours.size() ? m_colours[i] : 0; }
    // Each stem once, in the order it first appears, with its colour: what a legend lists.
    const std::vector<std::pair<QString, QRgb>> &stems() const { return m_stems; }

private:
    std::vector<QRgb> m_colours;
    std::vector<std::pair<QString, QRgb>> m_stems;
};

// The conventional colour of a scheduler / orchestrator / upload phase, or 0 when `phase` is none.
QRgb phaseColour(QStringView phase);

// Colours of AICPU markers whose meaning matters more than their function.
QRgb dummyColour();
QRgb allocColour();
QRgb predicatedSkipColour();

// Black or white, whichever reads better on `background`.
QColor textColourOn(QRgb background);

} // namespace lanescope
