#include "discovery.h"

#include "dfxwindows.h"
#include "model/io/json/bytesource.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>
#include <vector>

namespace lanescope {

namespace {

// Base name without a trailing .zst: every artifact may be zstd-compressed.
QString plainName(const QString &fileName)
{
    return fileName.endsWith(QLatin1String(".zst")) ? fileName.chopped(4) : fileName;
}

bool matches(const QString &fileName, const char *pattern)
{
    static thread_local QHash<QString, QRegularExpression> cache;
    const QString p = QLatin1String(pattern);
    auto it = cache.find(p);
    if (it == cache.end())
        it = cache.insert(p, QRegularExpression(QRegularExpression::wildcardToRegularExpression(p)));
    return it->match(plainName(fileName)).hasMatch();
}

// Records file names of every era, current first (§1.3).
const char *const kRecordsPatterns[] = {"chip_swimlane_records*.json", "l2_swimlane_records*.json",
                                        "l2_perf_records*.json", "perf_swimlane_*.json", "records_e*.json"};
// Trace names: the multi-rank trace of a directory conversion first (supplement §2.9), as it
// holds every rank that the per-rank traces below it show one by one.
const char *const kTracePatterns[] = {"l3_swimlane*.json", "merged_swimlane*.json", "CPM_observed*.json",
                                      "CPM_static*.json"};

bool isSwimlaneDirName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^swimlane-[0-9]{1,4}$"));
    return re.match(name).hasMatch();
}

// A directory that holds a retained layout, either the output prefix or one swimlane-<k>/ in it:
// the runs, with `main` the last of them.
bool findRetained(const QDir &dir, DiscoveredFiles &found)
{
    QStringList runs;
    if (isSwimlaneDirName(dir.dirName())) {
        for (const QString &f : dir.entryList(QDir::Files, QDir::Name))
            if (retainedRunEpoch(f))
                runs << dir.filePath(f);
        std::sort(runs.begin(), runs.end(), [](const QString &a, const QString &b) {
            return *retainedRunEpoch(QFileInfo(a).fileName()) < *retainedRunEpoch(QFileInfo(b).fileName());
        });
    } else {
        runs = findRetainedRuns(dir.absolutePath());
    }
    if (runs.isEmpty())
        return false;
    found.kind = MainFileKind::Records;
    found.runFiles = runs;
    found.main = runs.back();
    return true;
}

bool isCompanionName(const QString &fileName)
{
    return matches(fileName, "deps.json") || matches(fileName, "name_map*.json") ||
           matches(fileName, "dispatch_program.json") || matches(fileName, "dispatch_identity.json");
}

// Newest first by name (timestamps are in the names), .zst only when no plain file exists.
QString pickNewest(QStringList names)
{
    if (names.isEmpty())
        return {};
    std::sort(names.begin(), names.end(), [](const QString &a, const QString &b) {
        if (plainName(a) != plainName(b))
            return plainName(a) > plainName(b);
        return a.size() < b.size();
    });
    return names.front();
}

QString findMain(const QDir &dir, MainFileKind &kind)
{
    const QStringList files = dir.entryList(QDir::Files, QDir::Name);
    for (const char *pattern : kRecordsPatterns) {
        QStringList hits;
        for (const QString &f : files)
            if (matches(f, pattern))
                hits << f;
        if (!hits.isEmpty()) {
            kind = MainFileKind::Records;
            return dir.filePath(pickNewest(hits));
        }
    }
    for (const char *pattern : kTracePatterns) {
        QStringList hits;
        for (const QString &f : files)
            if (matches(f, pattern))
                hits << f;
        if (!hits.isEmpty()) {
            kind = MainFileKind::ChromeTrace;
            return dir.filePath(pickNewest(hits));
        }
    }
    return {};
}

QString findFile(const QDir &dir, const QString &name)
{
    for (const QString &candidate : {name, name + QLatin1String(".zst")})
        if (QFileInfo(dir.filePath(candidate)).isFile())
            return dir.filePath(candidate);
    return {};
}

QByteArray sniff(const QString &path)
{
    ReadError ignored;
    auto src = ByteSource::open(path, &ignored);
    if (!src)
        return {};
    QByteArray head(64 * 1024, Qt::Uninitialized);
    std::int64_t got = 0;
    while (got < head.size()) {
        const auto n = src->read(head.data() + got, head.size() - got);
        if (n <= 0)
            break;
        got += n;
    }
    head.truncate(got);
    return head;
}

MainFileKind kindFromContent(const QByteArray &head)
{
    if (head.contains("[STRACE]"))
        return MainFileKind::HostLog;
    if (head.contains("\"task_window_max\""))
        return MainFileKind::ScopeStats;
    if (head.contains("\"traceEvents\""))
        return MainFileKind::ChromeTrace;
    if (head.contains("\"aicore_tasks\"") || head.contains("_swimlane_level\"") ||
        head.contains("\"l2_perf_level\"") || head.contains("\"tasks\""))
        return MainFileKind::Records;
    const QByteArray trimmed = head.trimmed();
    if (trimmed.startsWith('['))
        return MainFileKind::ChromeTrace;
    return MainFileKind::None;
}

// A retained run's companions sit in its output prefix, above swimlane-<k>/ (supplement §5.4, §5.5).
QDir companionDir(const QString &mainFile)
{
    QDir dir = QFileInfo(mainFile).absoluteDir();
    if (retainedRunEpoch(QFileInfo(mainFile).fileName()) && isSwimlaneDirName(dir.dirName()))
        dir.cdUp();
    return dir;
}

// The converter reads dispatch_identity.json beside the records file it converts (upstream §2.8).
// A retained run's may sit in the output prefix with its other companions (inferred), so that is
// the second place looked in.
QString dispatchIdentityOf(const QString &recordsFile)
{
    const QString name = QStringLiteral("dispatch_identity.json");
    const QDir own = QFileInfo(recordsFile).absoluteDir();
    const QString beside = findFile(own, name);
    const QDir prefix = companionDir(recordsFile);
    if (!beside.isEmpty() || prefix.absolutePath() == own.absolutePath())
        return beside;
    return findFile(prefix, name);
}

void findSiblings(DiscoveredFiles &found)
{
    const QDir dir = companionDir(found.main);
    // The hints belong to the build, whatever form its capture took.
    found.reportDir = reportDirOf(dir.absolutePath());
    if (!found.reportDir.isEmpty())
        found.perfHints = findFile(QDir(found.reportDir), QStringLiteral("perf_hints.log"));
    if (found.kind != MainFileKind::Records)
        return;
    found.deps = findFile(dir, QStringLiteral("deps.json"));
    found.dispatchIdentity = dispatchIdentityOf(found.main);
    found.runDispatchIdentities.clear();
    for (const QString &run : found.runFiles)
        found.runDispatchIdentities << dispatchIdentityOf(run);
    QStringList maps;
    for (const QString &f : dir.entryList(QDir::Files, QDir::Name))
        if (matches(f, "name_map*.json"))
            maps << f;
    if (maps.size() == 1) {
        found.nameMap = dir.filePath(maps.front());
    } else if (maps.size() > 1) {
        // The reference converter refuses to guess between several maps (§1.2); so do we.
        found.notes << QStringLiteral(
                           "%1 name maps beside the capture (%2): none used, labels fall back to func ids")
                           .arg(maps.size())
                           .arg(maps.join(QStringLiteral(", ")));
    }
    found.scopeStats =
        findFile(QDir(dir.filePath(QStringLiteral("scope_stats"))), QStringLiteral("scope_stats.jsonl"));
    if (found.scopeStats.isEmpty())
        found.scopeStats = findFile(dir, QStringLiteral("scope_stats.jsonl"));
    // Host logs have no fixed name (§9.1): take a *.log sibling that carries [STRACE] records.
    QStringList logs;
    for (const QString &f :
         dir.entryList({QStringLiteral("*.log"), QStringLiteral("*.log.zst")}, QDir::Files, QDir::Name))
        if (sniff(dir.filePath(f)).contains("[STRACE]"))
            logs << f;
    if (logs.size() == 1)
        found.hostLog = dir.filePath(logs.front());
    else if (logs.size() > 1)
        found.notes << QStringLiteral("%1 [STRACE] logs beside the capture (%2): none used")
                           .arg(logs.size())
                           .arg(logs.join(QStringLiteral(", ")));
}

const QRegularExpression &rankLeafPattern()
{
    static const QRegularExpression re(QStringLiteral("(?:^|/)rank([0-9]{1,6})/d([0-9]{1,6})$"));
    return re;
}

// Several captures below one directory form an L3 output when every one of them is a
// rank<N>/d<M>/ leaf under the same prefix (supplement §2.9, §5.4 SceneTest layout).
bool isRankLayout(const QStringList &leaves)
{
    if (leaves.size() < 2)
        return false;
    QString prefix;
    for (const QString &leaf : leaves) {
        const auto m = rankLeafPattern().match(leaf);
        if (!m.hasMatch())
            return false;
        const QString p = leaf.left(m.capturedStart(0));
        if (&leaf != &leaves.front() && p != prefix)
            return false;
        prefix = p;
    }
    return true;
}

// A kernel-mode output folder (dfxwindows.h): says which window_* entries are not windows, and
// when window 0 wrote nothing in `dir`, opens the first window that did.
void openDfxWindows(QDir &dir, DiscoveredFiles &found)
{
    const DfxWindows windows = findDfxWindows(dir.absolutePath());
    for (const QString &skipped : windows.skipped)
        found.notes << QStringLiteral("not a DFX window, skipped: %1").arg(skipped);
    if (!found.main.isEmpty() || !windows.defaultWindow())
        return;
    dir = QDir(windows.defaultWindow()->path);
    found.main = findMain(dir, found.kind);
    found.notes << QStringLiteral("opened DFX window %1 (%2), the first of %3 in this folder")
                       .arg(windows.defaultWindow()->index)
                       .arg(dir.absolutePath())
                       .arg(windows.windows.size());
}

} // namespace

