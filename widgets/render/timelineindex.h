#pragma once

#include "model/capture/capture.h"
#include "model/index/captureindex.h"
#include "widgets/render/hintbadge.h"
#include "widgets/style/slicepalette.h"
#include "widgets/timeline/timeviewport.h"

#include <QRgb>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// What the timeline draws by: the run's shared bar index (model/index/barindex.h) and the colours
// of its interned names, which are a widgets concern and so are derived here, once per capture.
class TimelineIndex
{
public:
    // Uses `index` when it was built for `capture`, else builds one (see lanescope::indexFor).
    explicit TimelineIndex(const Capture &capture, CaptureIndexPtr index = {});

    // Whether this index was built for `capture` (same object, same lane storage).
    bool isFor(const Capture &capture) const { return m_index->bars.isFor(capture); }
    const CaptureIndexPtr &shared() const { return m_index; }
    const BarIndex &bars() const { return m_index->bars; }

    TimeRange extent() const { return bars().extent(); }
    TimeRange alignedExtent() const { return bars().alignedExtent(); }
    int levelCount(std::size_t lane) const { return bars().levelCount(lane); }
    const LaneLevelIndex &level(std::size_t lane, int depth) const { return bars().level(lane, depth); }
    QRgb colourOf(const Capture &capture, const Lane &lane, const Slice &slice) const;
    // The kernels whose AICore bars carry the compiler-hint badge.
    const HintedKernels &hintedKernels() const { return m_hintedKernels; }
    std::pair<double, double> counterRange(std::size_t counter) const { return bars().counterRange(counter); }
    std::optional<std::size_t> sliceAt(const Capture &capture, std::size_t lane, int depth, double us,
                                       double toleranceUs) const
    {
        return bars().sliceAt(capture, lane, depth, us, toleranceUs);
    }

private:
    CaptureIndexPtr m_index;
    std::vector<QRgb> m_stringColours;
    std::vector<QRgb> m_phaseColours;
    bool m_coloursByTask = false;
    HintedKernels m_hintedKernels;
};

// Whether a capture's AICore bars are coloured per task: where no row has a function (no
// deps.json), one grey would hide where one SPMD grid ends and the next begins.
bool coloursBarsByTask(const Capture &capture);
// The colours of a trace's slice names (Capture::strings), as its bars and legend show them.
NameColours traceNameColours(const Capture &capture);

} // namespace lanescope
