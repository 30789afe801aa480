#include "loadpreview.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/capture.h"
#include "model/capture/lanebuilder.h"
#include "model/io/json/bytesource.h"
#include "model/io/placement/capturetimebase.h"
#include "model/io/records/aicoretaskrow.h"
#include "model/io/records/coretypeinference.h"

#include <algorithm>
#include <climits>

namespace lanescope {

namespace {

// The minimum strictly positive receive or end of the rows (§3.2 over the AICore rows alone).
std::uint64_t previewBase(const ChunkedArray<RawAicoreRow> &rows)
{
    std::uint64_t base = 0;
    CancelPoints cancelPoints;
    auto take = [&base](std::uint64_t c) {
        if (CaptureTimeBase::isSet(c) && (base == 0 || c < base))
            base = c;
    };
    for (const RawAicoreRow &a : rows) {
        cancelPoints.tick();
        take(CaptureTimeBase::receiveCycles(a.startCycles, a.receiveToStart));
        take(a.endCycles);
    }
    return base;
}

} // namespace

std::shared_ptr<Capture> buildLoadPreview(const RawRecords &raw, const QString &path)
{
    if (!raw.clockFreqHz || *raw.clockFreqHz <= 0 || raw.aicore.empty())
        return nullptr;
    auto preview = std::make_shared<Capture>();
    CaptureInfo &info = preview->info;
    info.format = CaptureFormat::ChipSwimlaneRecords;
    info.layout = RecordsLayout::RawStreams;
    info.levelKey = raw.levelKey;
    if (raw.levelValue && *raw.levelValue >= 1 && *raw.levelValue <= 4)
        info.level = int(*raw.levelValue);
    info.clockFreqHz = raw.clockFreqHz;
    info.coreTypes = raw.coreTypes;
    info.numCores =
        raw.numCores ? int(std::clamp<std::int64_t>(*raw.numCores, 0, INT_MAX)) : int(raw.coreTypes.size());
    // The preview's lanes are typed as the whole capture's will be.
    if (std::optional<std::vector<CoreType>> types = clusterCoreTypes(info.coreTypes, info.numCores))
        info.coreTypes = std::move(*types);
    info.runtime = raw.runtime;
    info.sources.records = path;
    info.partial = true;
    info.baseCycles = previewBase(raw.aicore);
    const CaptureTimeBase timeBase = CaptureTimeBase::deviceRelative(info.baseCycles, *raw.clockFreqHz);

    // Rows by task id, file order within a task (§3.3 step 5), as the whole capture's are.
    std::vector<std::pair<std::uint64_t, std::uint32_t>> order(raw.aicore.size());
    CancelPoints cancelPoints;
    for (std::uint32_t i = 0; i < order.size(); ++i) {
        cancelPoints.tick();
        order[i] = {raw.aicore[i].taskToken, i};
    }
    if (!std::is_sorted(order.begin(), order.end()))
        cancellableSort(order.begin(), order.end());
    preview->rows.reserve(order.size());
    for (const auto &[token, i] : order) {
        cancelPoints.tick();
        preview->rows.push_back(aicoreTaskRow(raw.aicore[i], timeBase, info.coreTypes));
    }
    buildLanes(*preview);
    return preview;
}

LoadPreviewer::LoadPreviewer(const LoadControl &control, const ByteSource &source)
    : m_control(control), m_source(source), m_path(source.path())
{
}

bool LoadPreviewer::due(const RawRecords &raw)
{
    const ChunkedArray<RawAicoreRow> &rows = raw.aicore;
    for (; m_scannedRows < rows.size(); ++m_scannedRows)
        if (rows[m_scannedRows].runEpoch != rows.front().runEpoch) {
            m_stopped = true;
            break;
        }
    const PreviewPacing &pacing = m_control.previewPacing;
    const double share =
        m_source.rawSize() > 0 ? double(m_source.rawPosition()) / double(m_source.rawSize()) : 0;
    if (share > pacing.lastShare)
        m_stopped = true;
    if (m_stopped || !raw.clockFreqHz)
        return false;
    if (m_offered == 0)
        return std::int64_t(rows.size()) >= pacing.firstRows || share >= pacing.firstShare;
    return rows.size() >= 2 * m_lastRows && m_sinceLast.elapsed() >= pacing.minIntervalMs;
}

void LoadPreviewer::consider(const RawRecords &raw)
{
    if (!m_control.preview || !due(raw))
        return;
    std::shared_ptr<Capture> preview = buildLoadPreview(raw, m_path);
    if (!preview)
        return;
    ++m_offered;
    m_lastRows = raw.aicore.size();
    m_sinceLast.start();
    m_control.preview(std::move(preview));
}

} // namespace lanescope
