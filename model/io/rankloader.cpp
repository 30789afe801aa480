#include "rankloader.h"

#include "discovery.h"

#include "model/capture/captureruns.h"
#include "model/capture/rankaxis.h"

namespace lanescope {

LoadResult loadRanks(const QString &path, const QStringList &rankDirs, const LoadControl &control)
{
    LoadResult result;
    std::vector<std::shared_ptr<Capture>> ranks;
    for (const QString &dir : rankDirs) {
        LoadResult rank = loadCapture(dir, control);
        if (!rank.ok()) {
            result.error = rank.error;
            return result;
        }
        std::shared_ptr<Capture> run = rank.runs.defaultRun();
        run->info.rankName = rankLeafName(dir);
        if (rank.runs.size() > 1)
            run->warn(QStringLiteral("%1 holds %2 runs; the last one, %3, stands for the rank")
                          .arg(run->info.rankName)
                          .arg(rank.runs.size())
                          .arg(runName(run->info.runEpoch)));
        ranks.push_back(std::move(run));
    }
    if (const QString problem = rankAxisProblem(ranks); !problem.isEmpty()) {
        result.error = {path, -1, -1, problem};
        return result;
    }
    for (const auto &rank : ranks)
        rank->info.runCount = int(ranks.size());
    result.runs.axis = RunsAxis::HostClock;
    result.runs.runs = std::move(ranks);
    result.capture = result.runs.defaultRun();
    return result;
}

} // namespace lanescope
