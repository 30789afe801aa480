#include "taskdifftext.h"

namespace lanescope {

QString formatDiffMatch(const TaskDiff &d)
{
    const QString how = QStringLiteral("matched by ") + diffMatchName(d.matchBy);
    return d.matchReason.isEmpty() ? how : how + QStringLiteral(": ") + d.matchReason;
}

QString formatDiffCounts(const TaskDiff &d)
{
    return QStringLiteral("bars: %1 matched, %2 added, %3 removed; tasks: %4 matched, %5 added, %6 removed")
        .arg(d.matchedRows)
        .arg(d.addedRows)
        .arg(d.removedRows)
        .arg(d.matchedTasks)
        .arg(d.addedTasks)
        .arg(d.removedTasks);
}

} // namespace lanescope
