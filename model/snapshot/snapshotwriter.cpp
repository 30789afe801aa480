#include "snapshotwriter.h"

#include <QIODevice>
#include <algorithm>

namespace lanescope {

namespace {
constexpr qsizetype kBufferBytes = 4 << 20;
}

SnapshotWriter::SnapshotWriter(QIODevice &out) : m_out(out)
{
    m_buffer.reserve(kBufferBytes);
}

void SnapshotWriter::raw(const void *data, std::size_t size)
{
    if (size == 0 || failed())
        return;
    m_hash.add(data, size);
    m_written += size;
    const char *p = static_cast<const char *>(data);
    if (m_buffer.size() + qsizetype(size) > kBufferBytes) {
        flush();
        // Large arrays go to the device directly rather than through the buffer.
        if (qsizetype(size) >= kBufferBytes) {
            if (m_out.write(p, qint64(size)) != qint64(size))
                m_error = m_out.errorString();
            return;
        }
    }
    m_buffer.append(p, qsizetype(size));
}

void SnapshotWriter::align(std::size_t to)
{
    static constexpr char kZeros[64] = {};
    // Every padding byte is written: SnapshotReader::align skips exactly as many.
    for (std::size_t pad = (to - m_written % to) % to; pad > 0;) {
        const std::size_t n = std::min(pad, sizeof kZeros);
        raw(kZeros, n);
        pad -= n;
    }
}

QString SnapshotWriter::flush()
{
    if (!failed() && !m_buffer.isEmpty() && m_out.write(m_buffer) != m_buffer.size())
        m_error = m_out.errorString();
    m_buffer.resize(0); // keeps the capacity, unlike clear()
    return m_error;
}

} // namespace lanescope
