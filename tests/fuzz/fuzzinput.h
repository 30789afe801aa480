#pragma once

#include "model/io/json/bytesource.h"

#include <QByteArray>
#include <QCoreApplication>
#include <cstddef>
#include <cstdint>

namespace lanescope {

// Every reader takes a ByteSource: a fuzz input becomes an in-memory source with a stable name,
// so error messages are built exactly as for a real file.
inline std::unique_ptr<ByteSource> fuzzSource(const std::uint8_t *data, std::size_t size, const char *name)
{
    return ByteSource::fromMemory(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
                                  QString::fromLatin1(name));
}

// Readers use QString, QFile and QDir, which need no event loop but do expect an application
// object for locale and file-engine setup; one per process is enough.
inline void ensureCoreApplication()
{
    static int argc = 1;
    static char arg0[] = "lanescope-fuzz";
    static char *argv[] = {arg0, nullptr};
    static QCoreApplication *app = QCoreApplication::instance() ? nullptr : new QCoreApplication(argc, argv);
    (void)app;
}

} // namespace lanescope
