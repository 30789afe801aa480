#include "perfhintjoin.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>

namespace lanescope {

namespace {

constexpr int kMaxPtoFiles = 4096;
constexpr qint64 kMaxPtoBytes = qint64(256) << 20;

QString key(const QString &file, int line)
{
    return file + u':' + QString::number(line);
}

QString withoutHalf(const QString &name)
{
    if (name.endsWith(QLatin1String("_aic")) || name.endsWith(QLatin1String("_aiv")))
        return name.chopped(4);
    return name;
}

// The cube's spaces belong to the _aic half of a split kernel, Vec to the _aiv half (spec B.3).
QString halfForSpace(const QString &space)
{
    static const QStringList cube = {QStringLiteral("Mat"), QStringLiteral("Left"), QStringLiteral("Right"),
                                     QStringLiteral("Acc"), QStringLiteral("Bias")};
    if (cube.contains(space))
        return QStringLiteral("_aic");
    if (space == QLatin1String("Vec"))
        return QStringLiteral("_aiv");
    return {};
}

QString unescapeMlir(const QString &s)
{
    QString out;
    out.reserve(s.size());
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s[i] == u'\\' && i + 1 < s.size() && (s[i + 1] == u'"' || s[i + 1] == u'\\'))
            ++i;
        out += s[i];
    }
    return out;
}

} // namespace

void PtoLocations::add(const QString &file, int line, const QString &kernel)
{
    QStringList &names = kernelsAt[key(file, line)];
    if (!names.contains(kernel))
        names << kernel;
}

QStringList PtoLocations::kernelsOf(const HintLocation &where) const
{
    if (!where.isValid())
        return {};
    return kernelsAt.value(key(where.file, where.line));
}

void addPtoLocations(const QByteArray &pto, PtoLocations &into)
{
    static const QRegularExpression func(QStringLiteral("func\\.func\\s+(?:\\w+\\s+)*@\"?([^\\s(\"]+)"));
    static const QRegularExpression loc(
        QStringLiteral("loc\\(\"((?:[^\"\\\\]|\\\\.)*)\":([0-9]+):(-?[0-9]+)\\)"));
    QString kernel;
    qsizetype start = 0;
    while (start < pto.size()) {
        qsizetype end = pto.indexOf('\n', start);
        if (end < 0)
            end = pto.size();
        const QString line = QString::fromUtf8(pto.constData() + start, end - start);
        start = end + 1;
        if (const auto f = func.match(line); f.hasMatch())
            kernel = f.captured(1);
        if (kernel.isEmpty())
            continue;
        for (auto it = loc.globalMatch(line); it.hasNext();) {
            const auto m = it.next();
            bool ok = false;
            const int n = m.captured(2).toInt(&ok);
            if (ok && n > 0)
                into.add(unescapeMlir(m.captured(1)), n, kernel);
        }
    }
}

PtoLocations readPtoLocations(const QString &ptoasDir, QStringList &warnings)
{
    PtoLocations out;
    if (ptoasDir.isEmpty() || !QFileInfo(ptoasDir).isDir())
        return out;
    const QDir dir(ptoasDir);
    const QStringList files = dir.entryList({QStringLiteral("*.pto")}, QDir::Files, QDir::Name);
    int read = 0;
    for (const QString &name : files) {
        if (++read > kMaxPtoFiles) {
            warnings << QStringLiteral("%1: more than %2 .pto files; the rest are not used to place hints")
                            .arg(ptoasDir)
                            .arg(kMaxPtoFiles);
            break;
        }
        QFile f(dir.filePath(name));
        if (f.size() > kMaxPtoBytes || !f.open(QIODevice::ReadOnly)) {
            warnings << QStringLiteral("%1 not used to place hints: %2")
                            .arg(name,
                                 f.size() > kMaxPtoBytes ? QStringLiteral("too large") : f.errorString());
            continue;
        }
        addPtoLocations(f.readAll(), out);
    }
    return out;
}

void joinPerfHints(PerfHints &hints, const NameMap &names, const PtoLocations &pto)
{
    QHash<QString, std::vector<int>> idsByName;
    for (auto it = names.names.constBegin(); it != names.names.constEnd(); ++it)
        idsByName[it.value()].push_back(it.key());
    auto idsOf = [&](const QString &kernel) {
        std::vector<int> ids = idsByName.value(kernel);
        std::sort(ids.begin(), ids.end());
        return ids;
    };
    for (PerfHint &h : hints.hints) {
        h.funcIds.clear();
        h.joinedBy.clear();
        std::vector<int> ids;
        if (!h.functionName.isEmpty()) {
            ids = idsOf(h.functionName);
            h.joinedBy = QStringLiteral("by the function the hint names");
            if (ids.empty()) // the name map may spell the kernel without the mixed-kernel half
                for (const QString &suffix : {QString(), QStringLiteral("_aic"), QStringLiteral("_aiv")})
                    if (ids.empty())
                        ids = idsOf(withoutHalf(h.functionName) + suffix);
        } else if (const QStringList kernels = pto.kernelsOf(h.location); !kernels.isEmpty()) {
            QStringList chosen = kernels;
            const QString half = h.pipeline ? halfForSpace(h.pipeline->space) : QString();
            if (!half.isEmpty()) {
                QStringList halves;
                for (const QString &k : kernels)
                    if (k.endsWith(half))
                        halves << k;
                if (!halves.isEmpty())
                    chosen = halves;
            }
            for (const QString &k : chosen) {
                const std::vector<int> more = idsOf(k);
                ids.insert(ids.end(), more.begin(), more.end());
            }
            h.joinedBy = QStringLiteral("by its source line in ptoas/*.pto");
        }
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        h.funcIds = std::move(ids);
        if (h.funcIds.empty())
            h.joinedBy.clear();
    }
}

} // namespace lanescope
