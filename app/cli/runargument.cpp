#include "app/cli/runargument.h"

#include "app/cli/argumentcursor.h"

#include <QFileInfo>

namespace lanescope {

std::optional<QString> takeRunOption(ArgumentCursor &cursor, RunArgument &run)
{
    const bool epoch = cursor.option() == QLatin1String("--run");
    const bool window = cursor.option() == QLatin1String("--window");
    if (!epoch && !window && cursor.option() != QLatin1String("--rank"))
        return std::nullopt;
    const auto value = cursor.value();
    bool ok = false;
    const qulonglong n = value ? value->toULongLong(&ok) : 0;
    if (window) {
        if (!ok || n > 999999)
            return QStringLiteral("--window needs a DFX window index (0, 1, …), not \"%1\"")
                .arg(value.value_or(QString()));
        run.window = int(n);
    } else if (epoch) {
        if (!ok || n == 0 || n > 0xFFFFFFFFull)
            return QStringLiteral("--run needs a run epoch (a positive integer), not \"%1\"")
                .arg(value.value_or(QString()));
        run.epoch = std::uint32_t(n);
    } else {
        if (!ok || n > 999999)
            return QStringLiteral("--rank needs a rank number, not \"%1\"").arg(value.value_or(QString()));
        run.rank = int(n);
    }
    return QString();
}

std::shared_ptr<Capture> chooseRun(const CaptureRuns &runs, const RunArgument &run, const QString &path,
                                   QTextStream &err)
{
    const QString where = QFileInfo(path).isDir() ? QStringLiteral("folder") : QStringLiteral("file");
    if (run.rank) {
        const QString prefix = QStringLiteral("rank %1 ").arg(*run.rank);
        for (const auto &r : runs.runs)
            if (r->info.rankName.startsWith(prefix))
                return r;
        err << QStringLiteral("%1: no rank %2 in this %3\n").arg(path).arg(*run.rank).arg(where);
        return nullptr;
    }
    if (run.epoch) {
        if (auto found = runs.find(*run.epoch))
            return found;
        QStringList names;
        for (const auto &r : runs.runs)
            names << runLabel(r->info);
        err << QStringLiteral("%1: no run %2 in this %3 (it holds %4)\n")
                   .arg(path)
                   .arg(*run.epoch)
                   .arg(where, names.join(QStringLiteral(", ")));
        return nullptr;
    }
    if (runs.size() > 1)
        err << QStringLiteral("%1 %2 in this %3; using %4 — %5 to choose\n")
                   .arg(runs.size())
                   .arg(runsNoun(runs), where, runLabel(runs.defaultRun()->info),
                        runs.areRanks() ? QStringLiteral("--rank") : QStringLiteral("--run"));
    return runs.defaultRun();
}

} // namespace lanescope
