#include "widgets/text/slicedetails.h"

#include "model/capture/labels.h"
#include "model/capture/slicelabel.h"
#include "model/capture/taskindex.h"
#include "widgets/render/hostclockbadge.h"
#include "widgets/text/barstyle.h"
#include "widgets/text/timeformat.h"

#include <QCoreApplication>

namespace lanescope {

namespace {
QString detailsTr(const char *text)
{
    return QCoreApplication::translate("SliceDetails", text);
}

QString stamp(bool known, double us)
{
    return known ? formatDuration(us) : detailsTr("not captured");
}

QString coreName(const TaskRow &row)
{
    return QStringLiteral("%1_%2")
        .arg(row.coreType == CoreType::Aic ? QStringLiteral("AIC") : QStringLiteral("AIV"))
        .arg(row.coreId);
}

struct Spmd
{
    std::size_t block = 0;
    std::size_t rows = 0;
    int blockNum = 0;
};

std::optional<Spmd> spmdOf(const Capture &capture, const TaskRow &row)
{
    if (!isSpmdTask(capture, row.taskId))
        return std::nullopt;
    const auto [first, last] = rowsOfTask(capture.rows, row.taskId);
    Spmd s;
    s.rows = last - first;
    s.block = std::size_t(&row - capture.rows.data()) - first;
    const DepNode *node = capture.deps.find(row.taskId);
    s.blockNum = node ? node->blockNum : int(s.rows);
    return s;
}

QString taskLinks(const Capture &capture, const std::uint32_t *begin, const std::uint32_t *end)
{
    QStringList links;
    constexpr int kMaxLinks = 64;
    for (const std::uint32_t *it = begin; it != end && links.size() < kMaxLinks; ++it) {
        const std::uint64_t id = capture.deps.nodes()[*it].taskId;
        links << QStringLiteral("<a href=\"task:%1\">%2</a>")
                     .arg(id)
                     .arg(taskDisplayId(id, capture.info.taskIdFormat).toHtmlEscaped());
    }
    if (end - begin > kMaxLinks)
        links << detailsTr("… %1 more").arg(end - begin - kMaxLinks);
    return links.isEmpty() ? detailsTr("none") : links.join(QStringLiteral(", "));
}
} // namespace

QStringList taskTimingLines(const TaskRow &row)
{
    const bool aicpu = row.hasAicpu();
    const bool receive = row.flags & TaskRow::HasReceive;
    // The timestamps are read together, one under the other: one precision for all that are known.
    std::vector<double> known{row.startUs, row.endUs};
    if (aicpu)
        known.insert(known.end(), {row.dispatchUs, row.finishUs});
    if (receive)
        known.push_back(row.receiveUs);
    const TimePrecision precision = sharedTimePrecision(known);
    const auto at = [&](bool captured, double us) {
        return captured ? formatTime(us, precision) : detailsTr("not captured");
    };
    QStringList lines;
    lines << detailsTr("Dispatch: %1").arg(at(aicpu, row.dispatchUs));
    if (receive)
        lines << detailsTr("Receive: %1").arg(at(true, row.receiveUs));
    lines << detailsTr("Start: %1").arg(at(true, row.startUs))
          << detailsTr("End: %1").arg(at(true, row.endUs))
          << detailsTr("Finish: %1").arg(at(aicpu, row.finishUs));
    lines << detailsTr("Pickup: %1").arg(stamp(aicpu, row.startUs - row.dispatchUs))
          << detailsTr("Kernel: %1").arg(formatDuration(row.durationUs()))
          << detailsTr("Tail: %1").arg(stamp(aicpu, row.finishUs - row.endUs));
    if (receive)
        lines << detailsTr("Setup (receive → start): %1").arg(formatDuration(row.localSetupUs()));
    return lines;
}

QStringList taskIdLines(const Capture &capture, const TaskRow &row)
{
    QStringList lines;
    lines << detailsTr("Task: %1 (%2)")
                 .arg(row.taskId)
                 .arg(taskDisplayId(row.taskId, capture.info.taskIdFormat));
    lines << detailsTr("Core: %1").arg(coreName(row));
    lines << detailsTr("Func id: %1 (%2)").arg(row.funcId).arg(functionName(row.funcId, capture.names));
    lines << detailsTr("reg_task_id: %1").arg(row.regTaskId);
    if (const auto spmd = spmdOf(capture, row))
        lines << detailsTr("SPMD block: %1 of %2").arg(spmd->block).arg(spmd->blockNum);
    // The compiler's hints joined to this kernel (perf-hints spec B.3): a handful per build at most.
    if (const auto hints = capture.perfHints.hintsOf(row.funcId); !hints.empty()) {
        QStringList codes;
        for (const PerfHint *h : hints)
            codes << (h->code.isEmpty() ? h->rule : h->code);
        codes.removeDuplicates();
        lines << detailsTr("Compiler hints: %1 (%2; see the Compiler hints panel)")
                     .arg(hints.size())
                     .arg(codes.join(QStringLiteral(", ")));
    }
    return lines;
}

QStringList traceSliceLines(const Capture &capture, const Lane &lane, const Slice &slice)
{
    QStringList lines;
    if (lane.kind != LaneKind::Trace)
        return lines;
    if (const std::uint32_t epoch = traceRunEpochOf(capture.traceSliceArgs, capture.strings, slice.ref))
        lines << detailsTr("Run epoch: %1").arg(epoch);
    for (const TraceSliceArg &arg : traceSliceArgsOf(capture.traceSliceArgs, slice.ref)) {
        const QString &key = capture.strings.at(arg.key);
        if (key == QLatin1String(kRunEpochArg.data(), qsizetype(kRunEpochArg.size())))
            continue; // said above
        // "-us" args are durations the converter measured on its own (e.g. scheduler-duration-us).
        lines << QStringLiteral("%1: %2").arg(key, key.endsWith(QLatin1String("-us"))
                                                       ? formatDuration(arg.value)
                                                       : QString::number(arg.value, 'g', 15));
    }
    return lines;
}

QStringList laneTitleLines(const Lane &lane)
{
    QStringList lines{detailsTr("%1 / %2").arg(lane.group, lane.name)};
    if (!lane.detail.isEmpty())
        lines << lane.detail;
    return lines;
}

QString sliceDetailsHtml(const Capture &capture, const Lane &lane, const Slice &slice)
{
    QString label = sliceLabel(capture, lane, slice);
    if (label.isEmpty())
        label = detailsTr("(unnamed)");
    QStringList title = laneTitleLines(lane);
    for (QString &line : title)
        line = line.toHtmlEscaped();
    QString html =
        QStringLiteral("<h3>%1</h3><p>%2</p>").arg(label.toHtmlEscaped(), title.join(QStringLiteral("<br>")));
    auto table = [](const QStringList &rows) {
        QString t = QStringLiteral("<table cellspacing=\"2\">");
        for (const QString &r : rows) {
            const qsizetype split = r.indexOf(QStringLiteral(": "));
            t += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                     .arg(r.left(split).toHtmlEscaped(),
                          split < 0 ? QString() : r.mid(split + 2).toHtmlEscaped());
        }
        return t + QStringLiteral("</table>");
    };
    const TaskRow *row = taskRowOf(capture, lane, slice);
    if (!row) {
        const QStringList ends = formatTimes({slice.startUs, slice.endUs});
        QStringList lines{detailsTr("Start: %1").arg(ends[0]), detailsTr("End: %1").arg(ends[1]),
                          detailsTr("Duration: %1").arg(formatDuration(slice.endUs - slice.startUs))};
        lines << traceSliceLines(capture, lane, slice);
        html += table(lines);
    } else {
        html += QStringLiteral("<h4>%1</h4>").arg(detailsTr("Ids")) + table(taskIdLines(capture, *row));
        html += QStringLiteral("<h4>%1</h4>").arg(detailsTr("Timing")) + table(taskTimingLines(*row));
        if (const std::int64_t node = capture.deps.indexOf(row->taskId); node >= 0) {
            const auto [pb, pe] = capture.deps.predecessors(std::uint32_t(node));
            const auto [sb, se] = capture.deps.successors(std::uint32_t(node));
            html += QStringLiteral("<h4>%1 (%2)</h4><p>%3</p>")
                        .arg(detailsTr("Predecessors"))
                        .arg(pe - pb)
                        .arg(taskLinks(capture, pb, pe));
            html += QStringLiteral("<h4>%1 (%2)</h4><p>%3</p>")
                        .arg(detailsTr("Successors"))
                        .arg(se - sb)
                        .arg(taskLinks(capture, sb, se));
        } else {
            html += QStringLiteral("<p><i>%1</i></p>").arg(detailsTr("Not in the dependency graph."));
        }
    }
    if (const QString clock = hostPlacementDescription(lane, capture.info.hostPlacement); !clock.isEmpty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(clock.toHtmlEscaped());
    return html;
}

std::optional<std::uint64_t> taskOfLink(const QString &link)
{
    if (!link.startsWith(QStringLiteral("task:")))
        return std::nullopt;
    bool ok = false;
    const std::uint64_t id = link.mid(5).toULongLong(&ok);
    return ok ? std::optional(id) : std::nullopt;
}

} // namespace lanescope
