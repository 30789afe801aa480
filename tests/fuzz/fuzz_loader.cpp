// The whole loader on a capture directory. The input is split at the record separator byte 0x1e
// into the records file, deps.json, the name map, scope stats and the host log, written to a
// private scratch directory (never beside any real capture) that loadCapture then opens.
#include "fuzzinput.h"
#include "model/io/loader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

namespace {

const char *const kFiles[] = {"chip_swimlane_records.json", "deps.json", "name_map_fuzz.json",
                              "scope_stats/scope_stats.jsonl", "strace.log"};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    static QTemporaryDir scratch;
    if (!scratch.isValid())
        return 0;
    QDir dir(scratch.path());
    dir.mkpath(QStringLiteral("scope_stats"));
    const QList<QByteArray> parts =
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)).split('\x1e');
    for (int i = 0; i < 5; ++i) {
        const QString path = dir.filePath(QLatin1String(kFiles[i]));
        if (i >= parts.size()) {
            QFile::remove(path);
            continue;
        }
        QFile f(path);
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            f.write(parts[i]);
    }
    const LoadResult result = loadCapture(dir.path());
    if (result.ok()) // the window lays the runs out on one axis after every load
        (void)lanescope::layOutAllRuns(result.runs);
    return 0;
}
