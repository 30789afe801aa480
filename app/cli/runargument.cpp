#include "app/cli/runargument.h"

#include "app/cli/argumentcursor.h"

#include <QFileInfo>

namespace lanescope {

std::optional<QString> takeRunOption(ArgumentCursor &cursor, RunArgument &run)
{
    const QString option = cursor.option();
    if (option != QLatin1String("--run") && option != QLatin1String("--launch") &&
        option != QLatin1String("--rank") && option != QLatin1String("--window"))
        return std::nullopt;
    const auto value = cursor.value();
    bool ok = false;
    const qulonglong n = value ? value->toULongLong(&ok) : 0;
    if (option == QLatin1String("--window")) {
        if (!ok || n > 999999)
            return QStringLiteral("--window needs a DFX window index (0, 1, …), not \"%1\"")
                .arg(value.value_or(QString()));
        run.window = int(n);
    } else if (option == QLatin1String("--run")) {
        if (!ok || n == 0 || n > 0xFFFFFFFFull)
            return QStringLiteral("--run needs a run epoch (a positive integer), not \"%1\"")
                .arg(value.value_or(QString()));
        run.epoch = std::uint32_t(n);
    } else if (option == QLatin1String("--launch")) {
        if (!ok)
            return QStringLiteral("--launch needs a launch number (as run_boundaries gives it), not \"%1\"")
                .arg(value.value_or(QString()));
        run.launch = n;
    } else {
        if (!ok || n > 999999)
            return QStringLiteral("--rank needs a rank number, not \"%1\"").arg(value.value_or(QString()));
        run.rank = int(n);
    }
    return QString();
}

namespace {

bool isAskedFor(const CaptureInfo &info, const RunArgument &run)
{
    if (run.epoch && info.runEpoch != run.epoch)
        return false;
    return !run.launch || launchOrdinalOf(info) == run.launch;
}

// "--launch 3", "--run 2 --launch 3": what was asked for, in the words of the command line.
QString askedFor(const RunArgument &run)
{
    QStringList parts;
    if (run.epoch)
        parts << runName(run.epoch);
    if (run.launch)
        parts << launchName(*run.launch);
    return parts.join(QStringLiteral(" · "));
}

} // namespace

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
    if (run.launch) {
        const CaptureInfo &info = runs.defaultRun()->info;
        if (info.launchesUnknown) {
            err << QStringLiteral(
                       "%1: --launch: the file's launches cannot be told apart (%2 launch boundaries "
                       "were dropped)\n")
                       .arg(path)
                       .arg(info.droppedRunBoundaries.value_or(0));
            return nullptr;
        }
        if (info.launches.empty()) {
            err << QStringLiteral(
                       "%1: --launch: this %2 holds one kernel launch (run_boundaries marks at most "
                       "one)\n")
                       .arg(path, where);
            return nullptr;
        }
    }
    if (run.epoch || run.launch) {
        for (const auto &r : runs.runs)
            if (isAskedFor(r->info, run))
                return r;
        QStringList names;
        for (const auto &r : runs.runs)
            names << runLabel(r->info);
        err << QStringLiteral("%1: no %2 in this %3 (it holds %4)\n")
                   .arg(path, askedFor(run), where, names.join(QStringLiteral(", ")));
        return nullptr;
    }
    if (runs.size() > 1)
        err << QStringLiteral("%1 %2 in this %3; using %4 — %5 to choose\n")
                   .arg(runs.size())
                   .arg(runsNoun(runs), where, runLabel(runs.defaultRun()->info),
                        runs.areRanks()                                ? QStringLiteral("--rank")
                        : runs.defaultRun()->info.launches.empty()     ? QStringLiteral("--run")
                        : runs.defaultRun()->info.runEpoch.has_value() ? QStringLiteral("--run and --launch")
                                                                       : QStringLiteral("--launch"));
    const auto &chosen = runs.defaultRun();
    // Said on every verb, not only among the file info's warnings: every figure would mix launches.
    if (const QString why = notAnalysedText(chosen->info); !why.isEmpty())
        err << QStringLiteral("%1: WARNING: %2\n").arg(path, why);
    return chosen;
}

std::shared_ptr<Capture> chooseAnalysableRun(const CaptureRuns &runs, const RunArgument &run,
                                             const QString &path, QTextStream &err)
{
    auto chosen = chooseRun(runs, run, path, err);
    if (chosen && !isAnalysable(chosen->info)) {
        err << QStringLiteral("%1: not analysed\n").arg(path);
        return nullptr;
    }
    return chosen;
}

} // namespace lanescope
