#include "labels.h"

#include "phasevocabulary.h"
#include "taskindex.h"

#include <algorithm>

namespace lanescope {

namespace {

// The label builders append into one string: a zoomed timeline frame builds hundreds of labels,
// and temporaries (or QString::arg(), which parses its pattern) cost more than the characters.

void appendChars(QString &out, char16_t *begin, char16_t *end)
{
    std::reverse(begin, end);
    out.append(reinterpret_cast<const QChar *>(begin), end - begin);
}

void appendNumber(QString &out, std::int64_t value)
{
    char16_t digits[24];
    char16_t *end = digits;
    auto magnitude = value < 0 ? 0 - std::uint64_t(value) : std::uint64_t(value);
    do {
        *end++ = char16_t(u'0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0);
    if (value < 0)
        *end++ = u'-';
    appendChars(out, digits, end);
}

// Bijective base 26 of n + 1: every n >= 0 has exactly one spelling and there is no zero digit.
void appendFunctionLetters(QString &out, int funcId)
{
    char16_t letters[16];
    char16_t *end = letters;
    for (std::int64_t m = std::int64_t(funcId) + 1; m > 0; m = (m - 1) / 26)
        *end++ = char16_t(u'a' + (m - 1) % 26);
    appendChars(out, letters, end);
}

void appendFunctionName(QString &out, int funcId, const NameMap &names)
{
    const auto it = names.names.constFind(funcId);
    if (it != names.names.cend() && !it->isEmpty()) {
        out += *it;
        return;
    }
    out += QLatin1String("func_");
    appendNumber(out, funcId);
    out += u'_';
    appendFunctionLetters(out, funcId);
}

void appendDisplayId(QString &out, std::uint64_t taskId)
{
    const auto ring = std::uint32_t((taskId >> 32) & 0xFFu);
    const auto local = std::uint32_t(taskId & 0xFFFFFFFFu);
    if (ring != 0) {
        out += u'r';
        appendNumber(out, ring);
    }
    out += u't';
    appendNumber(out, local);
}

void appendTask(QString &out, std::uint64_t taskId)
{
    out += u'(';
    appendDisplayId(out, taskId);
    out += u')';
}

QString withTask(QStringView prefix, std::uint64_t taskId)
{
    QString label;
    label.reserve(prefix.size() + 24);
    label += prefix;
    appendTask(label, taskId);
    return label;
}

} // namespace

QString taskDisplayId(std::uint64_t taskId)
{
    QString id;
    appendDisplayId(id, taskId);
    return id;
}

QString functionName(int funcId, const NameMap &names)
{
    const auto it = names.names.constFind(funcId);
    if (it != names.names.cend() && !it->isEmpty())
        return *it;
    QString name;
    appendFunctionName(name, funcId, names);
    return name;
}

QString taskLabel(const Capture &capture, const TaskRow &row)
{
    QString label;
    label.reserve(64);
    if (row.funcId < 0)
        label += QLatin1String("task");
    else
        appendFunctionName(label, row.funcId, capture.names);
    appendTask(label, row.taskId);
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
    return withTask(u"dummy", taskId);
}

QString allocLabel(std::uint64_t taskId)
{
    return withTask(u"alloc", taskId);
}

QString schedulerPhaseLabel(const QString &phase, std::uint32_t tasksProcessed)
{
    return phase + u'(' + QString::number(tasksProcessed) + u')';
}

QString aicoreSchedulerLabel(const QString &phase, const PhaseRecord &record)
{
    const QString shown = aicoreDisplayName(phase);
    return record.hasTaskId() ? withTask(shown, record.taskId) : shown;
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
