#pragma once

// Everything a read of a records file leaves, as bytes to compare: whether it succeeded, its error,
// and the capture as its snapshot fields store it (rows, lanes, kinds, warnings, the partial flag).

#include "model/io/records/recordsreader.h"
#include "model/snapshot/snapshotfields.h"
#include "model/snapshot/snapshotwriter.h"

#include <QBuffer>

namespace lanescope {

// `splitNear` as readRecords takes it: -1 reads in one piece.
inline QByteArray recordsReadOutcome(const QByteArray &bytes, std::int64_t splitNear)
{
    auto source = ByteSource::fromMemory(bytes, QStringLiteral("chip_swimlane_records.json"));
    Capture capture;
    ReadError error;
    const bool ok = readRecords(*source, capture, &error, nullptr, splitNear);
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    SnapshotWriter writer(out);
    snapshot::Out io{writer};
    io(capture);
    writer.flush();
    return (ok ? QByteArray("ok\n") : QByteArray("failed\n")) + error.toString().toUtf8() + '\n' + out.data();
}

} // namespace lanescope
