#pragma once

#include "model/io/records/rawrecords.h"
#include "readerror.h"

#include <QElapsedTimer>
#include <QString>
#include <cstdint>
#include <memory>

namespace lanescope {

class ByteSource;

// A first look at a records file while it loads, for the window to draw until the whole capture
// opens: the AICore rows read so far as bars, one lane per core, on the time base of those rows
// alone (spec §3.2 over them; the whole file's may start earlier, so a preview may sit a little
// off). Nothing else is joined or derived: no AICPU times, no function ids, no analysis, which is
// what keeps it cheap. Every loop in it hears a cancel (cancelpoint.h). Null when the clock rate
// is not known yet or no row has been read.
std::shared_ptr<Capture> buildLoadPreview(const RawRecords &raw, const QString &path);

// Decides when a load hands out a preview (LoadControl::preview, paced by its previewPacing) and
// hands it out. The parser shows it the rows it has stored, which are validated already; rows of a
// second run epoch end the previews, as runs never share a timeline.
class LoadPreviewer
{
public:
    // How often the parser shows the rows: every this many stored rows.
    static constexpr std::size_t kRowsBetweenLooks = 4096;

    LoadPreviewer(const LoadControl &control, const ByteSource &source);

    void consider(const RawRecords &raw);
    int offered() const { return m_offered; }

private:
    bool due(const RawRecords &raw);

    const LoadControl &m_control;
    const ByteSource &m_source;
    QString m_path;
    int m_offered = 0;
    std::size_t m_lastRows = 0;
    std::size_t m_scannedRows = 0; // rows whose run epoch was looked at
    bool m_stopped = false;
    QElapsedTimer m_sinceLast;
};

} // namespace lanescope
