#include "dfxwindows.h"

#include "discovery.h"
#include "model/io/json/bytesource.h"
#include "model/io/json/jsoncursor.h"
#include "model/io/records/metadatareader.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>

namespace lanescope {

namespace {

// Enough for any metadata seen (core tables, clock anchors, a boundary per launch), little enough
// to read for every window of a folder each time it is opened.
constexpr qsizetype kLaunchCountHeadBytes = 1 << 20;

QByteArray headOf(const QString &file)
{
    ReadError ignored;
    const auto source = ByteSource::open(file, &ignored);
    if (!source)
        return {};
    QByteArray head(kLaunchCountHeadBytes, Qt::Uninitialized);
    qsizetype got = 0;
    while (got < head.size()) {
        const std::int64_t n = source->read(head.data() + got, head.size() - got);
        if (n <= 0)
            break;
        got += qsizetype(n);
    }
    head.truncate(got);
    return head;
}

} // namespace

// The runtime names window i "window_<i>" (i >= 1); anything else that starts alike is reported,
// not guessed at: window_01 might be a copy of window_1, window_0 a copy of the folder itself.
std::optional<int> dfxWindowIndex(const QString &folderName)
{
    static const QRegularExpression re(QStringLiteral("^window_([1-9][0-9]{0,5})$"));
    const auto m = re.match(folderName);
    return m.hasMatch() ? std::optional(m.captured(1).toInt()) : std::nullopt;
}

const DfxWindow *DfxWindows::find(int index) const
{
    const auto it = std::find_if(windows.begin(), windows.end(),
                                 [index](const DfxWindow &w) { return w.index == index; });
    return it == windows.end() ? nullptr : &*it;
}

QString DfxWindows::indexList() const
{
    QStringList indexes;
    for (const DfxWindow &w : windows)
        indexes << QString::number(w.index);
    return indexes.join(QStringLiteral(", "));
}

DfxWindows findDfxWindows(const QString &outputDir)
{
    DfxWindows out;
    const QFileInfo info(outputDir);
    if (!info.isDir())
        return out;
    const QDir dir(info.absoluteFilePath());
    const QString self = info.canonicalFilePath();
    // Every entry named so, files and broken links included (QDir::System), to say why each is not
    // a window rather than pass over it in silence.
    const QStringList names =
        dir.entryList({QStringLiteral("window_*")},
                      QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
    std::vector<std::pair<QString, QString>> seen; // canonical path, name
    for (const QString &name : names) {
        const QFileInfo entry(dir.filePath(name));
        auto skip = [&](const QString &why) { out.skipped << QStringLiteral("%1: %2").arg(name, why); };
        const std::optional<int> index = dfxWindowIndex(name);
        if (!index) {
            skip(QStringLiteral("not a window folder name (window_<i>, i from 1)"));
            continue;
        }
        // Listed, yet nothing there: a link to what is gone, or to itself (stat fails with ELOOP).
        if (!entry.exists()) {
            skip(QStringLiteral("a link that leads nowhere (broken, or a loop)"));
            continue;
        }
        if (!entry.isDir()) {
            skip(QStringLiteral("not a folder"));
            continue;
        }
        const QString canonical = entry.canonicalFilePath();
        if (canonical == self) {
            skip(QStringLiteral("a link back to this folder"));
            continue;
        }
        const auto twin =
            std::find_if(seen.begin(), seen.end(), [&](const auto &s) { return s.first == canonical; });
        if (twin != seen.end()) {
            skip(QStringLiteral("the same folder as %1").arg(twin->second));
            continue;
        }
        if (!entry.isReadable() || !entry.isExecutable()) {
            skip(QStringLiteral("cannot be read"));
            continue;
        }
        const QString records = recordsFileIn(entry.absoluteFilePath());
        if (records.isEmpty()) {
            skip(QStringLiteral("no records file in it"));
            continue;
        }
        seen.emplace_back(canonical, name);
        out.windows.push_back({*index, entry.absoluteFilePath(), records, std::nullopt});
    }
    if (out.windows.empty())
        return out;
    if (const QString records = recordsFileIn(dir.absolutePath()); !records.isEmpty())
        out.windows.push_back({0, dir.absolutePath(), records, std::nullopt});
    std::sort(out.windows.begin(), out.windows.end(),
              [](const DfxWindow &a, const DfxWindow &b) { return a.index < b.index; });
    return out;
}

QString dfxOutputFolderOf(const QString &path)
{
    const QFileInfo info(path);
    if (!info.isDir())
        return {};
    const QString given = QDir::cleanPath(info.absoluteFilePath()); // "dfx_outputs/" too
    if (!findDfxWindows(given).windows.empty())
        return given;
    ReadError error;
    const DiscoveredFiles files = discoverCapture(path, &error);
    if (files.kind != MainFileKind::Records || files.main.isEmpty() || !files.rankDirs.isEmpty())
        return {};
    QDir output = QFileInfo(files.main).absoluteDir();
    if (dfxWindowIndex(output.dirName()))
        output.cdUp();
    // Only below `path`: the folder given, or one of the windows in it, has been looked at above.
    if (!output.absolutePath().startsWith(given + u'/'))
        return {};
    return findDfxWindows(output.absolutePath()).windows.empty() ? QString() : output.absolutePath();
}

void countLaunches(DfxWindows &windows)
{
    for (DfxWindow &w : windows.windows)
        w.launches = launchCountOf(w.records);
}

std::optional<std::uint64_t> launchCountOf(const QString &recordsFile)
{
    const auto source = ByteSource::fromMemory(headOf(recordsFile), recordsFile);
    JsonCursor cursor(*source);
    if (cursor.peek() != JsonCursor::Type::Object || !cursor.enterObject())
        return std::nullopt;
    RawRecords raw;
    MetadataReader metadata(cursor, raw);
    std::string key;
    // The boundaries sit in metadata, or at the top level in some files (supplement §4.5); a member
    // cut off by the end of the head fails the cursor, and the count is then unknown.
    while (!raw.runBoundaries && cursor.ok() && cursor.nextMember(key)) {
        if (key == "metadata")
            metadata.read();
        else if (key == "run_boundaries")
            metadata.readRunBoundaryMember(key);
        else
            cursor.skip();
    }
    return raw.runBoundaries;
}

} // namespace lanescope
