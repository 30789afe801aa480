#include "runargument.h"

#include <QFileInfo>

namespace lanescope {

QString parseRunArgument(const QString &text, RunArgument &run)
{
    bool ok = false;
    const qulonglong epoch = text.toULongLong(&ok);
    if (!ok || epoch == 0 || epoch > 0xFFFFFFFFull)
        return QStringLiteral("--run needs a run epoch (a positive integer), not \"%1\"").arg(text);
    run.epoch = std::uint32_t(epoch);
    return {};
}

std::shared_ptr<Capture> chooseRun(const LoadResult &loaded, const RunArgument &run, const QString &path,
                                   QTextStream &err)
{
    const CaptureRuns &runs = loaded.runs;
    const QString where = QFileInfo(path).isDir() ? QStringLiteral("folder") : QStringLiteral("file");
    if (run.epoch) {
        if (auto found = runs.find(*run.epoch))
            return found;
        QStringList names;
        for (const auto &r : runs.runs)
            names << runName(r->info.runEpoch);
        err << QStringLiteral("%1: no run %2 in this %3 (it holds %4)\n")
                   .arg(path)
                   .arg(*run.epoch)
                   .arg(where, names.join(QStringLiteral(", ")));
        return nullptr;
    }
    if (runs.size() > 1)
        err << QStringLiteral("%1 runs in this %2; using %3 — --run to choose\n")
                   .arg(runs.size())
                   .arg(where, runName(runs.defaultRun()->info.runEpoch));
    return runs.defaultRun();
}

} // namespace lanescope
