#pragma once

#include "model/io/readerror.h"

#include <QString>
#include <cstdint>
#include <memory>

namespace lanescope {

// A stream of bytes from a file, transparently zstd-decompressed when the file starts with the zstd
// magic. Readers pull chunks, in order except where a plain file is split between threads; nothing is
// ever written.
class ByteSource
{
public:
    virtual ~ByteSource() = default;
    // Reads up to `max` bytes into `dst`; returns 0 at end of input, -1 on error (see error()).
    virtual std::int64_t read(char *dst, std::int64_t max) = 0;
    // Bytes of the underlying file consumed so far and its size, for progress.
    virtual std::int64_t rawPosition() const = 0;
    virtual std::int64_t rawSize() const = 0;
    const QString &error() const { return m_error; }
    const QString &path() const { return m_path; }
    // A second, independent reader of the same bytes, for a second thread: null where the bytes can
    // only be had in order (a zstd stream).
    virtual std::unique_ptr<ByteSource> reopen() const { return nullptr; }
    // Reads on from `offset` of the bytes; false where the source cannot (a zstd stream), or when
    // the offset is outside them.
    virtual bool seek(std::int64_t offset)
    {
        (void)offset;
        return false;
    }

    // Opens `path` (plain or .zst by magic). On failure returns null and fills `err`.
    static std::unique_ptr<ByteSource> open(const QString &path, ReadError *err);
    // An in-memory source (tests, embedded data).
    static std::unique_ptr<ByteSource> fromMemory(QByteArray data, const QString &name);

protected:
    QString m_error;
    QString m_path;
};

// Upper bound for decompressed bytes from one .zst input: refuses decompression bombs.
constexpr std::int64_t kMaxDecompressedBytes = std::int64_t(64) << 30;

} // namespace lanescope