QString reportDirOf(const QString &captureDir)
{
    const QString clean = QDir::cleanPath(captureDir);
    const bool rankLeaf = rankLeafPattern().match(clean).hasMatch();
    const QString report = QDir::cleanPath(
        clean + (rankLeaf ? QStringLiteral("/../../../report") : QStringLiteral("/../report")));
    return QFileInfo(report).isDir() ? report : QString();
}

QString rankLeafName(const QString &dir)
{
    const auto m = rankLeafPattern().match(QDir::cleanPath(dir));
    return m.hasMatch() ? QStringLiteral("rank %1 · d%2").arg(m.captured(1), m.captured(2)) : QString();
}

std::optional<std::uint32_t> retainedRunEpoch(const QString &fileName)
{
    static const QRegularExpression re(QStringLiteral("^records_e([0-9]{1,10})\\.json(\\.zst)?$"));
    const auto m = re.match(fileName);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const qulonglong epoch = m.captured(1).toULongLong(&ok);
    if (!ok || epoch > 0xFFFFFFFFull)
        return std::nullopt;
    return std::uint32_t(epoch);
}

QStringList findRetainedRuns(const QString &prefix)
{
    const QDir dir(prefix);
    QStringList out;
    QStringList swimlanes;
    for (const QString &sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (isSwimlaneDirName(sub))
            swimlanes << sub;
    // swimlane-<k> are numbered by the collector in creation order: sort by k, not by name.
    std::sort(swimlanes.begin(), swimlanes.end(),
              [](const QString &a, const QString &b) { return a.mid(9).toInt() < b.mid(9).toInt(); });
    for (const QString &sub : swimlanes) {
        const QDir runDir(dir.filePath(sub));
        std::vector<std::pair<std::uint32_t, QString>> runs;
        for (const QString &f : runDir.entryList(QDir::Files, QDir::Name))
            if (const auto epoch = retainedRunEpoch(f))
                runs.emplace_back(*epoch, runDir.filePath(f));
        std::sort(runs.begin(), runs.end());
        // A run published both plain and compressed is one run: keep the plain file.
        for (std::size_t i = 0; i < runs.size(); ++i)
            if (i == 0 || runs[i].first != runs[i - 1].first)
                out << runs[i].second;
    }
    return out;
}

QString recordsFileIn(const QString &dir)
{
    MainFileKind kind = MainFileKind::None;
    const QString main = findMain(QDir(dir), kind);
    return kind == MainFileKind::Records ? main : QString();
}

MainFileKind kindFromName(const QString &fileName)
{
    for (const char *p : kRecordsPatterns)
        if (matches(fileName, p))
            return MainFileKind::Records;
    for (const char *p : kTracePatterns)
        if (matches(fileName, p))
            return MainFileKind::ChromeTrace;
    if (matches(fileName, "scope_stats*.jsonl"))
        return MainFileKind::ScopeStats;
    return MainFileKind::None;
}

DiscoveredFiles discoverCapture(const QString &path, ReadError *error)
{
    DiscoveredFiles found;
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = {path, -1, -1, QStringLiteral("no such file or directory")};
        return found;
    }
    if (info.isDir()) {
        QDir dir(info.absoluteFilePath());
        if (!isSwimlaneDirName(dir.dirName()))
            found.main = findMain(dir, found.kind);
        if (found.main.isEmpty() && findRetained(dir, found)) {
            findSiblings(found);
            return found;
        }
        openDfxWindows(dir, found);
        if (found.main.isEmpty()) {
            // PyPTO writes captures below <work_dir>/dfx_outputs/ (L3: rank<r>/d<k>/ leaves).
            QStringList leaves;
            QDirIterator it(dir.absolutePath(), QDir::Dirs | QDir::NoDotAndDotDot,
                            QDirIterator::Subdirectories);
            int visited = 0;
            while (it.hasNext() && ++visited < 2000) {
                const QString sub = it.next();
                if (QDir(dir).relativeFilePath(sub).count(QLatin1Char('/')) > 3)
                    continue;
                MainFileKind k = MainFileKind::None;
                DiscoveredFiles retained;
                if (isSwimlaneDirName(QFileInfo(sub).fileName()) && findRetained(QDir(sub), retained)) {
                    const QString prefix = QFileInfo(sub).absolutePath();
                    if (!leaves.contains(prefix))
                        leaves << prefix;
                } else if (dfxWindowIndex(QFileInfo(sub).fileName()) && !findMain(QDir(sub), k).isEmpty()) {
                    // A DFX window is part of its output folder's capture, not one of its own.
                    const QString output = QFileInfo(sub).absolutePath();
                    if (!leaves.contains(output))
                        leaves << output;
                } else if (!isSwimlaneDirName(QFileInfo(sub).fileName()) &&
                           !findMain(QDir(sub), k).isEmpty() && !leaves.contains(sub)) {
                    leaves << sub;
                }
            }
            if (leaves.size() == 1) {
                dir = QDir(leaves.front());
                found.main = findMain(dir, found.kind);
                found.notes << QStringLiteral("opened the capture in %1").arg(dir.absolutePath());
                openDfxWindows(dir, found);
                if (found.main.isEmpty() && findRetained(dir, found)) {
                    findSiblings(found);
                    return found;
                }
            } else if (isRankLayout(leaves)) {
                std::sort(leaves.begin(), leaves.end(), [](const QString &a, const QString &b) {
                    const auto ma = rankLeafPattern().match(a), mb = rankLeafPattern().match(b);
                    return std::pair(ma.captured(1).toInt(), ma.captured(2).toInt()) <
                           std::pair(mb.captured(1).toInt(), mb.captured(2).toInt());
                });
                found.kind = MainFileKind::Records;
                found.rankDirs = leaves;
                found.main = leaves.front();
                return found;
            } else if (leaves.size() > 1) {
                *error = {path, -1, -1,
                          QStringLiteral("%1 captures below this directory; open one of them (e.g. %2)")
                              .arg(leaves.size())
                              .arg(leaves.front())};
                return found;
            }
        }
        if (found.main.isEmpty()) {
            *error = {path, -1, -1,
                      QStringLiteral("no capture found (expected chip_swimlane_records.json, a "
                                     "merged_swimlane*.json or an l3_swimlane*.json)")};
            return found;
        }
        findSiblings(found);
        return found;
    }

    const QString fileName = info.fileName();
    if (isCompanionName(fileName)) {
        MainFileKind k = MainFileKind::None;
        const QString main = findMain(info.absoluteDir(), k);
        if (main.isEmpty()) {
            *error = {
                path, -1, -1,
                QStringLiteral("%1 is a companion file and there is no capture beside it").arg(fileName)};
            return found;
        }
        found.kind = k;
        found.main = main;
        findSiblings(found);
        return found;
    }
    found.main = info.absoluteFilePath();
    found.kind = kindFromName(fileName);
    if (found.kind == MainFileKind::None)
        found.kind = kindFromContent(sniff(found.main));
    if (found.kind == MainFileKind::None) {
        *error = {path, 0, -1,
                  QStringLiteral(
                      "not a capture: neither swimlane records, a trace, a [STRACE] log nor scope stats")};
        return found;
    }
    findSiblings(found);
    return found;
}

} // namespace lanescope
