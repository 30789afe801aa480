#pragma once

#include "model/capture/capture.h"
#include "model/diff/taskdiff.h"
#include "widgets/render/barcolourhook.h"
#include "widgets/style/diffcolours.h"

#include <QString>
#include <vector>

namespace lanescope {

// The After timeline coloured by the diff: each matched bar by its Δ (after − before duration) on
// a diverging scale that saturates at the 95th percentile |Δ|, each added bar in the added colour.
// When bars cannot be paired (Function matching), every bar takes the colour of its function's
// mean Δ instead. The colours are prepared once per diff, as a small palette and one palette
// entry per After row (a byte each): painting a bar costs one look-up by its row, as the plain
// colour does, and a bar drawn from a level summary's copy of its slice gets the same colour.
class DiffColouring : public BarColourHook
{
public:
    DiffColouring(const Capture &before, const Capture &after, const TaskDiff &diff);

    QRgb colourOf(const TimelineIndex &index, const Capture &capture, const Lane &lane,
                  const Slice &slice) const override;

    const DiffColourScale &scale() const { return m_scale; }
    // Bars coloured by their function's mean Δ (the task set changed).
    bool perFunction() const { return m_perFunction; }
    // The colour of an After row's bar.
    QRgb rowColour(std::size_t afterRow) const
    {
        return afterRow < m_rowEntry.size() ? m_palette[m_rowEntry[afterRow]] : DiffColourScale::unchanged();
    }

private:
    DiffColourScale m_scale;
    bool m_perFunction = false;
    const Capture *m_after = nullptr;     // the capture the rows' entries are for
    std::vector<QRgb> m_palette;          // the scale's steps, fastest first, then the added colour
    std::vector<std::uint8_t> m_rowEntry; // by After row
    std::vector<bool> m_taskLane;         // by After lane: its slices' refs are After rows
    static constexpr std::uint8_t kUnchangedEntry = DiffColourScale::kSteps; // step 0
};

// A bar's duration as the diff counts it: end − start, the receive head not included.
inline double diffDurationUs(const TaskRow &row)
{
    return row.endUs - row.startUs;
}

} // namespace lanescope
