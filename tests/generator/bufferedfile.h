#pragma once

#include <QFile>
#include <QString>

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace lanescope {

// A write-only file with a large in-memory buffer and std::to_chars number formatting: the writers
// emit hundreds of millions of small tokens, so nothing here allocates per token or goes through
// QString.
class BufferedFile
{
public:
    explicit BufferedFile(const QString &path);
    ~BufferedFile();
    BufferedFile(const BufferedFile &) = delete;
    BufferedFile &operator=(const BufferedFile &) = delete;

    bool isOpen() const { return m_file.isOpen(); }

    BufferedFile &put(std::string_view s)
    {
        m_buffer.append(s);
        flushIfFull();
        return *this;
    }
    BufferedFile &put(char c)
    {
        m_buffer.push_back(c);
        return *this;
    }
    BufferedFile &put(std::uint64_t v) { return number(v); }
    BufferedFile &put(std::int64_t v) { return number(v); }
    BufferedFile &put(std::uint32_t v) { return number(v); }
    BufferedFile &put(std::int32_t v) { return number(v); }
    // A non-negative count of nanoseconds as microseconds with exactly three decimals.
    BufferedFile &putMicros(std::int64_t ns);
    // JSON string of plain ASCII content (the writers only quote fixed names and ids).
    BufferedFile &putQuoted(std::string_view s) { return put('"').put(s).put('"'); }
    BufferedFile &putQuoted(std::uint64_t v) { return put('"').put(v).put('"'); }

    // Flushes and closes; false when any write failed.
    bool close();

private:
    template <typename T> BufferedFile &number(T v)
    {
        char tmp[24];
        const auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
        m_buffer.append(tmp, std::size_t(r.ptr - tmp));
        flushIfFull();
        return *this;
    }
    void flushIfFull()
    {
        if (m_buffer.size() >= kFlushBytes)
            flush();
    }
    void flush();

    static constexpr std::size_t kFlushBytes = std::size_t(4) << 20;
    QFile m_file;
    std::string m_buffer;
    bool m_failed = false;
};

} // namespace lanescope
