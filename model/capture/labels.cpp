#include "labels.h"

#include "taskindex.h"

#include <algorithm>

namespace lanescope {

namespace {

// Bijective base 26 of n + 1: every n >= 0 has exactly one spelling and there is no zero digit.
QString functionLetters(int funcId)
{
    QString letters;
    for (std::int64_t m = std::int64_t(funcId) + 1; m > 0; m = (m - 1) / 26)
        letters.append(QChar(u'a' + char16_t((m - 1) % 26)));
    std::reverse(letters.begin(), letters.end());
    return letters;
}

QString withTask(const QString &prefix, std::uint64_t taskId)
{
    return prefix + u'(' + taskDisplayId(taskId) + u')';
}

} // namespace

QString taskDisplayId(std::uint64_t taskId)
{
    const auto ring = std::uint32_t((taskId >> 32) & 0xFFu);
    const auto local = std::uint32_t(taskId & 0xFFFFFFFFu);
    if (ring == 0)
        return QStringLiteral("t%1").arg(local);
    return QStringLiteral("r%1t%2").arg(ring).arg(local);
}

QString functionName(int funcId, const NameMap &names)
{
    const auto it = names.names.constFind(funcId);
    if (it != names.names.cend() && !it->isEmpty())
        return *it;
    return QStringLiteral("func_%1_%2").arg(funcId).arg(functionLetters(funcId));
}

QString taskLabel(const Capture &capture, const TaskRow &row)
{
    QString label = row.funcId < 0 ? withTask(QStringLiteral("task"), row.taskId)
                                   : withTask(functionName(row.funcId, capture.names), row.taskId);
    if (!isSpmdTask(capture, row.taskId))
        return label;
    // The reference splits at the first '(' of the whole label, which may sit inside a kernel name.
    const auto paren = label.indexOf(u'(');
    if (!QStringView(label).left(paren).contains(QLatin1String("spmd"), Qt::CaseInsensitive))
        label.insert(paren, QLatin1String("_spmd"));
    return label;
}

QString dummyLabel(std::uint64_t taskId)
{
    return withTask(QStringLiteral("dummy"), taskId);
}

QString allocLabel(std::uint64_t taskId)
{
    return withTask(QStringLiteral("alloc"), taskId);
}

QString schedulerPhaseLabel(const QString &phase, std::uint32_t tasksProcessed)
{
    return phase + u'(' + QString::number(tasksProcessed) + u')';
}

QString orchestratorLabel(const PhaseRecord &record)
{
    return orchestratorLabel(QStringLiteral("orch_submit"), record);
}

QString orchestratorLabel(const QString &phase, const PhaseRecord &record)
{
    // The reference removes every "orch_", not only the prefix, once the name starts with one.
    QString shown = phase;
    if (shown.startsWith(QLatin1String("orch_")))
        shown.remove(QLatin1String("orch_"));
    if (record.hasTaskId())
        return withTask(shown, record.taskId);
    return shown + u'(' + QString::number(record.submitIdx) + u')';
}

} // namespace lanescope
