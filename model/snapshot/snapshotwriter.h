#pragma once

#include "contenthash.h"

#include <QByteArray>
#include <QString>
#include <cstdint>

class QIODevice;

namespace lanescope {

// Appends bytes to a device through a buffer, hashing everything it writes, so that the snapshot's
// trailer can carry the checksum of its whole payload without a second pass.
class SnapshotWriter
{
public:
    explicit SnapshotWriter(QIODevice &out);

    void raw(const void *data, std::size_t size);
    template <class T> void pod(const T &value) { raw(&value, sizeof value); }
    // Zero bytes up to the next multiple of `to` from the start (SnapshotReader::align skips them).
    void align(std::size_t to);
    // Writes what is buffered; returns the device's error, empty when every byte was written.
    QString flush();

    std::uint64_t checksum() const { return m_hash.value(); }
    std::uint64_t written() const { return m_written; }
    bool failed() const { return !m_error.isEmpty(); }

private:
    QIODevice &m_out;
    QByteArray m_buffer;
    ContentHash m_hash;
    std::uint64_t m_written = 0;
    QString m_error;
};

} // namespace lanescope
