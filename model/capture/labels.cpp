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

void appendUnsigned(QString &out, std::uint64_t value)
{
    char16_t digits[24];
    char16_t *end = digits;
    do {
        *end++ = char16_t(u'0' + value % 10);
        value /= 10;
    } while (value != 0);
    appendChars(out, digits, end);
}

void appendPart(QString &out, char16_t prefix, std::uint64_t value)
{
    out += prefix;
    appendUnsigned(out, value);
}

void appendDisplayId(QString &out, std::uint64_t taskId, TaskIdFormat layout)
{
    const std::uint64_t low = taskId & 0xFFFFFFFFu;
    switch (layout) {
    case TaskIdFormat::RingLocal:
        // Every ring is spelled out now, r0 included (supplement §8, last bullet).
        appendPart(out, u'r', (taskId >> 32) & 0xFFu);
        appendPart(out, u't', low);
        return;
    case TaskIdFormat::HbgGlobal:
        if (taskId >> 32 == 0) {
            appendPart(out, u't', low);
            return;
        }
        break;
    case TaskIdFormat::HbgInGraph:
        if (taskId >> 32 == 0) {
            appendPart(out, u't', low);
            return;
        }
        if (taskId >> 32 == 1) { // IN_GRAPH: (graph_task_local << 10) | in_graph_local
            appendPart(out, u'g', low >> 10);
            appendPart(out, u't', low & 0x3FFu);
            return;
        }
        break;
    case TaskIdFormat::HbgSubTask:
        switch (taskId >> 62) {
        case 0:
            if (((taskId >> 32) & 0x3FFFFFFFu) == 0) {
                appendPart(out, u't', low);
                return;
            }
            break;
        case 1:
            if (((taskId >> 52) & 0x3FFu) == 0) { // bits 61:52 are reserved zero
                appendPart(out, u'g', (taskId >> 32) & 0xFFFFFu);
                appendPart(out, u't', low);
                return;
            }
            break;
        case 2:
            if (((taskId >> 32) & 0x3FFFFFFFu) == 0) {
                appendPart(out, u'p', low);
                return;
            }
            break;
        default:
            break; // space 3: invalid
        }
        break;
    }
    appendPart(out, u'?', taskId);
}

void appendTask(QString &out, std::uint64_t taskId, TaskIdFormat layout)
{
    out += u'(';
    appendDisplayId(out, taskId, layout);
    out += u')';
}

QString withTask(QStringView prefix, std::uint64_t taskId, TaskIdFormat layout)
{
    QString label;
    label.reserve(prefix.size() + 24);
    label += prefix;
    appendTask(label, taskId, layout);
    return label;
}

// "<letter><digits>" at `at`: the number, and `at` moved past it.
std::optional<std::uint64_t> takePart(QStringView text, qsizetype &at, char16_t letter, std::uint64_t max)
{
    if (at >= text.size() || text[at].toLower() != QChar(letter))
        return std::nullopt;
    qsizetype end = at + 1;
    std::uint64_t v = 0;
    while (end < text.size() && text[end].isDigit()) {
        const auto d = std::uint64_t(text[end].unicode() - u'0');
        if (v > (max - d) / 10)
            return std::nullopt;
        v = v * 10 + d;
        ++end;
    }
    if (end == at + 1)
        return std::nullopt;
    at = end;
    return v;
}

} // namespace

QString taskDisplayId(std::uint64_t taskId, TaskIdFormat layout)
{
    QString id;
    appendDisplayId(id, taskId, layout);
    return id;
}

