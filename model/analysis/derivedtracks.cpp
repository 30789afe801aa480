#include "derivedtracks.h"

#include "analysisinput.h"
#include "overheadanalysis.h"
#include "ringtracks.h"

#include "model/capture/captureruns.h"

#include <algorithm>

namespace lanescope {

namespace {
const QString kAicoreGroup = QStringLiteral("AICore");

bool hasTrack(const Capture &capture, const QString &group, const QString &name)
{
    return std::any_of(capture.counters.begin(), capture.counters.end(),
                       [&](const CounterTrack &t) { return t.group == group && t.name == name; });
}

void appendOverheadTracks(Capture &capture)
{
    const AnalysisInput in = buildAnalysisInput(capture, std::nullopt);
    if (in.level < 2 || in.rows.empty() || !in.hasDeps)
        return;
    for (CounterTrack &t : overheadCounterTracks(in)) {
        t.group = kAicoreGroup;
        t.series.clear(); // the converter repeats the name as the series; one title is enough here
        if (!hasTrack(capture, t.group, t.name))
            capture.counters.push_back(std::move(t));
    }
}
} // namespace

void appendDerivedTracks(Capture &capture)
{
    if (!isAnalysable(capture.info))
        return; // the curves would mix launches that cannot be told apart
    appendOverheadTracks(capture);
    appendRingTracks(capture);
}

void appendDerivedTracks(Capture &capture, const std::shared_ptr<const RingOccupancy> &rings)
{
    if (!isAnalysable(capture.info))
        return;
    appendOverheadTracks(capture);
    appendRingTracks(capture, rings);
}

} // namespace lanescope
