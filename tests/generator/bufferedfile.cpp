#include "bufferedfile.h"

namespace lanescope {

BufferedFile::BufferedFile(const QString &path) : m_file(path)
{
    m_failed = !m_file.open(QIODevice::WriteOnly | QIODevice::Truncate);
    m_buffer.reserve(kFlushBytes + 4096);
}

BufferedFile::~BufferedFile()
{
    close();
}

BufferedFile &BufferedFile::putMicros(std::int64_t ns)
{
    if (ns < 0) {
        put('-');
        ns = -ns;
    }
    number(ns / 1000);
    const auto frac = int(ns % 1000);
    const char digits[4] = {'.', char('0' + frac / 100), char('0' + frac / 10 % 10), char('0' + frac % 10)};
    m_buffer.append(digits, 4);
    return *this;
}

void BufferedFile::flush()
{
    if (m_buffer.empty())
        return;
    if (m_file.isOpen() && m_file.write(m_buffer.data(), qint64(m_buffer.size())) != qint64(m_buffer.size()))
        m_failed = true;
    m_buffer.clear();
}

bool BufferedFile::close()
{
    if (!m_file.isOpen())
        return !m_failed && m_buffer.empty();
    flush();
    m_file.close();
    return !m_failed;
}

} // namespace lanescope