std::optional<std::uint64_t> parseTaskDisplayId(QStringView text, TaskIdFormat layout)
{
    const QStringView t = text.trimmed();
    bool ok = false;
    if (const std::uint64_t id = t.toULongLong(&ok); ok)
        return id;
    constexpr std::uint64_t kWord = 0xFFFFFFFFu;
    qsizetype at = 0;
    auto done = [&](std::uint64_t id) {
        return at == t.size() ? std::optional<std::uint64_t>(id) : std::nullopt;
    };
    switch (layout) {
    case TaskIdFormat::RingLocal: {
        // "r<ring>t<local>", or "t<local>": ring 0 as older traces spelled it.
        std::uint64_t ring = 0;
        if (const auto r = takePart(t, at, u'r', 0xFFu))
            ring = *r;
        const auto local = takePart(t, at, u't', kWord);
        return local ? done((ring << 32) | *local) : std::nullopt;
    }
    case TaskIdFormat::HbgGlobal:
    case TaskIdFormat::HbgInGraph:
    case TaskIdFormat::HbgSubTask: {
        if (layout == TaskIdFormat::HbgSubTask)
            if (const auto p = takePart(t, at, u'p', kWord))
                return done((std::uint64_t(2) << 62) | *p);
        if (layout != TaskIdFormat::HbgGlobal) {
            const bool inGraph = layout == TaskIdFormat::HbgInGraph;
            qsizetype g = at;
            if (const auto graph = takePart(t, g, u'g', inGraph ? (kWord >> 10) : 0xFFFFFu)) {
                at = g;
                const auto node = takePart(t, at, u't', inGraph ? 0x3FFu : kWord);
                if (!node)
                    return std::nullopt;
                return done(inGraph ? (std::uint64_t(1) << 32) | (*graph << 10) | *node
                                    : (std::uint64_t(1) << 62) | (*graph << 32) | *node);
            }
        }
        const auto local = takePart(t, at, u't', kWord);
        return local ? done(*local) : std::nullopt;
    }
    }
    return std::nullopt;
}

bool taskIdLayoutDependsOnIds(const QString &runtime)
{
    return runtime == QLatin1String("host_build_graph");
}

TaskIdFormat taskIdFormatFor(const QString &runtime, const std::vector<std::uint64_t> &ids, bool *fitsNeither)
{
    if (fitsNeither)
        *fitsNeither = false;
    if (!taskIdLayoutDependsOnIds(runtime))
        return TaskIdFormat::RingLocal;
    bool subTask = false, inGraph = false, wide = false;
    for (const std::uint64_t id : ids) {
        if (id == ~std::uint64_t(0))
            continue; // invalid in both layouts
        const std::uint64_t space = id >> 62;
        subTask = subTask || space == 1 || space == 2;
        inGraph = inGraph || id >> 32 == 1;
        wide = wide || id >> 32 != 0;
    }
    // The metadata cannot tell the layouts apart: #2299 was still open when the newest captures
    // were written, so the ids decide, in this order.
    if (subTask)
        return TaskIdFormat::HbgSubTask;
    if (inGraph)
        return TaskIdFormat::HbgInGraph;
    if (!wide)
        return TaskIdFormat::HbgGlobal;
    if (fitsNeither)
        *fitsNeither = true;
    return TaskIdFormat::HbgSubTask;
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
    appendTask(label, row.taskId, capture.info.taskIdFormat);
    if (!isSpmdTask(capture, row.taskId))
        return label;
    // The reference splits at the first '(' of the whole label, which may sit inside a kernel name.
    const auto paren = label.indexOf(u'(');
    if (!QStringView(label).left(paren).contains(QLatin1String("spmd"), Qt::CaseInsensitive))
        label.insert(paren, QLatin1String("_spmd"));
    return label;
}

QString dummyLabel(std::uint64_t taskId, TaskIdFormat layout)
{
    return withTask(u"dummy", taskId, layout);
}

QString allocLabel(std::uint64_t taskId, TaskIdFormat layout)
{
    return withTask(u"alloc", taskId, layout);
}

QString schedulerPhaseLabel(const QString &phase, std::uint32_t tasksProcessed)
{
    return phase + u'(' + QString::number(tasksProcessed) + u')';
}

QString aicoreSchedulerLabel(const QString &phase, const PhaseRecord &record, TaskIdFormat layout)
{
    const QString shown = aicoreDisplayName(phase);
    return record.hasTaskId() ? withTask(shown, record.taskId, layout) : shown;
}

QString orchestratorLabel(const PhaseRecord &record, TaskIdFormat layout)
{
    return orchestratorLabel(QStringLiteral("orch_submit"), record, layout);
}

QString orchestratorLabel(const QString &phase, const PhaseRecord &record, TaskIdFormat layout)
{
    // The reference removes every "orch_", not only the prefix, once the name starts with one.
    QString shown = phase;
    if (shown.startsWith(QLatin1String("orch_")))
        shown.remove(QLatin1String("orch_"));
    if (record.hasTaskId())
        return withTask(shown, record.taskId, layout);
    return shown + u'(' + QString::number(record.submitIdx) + u')';
}

} // namespace lanescope
