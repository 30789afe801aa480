#include "snapshotreader.h"

namespace lanescope {

void SnapshotReader::fail(const QString &why)
{
    if (ok())
        m_error = QStringLiteral("byte %1: %2").arg(m_position).arg(why);
}

const unsigned char *SnapshotReader::take(std::size_t size)
{
    if (!ok())
        return nullptr;
    if (size > remaining()) {
        fail(QStringLiteral("ends %1 bytes early").arg(size - remaining()));
        return nullptr;
    }
    const unsigned char *p = m_data + m_position;
    m_position += size;
    return p;
}

std::size_t SnapshotReader::count(std::size_t minElementBytes)
{
    const auto n = pod<std::uint64_t>();
    if (!ok())
        return 0;
    if (minElementBytes > 0 && n > remaining() / minElementBytes) {
        fail(QStringLiteral("a count of %1 does not fit the %2 bytes left").arg(n).arg(remaining()));
        return 0;
    }
    return std::size_t(n);
}

} // namespace lanescope
