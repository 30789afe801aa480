#include "bytesource.h"

#include <QFile>
#include <QFileInfo>
#include <zstd.h>

#include <cstring>
#include <vector>

namespace lanescope {

namespace {

class FileSource final : public ByteSource
{
public:
    bool open(const QString &path, ReadError *err)
    {
        m_path = path;
        m_file.setFileName(path);
        if (QFileInfo(path).isDir()) {
            *err = {path, -1, -1, QStringLiteral("is a directory, expected a file")};
            return false;
        }
        if (!m_file.open(QIODevice::ReadOnly)) {
            *err = {path, -1, -1, m_file.errorString()};
            return false;
        }
        m_size = m_file.size();
        return true;
    }
    std::int64_t read(char *dst, std::int64_t max) override
    {
        const auto n = m_file.read(dst, max);
        if (n < 0)
            m_error = m_file.errorString();
        else
            m_pos += n;
        return n;
    }
    std::int64_t rawPosition() const override { return m_pos; }
    std::int64_t rawSize() const override { return m_size; }
    std::unique_ptr<ByteSource> reopen() const override
    {
        auto again = std::make_unique<FileSource>();
        ReadError ignored;
        if (!again->open(m_path, &ignored))
            return nullptr;
        return again;
    }
    bool seek(std::int64_t offset) override
    {
        if (offset < 0 || offset > m_size || !m_file.seek(offset))
            return false;
        m_pos = offset;
        return true;
    }
    // Reads the first bytes without consuming them (format sniffing).
    QByteArray peek(qint64 n) { return m_file.peek(n); }

private:
    QFile m_file;
    std::int64_t m_pos = 0;
    std::int64_t m_size = 0;
};

// Streams a zstd frame sequence. Refuses absurd expansion ratios so that a crafted bomb ends in a
// clear error instead of hours of decompression.
class ZstdSource final : public ByteSource
{
public:
    explicit ZstdSource(std::unique_ptr<FileSource> file) : m_file(std::move(file)), m_in(1 << 20)
    {
        m_path = m_file->path();
        m_stream = ZSTD_createDStream();
        ZSTD_initDStream(m_stream);
    }
    ~ZstdSource() override { ZSTD_freeDStream(m_stream); }

    std::int64_t read(char *dst, std::int64_t max) override
    {
        if (!m_error.isEmpty())
            return -1;
        ZSTD_outBuffer out{dst, std::size_t(max), 0};
        while (out.pos == 0) {
            if (m_inBuf.pos == m_inBuf.size) {
                const auto n = m_file->read(m_in.data(), std::int64_t(m_in.size()));
                if (n < 0) {
                    m_error = m_file->error();
                    return -1;
                }
                if (n == 0) {
                    if (m_lastRet != 0) {
                        m_error = QStringLiteral("compressed stream is truncated");
                        return -1;
                    }
                    return 0;
                }
                m_inBuf = {m_in.data(), std::size_t(n), 0};
            }
            const auto ret = ZSTD_decompressStream(m_stream, &out, &m_inBuf);
            if (ZSTD_isError(ret)) {
                m_error = QStringLiteral("zstd: %1").arg(QString::fromLatin1(ZSTD_getErrorName(ret)));
                return -1;
            }
            m_lastRet = ret;
        }
        m_produced += std::int64_t(out.pos);
        const auto raw = std::max<std::int64_t>(m_file->rawPosition(), 1);
        if (m_produced > kMaxDecompressedBytes ||
            (m_produced > (std::int64_t(256) << 20) && m_produced / raw > 2000)) {
            m_error = QStringLiteral("zstd: decompressed size exceeds the safety limit (%1 bytes from %2)")
                          .arg(m_produced)
                          .arg(raw);
            return -1;
        }
        return std::int64_t(out.pos);
    }
    std::int64_t rawPosition() const override { return m_file->rawPosition(); }
    std::int64_t rawSize() const override { return m_file->rawSize(); }

private:
    std::unique_ptr<FileSource> m_file;
    std::vector<char> m_in;
    ZSTD_inBuffer m_inBuf{nullptr, 0, 0};
    ZSTD_DStream *m_stream = nullptr;
    std::size_t m_lastRet = 0;
    std::int64_t m_produced = 0;
};

class MemorySource final : public ByteSource
{
public:
    MemorySource(QByteArray data, const QString &name) : m_data(std::move(data)) { m_path = name; }
    std::int64_t read(char *dst, std::int64_t max) override
    {
        const auto n = std::min<std::int64_t>(max, m_data.size() - m_pos);
        std::memcpy(dst, m_data.constData() + m_pos, std::size_t(n));
        m_pos += n;
        return n;
    }
    std::int64_t rawPosition() const override { return m_pos; }
    std::int64_t rawSize() const override { return m_data.size(); }
    std::unique_ptr<ByteSource> reopen() const override
    {
        return std::make_unique<MemorySource>(m_data, m_path); // shares the bytes
    }
    bool seek(std::int64_t offset) override
    {
        if (offset < 0 || offset > m_data.size())
            return false;
        m_pos = offset;
        return true;
    }

private:
    QByteArray m_data;
    std::int64_t m_pos = 0;
};

} // namespace

std::unique_ptr<ByteSource> ByteSource::open(const QString &path, ReadError *err)
{
    auto file = std::make_unique<FileSource>();
    if (!file->open(path, err))
        return nullptr;
    static const char magic[4] = {'\x28', '\xB5', '\x2F', '\xFD'};
    const QByteArray head = file->peek(4);
    if (head.size() == 4 && std::memcmp(head.constData(), magic, 4) == 0)
        return std::make_unique<ZstdSource>(std::move(file));
    return file;
}

std::unique_ptr<ByteSource> ByteSource::fromMemory(QByteArray data, const QString &name)
{
    return std::make_unique<MemorySource>(std::move(data), name);
}

QString ReadError::toString() const
{
    QString where = file;
    if (line >= 0)
        where += QStringLiteral(": line %1").arg(line);
    else if (byteOffset >= 0)
        where += QStringLiteral(": byte %1").arg(byteOffset);
    return where + QStringLiteral(": ") + message;
}

} // namespace lanescope
