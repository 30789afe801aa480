#pragma once

// Runs one companion reader (deps, scope stats, host log …) on a file or on bytes, keeping
// everything it reports, for the reader tests.

#include "model/io/json/bytesource.h"

#include <QStringList>

namespace lanescope {

template <typename Out> struct ReaderRun
{
    bool ok = false;
    Out value;
    QStringList warnings;
    ReadError error;
};

// `read(source, value, warnings, &error)` returns whether anything usable was read.
template <typename Out, typename Read> ReaderRun<Out> runReaderOnFile(const QString &path, Read read)
{
    ReaderRun<Out> r;
    if (auto source = ByteSource::open(path, &r.error))
        r.ok = read(*source, r.value, r.warnings, &r.error);
    return r;
}

template <typename Out, typename Read>
ReaderRun<Out> runReaderOnBytes(const QByteArray &bytes, const QString &name, Read read)
{
    ReaderRun<Out> r;
    auto source = ByteSource::fromMemory(bytes, name);
    r.ok = read(*source, r.value, r.warnings, &r.error);
    return r;
}

} // namespace lanescope
