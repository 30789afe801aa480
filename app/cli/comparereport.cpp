#include "app/cli/comparereport.h"

#include "app/cli/taskdiffoutput.h"

#include "model/capture/labels.h"
#include "model/format/durationtext.h"
#include "model/format/metrictext.h"
#include "model/format/runspreadtext.h"
#include "model/format/taskdifftext.h"
#include "widgets/export/timelinepicture.h"
#include "widgets/render/timelineindex.h"
#include "widgets/style/verdictcolours.h"

#include <QPainter>
#include <cmath>

namespace lanescope {

namespace {

constexpr int kLabelHeightPx = 26;
constexpr int kMaxPanelHeightPx = 900; // each side; lanes beyond it are cut, as in a window

QString deltaText(const MetricComparison &m)
{
    return formatMetricChange(m.delta, m.deltaRelative, m.unit);
}

QString htmlEscaped(const QString &s)
{
    return s.toHtmlEscaped();
}

// The noise rule the verdicts used (capturecomparison.h), in words.
QString noiseSentence()
{
    const NoiseThresholds n;
    return QStringLiteral(
               "Noise: counts are exact; timings within %1 % of Before are inconclusive (only equal "
               "timings read unchanged) and shares within %2 percentage points unchanged; an invariant "
               "within noise held, beyond it broke. Swimlane timings are instrumented: compare them "
               "only relative to each other; the headline number is a plain benchmark run.")
        .arg(n.timingRelative * 100)
        .arg(n.shareAbsolute * 100);
}

// "- Runs: 3 before, 2 after (…)\n" when a side has repeated runs, else empty.
QString runsSentence(const CaptureComparison &c)
{
    if (c.beforeRuns < 2 && c.afterRuns < 2)
        return {};
    return QStringLiteral(
               "- Runs: %1 before, %2 after; a side's value is the median of its runs, and a change "
               "inside the larger of the two sides' ranges is inconclusive\n")
        .arg(c.beforeRuns)
        .arg(c.afterRuns);
}

// Markdown table cells cannot hold a bare pipe or a newline.
QString mdCell(QString s)
{
    return s.replace(u'|', QStringLiteral("\\|")).replace(u'\n', u' ');
}

constexpr int kReportFunctions = 20; // rows of the per-function table
constexpr int kReportBars = 10;      // rows of the largest changes

// The cells of the three diff tables, one list per row, shared by both report formats.
using Rows = std::vector<QStringList>;

Rows functionRows(const TaskDiff &d)
{
    Rows rows;
    for (std::size_t i = 0; i < d.byFunction.size() && i < std::size_t(kReportFunctions); ++i) {
        const FunctionDelta &f = d.byFunction[i];
        rows.push_back({f.name, QString::number(f.beforeRows), QString::number(f.afterRows),
                        QString::number(f.matchedRows), formatDurationDelta(f.meanDeltaUs),
                        formatDurationDelta(f.totalDeltaUs),
                        formatMetricValue(f.shareOfMakespanChange, QStringLiteral("share"))});
    }
    return rows;
}

Rows largestRows(const TaskDiff &d, const Capture &after)
{
    Rows rows;
    for (std::size_t i = 0; i < d.largest.size() && i < std::size_t(kReportBars); ++i) {
        const BarChange &c = d.largest[i];
        const TaskRow &r = after.rows[c.afterRow];
        rows.push_back({taskOfRow(after, c.afterRow), functionName(r.funcId, after.names),
                        QString::number(r.coreId), formatDuration(c.beforeUs), formatDuration(c.afterUs),
                        formatDurationDelta(c.deltaUs())});
    }
    return rows;
}

// The attribution's note on work a side lacks, as a sentence after the paragraph's first.
QString missingWorkSentence(const MakespanAttribution &a)
{
    const QString note = a.missingWorkNote();
    return note.isEmpty() ? QString() : QStringLiteral(" ") + note + u'.';
}

Rows attributionRows(const MakespanAttribution &a)
{
    Rows rows;
    for (const AttributionPart &p : a.parts)
        rows.push_back({p.name, formatDuration(p.beforeUs), formatDuration(p.afterUs),
                        formatDurationDelta(p.deltaUs())});
    rows.push_back({QStringLiteral("Makespan"), formatDuration(a.beforeMakespanUs),
                    formatDuration(a.afterMakespanUs), formatDurationDelta(a.totalDeltaUs())});
    return rows;
}

const QStringList kFunctionHeader = {QStringLiteral("Function"),
                                     QStringLiteral("Before bars"),
                                     QStringLiteral("After bars"),
                                     QStringLiteral("Matched"),
                                     QStringLiteral("Mean Δ"),
                                     QStringLiteral("Total Δ"),
                                     QStringLiteral("Share of the makespan change")};
const QStringList kLargestHeader = {QStringLiteral("Task"),  QStringLiteral("Function"),
                                    QStringLiteral("Core"),  QStringLiteral("Before"),
                                    QStringLiteral("After"), QStringLiteral("Δ")};
const QStringList kAttributionHeader = {QStringLiteral("Part"), QStringLiteral("Before"),
                                        QStringLiteral("After"), QStringLiteral("Δ")};

QString matchSentence(const TaskDiff &d)
{
    QString s = formatDiffMatch(d) + QStringLiteral(". ") + formatDiffCounts(d) + u'.';
    s[0] = s[0].toUpper();
    return s;
}

const QString kAttributionSentence = QStringLiteral("Each side's observed critical path (§12.4) tiles its "
                                                    "makespan, so the parts' changes add up to the makespan "
                                                    "change.");

QString mdTable(const QStringList &header, const Rows &rows)
{
    QString s = QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|");
    for (int i = 0; i < header.size(); ++i)
        s += QStringLiteral(" --- |");
    s += u'\n';
    for (const QStringList &row : rows) {
        QStringList cells;
        for (const QString &c : row)
            cells << mdCell(c);
        s += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    }
    return s;
}

QString htmlTable(const QStringList &header, const Rows &rows)
{
    QString s = QStringLiteral("<table><tr>");
    for (const QString &h : header)
        s += QStringLiteral("<th>%1</th>").arg(htmlEscaped(h));
    s += QStringLiteral("</tr>\n");
    for (const QStringList &row : rows) {
        s += QStringLiteral("<tr>");
        for (const QString &c : row)
            s += QStringLiteral("<td>%1</td>").arg(htmlEscaped(c));
        s += QStringLiteral("</tr>\n");
    }
    return s + QStringLiteral("</table>\n");
}

const QString kDiffAlt = QStringLiteral("The Diff view: After's bars coloured by their change");
const QString kWaterfallAlt = QStringLiteral("The makespan change, part by part");
const QString kTimelinesAlt = QStringLiteral("Before above After on one time axis");

QString mdPicture(const QString &alt, const ReportPicture &picture)
{
    return picture.fileName.isEmpty() ? QString()
                                      : QStringLiteral("\n![%1](%2)\n").arg(alt, picture.fileName);
}

QByteArray htmlPicture(const QString &alt, const ReportPicture &picture)
{
    if (picture.png.isEmpty())
        return {};
    return QStringLiteral("<img alt=\"%1\" src=\"data:image/png;base64,").arg(htmlEscaped(alt)).toUtf8() +
           picture.png.toBase64() + "\">\n";
}

QString taskDiffMarkdown(const CompareReportInput &in, const ReportPictures &pictures)
{
    if (!in.taskDiff || !in.after)
        return {};
    QString s = QStringLiteral("\n## Task diff\n\n") + matchSentence(*in.taskDiff) + QStringLiteral("\n\n");
    s += mdTable(kFunctionHeader, functionRows(*in.taskDiff));
    if (!in.taskDiff->largest.empty())
        s += QStringLiteral("\nLargest changes:\n\n") +
             mdTable(kLargestHeader, largestRows(*in.taskDiff, *in.after));
    s += mdPicture(kDiffAlt, pictures.diff);
    if (in.attribution && in.attribution->available)
        s += QStringLiteral("\n## Where the makespan change came from\n\n") + kAttributionSentence +
             missingWorkSentence(*in.attribution) + QStringLiteral("\n\n") +
             mdTable(kAttributionHeader, attributionRows(*in.attribution)) +
             mdPicture(kWaterfallAlt, pictures.waterfall);
    return s;
}

QByteArray taskDiffHtml(const CompareReportInput &in, const ReportPictures &pictures)
{
    if (!in.taskDiff || !in.after)
        return {};
    QString s =
        QStringLiteral("<h2>Task diff</h2>\n<p>%1</p>\n").arg(htmlEscaped(matchSentence(*in.taskDiff)));
    s += htmlTable(kFunctionHeader, functionRows(*in.taskDiff));
    if (!in.taskDiff->largest.empty())
        s += QStringLiteral("<p>Largest changes:</p>\n") +
             htmlTable(kLargestHeader, largestRows(*in.taskDiff, *in.after));
    QByteArray bytes = s.toUtf8() + htmlPicture(kDiffAlt, pictures.diff);
    if (in.attribution && in.attribution->available)
        bytes += (QStringLiteral("<h2>Where the makespan change came from</h2>\n<p>%1</p>\n")
                      .arg(htmlEscaped(kAttributionSentence + missingWorkSentence(*in.attribution))) +
                  htmlTable(kAttributionHeader, attributionRows(*in.attribution)))
                     .toUtf8() +
                 htmlPicture(kWaterfallAlt, pictures.waterfall);
    return bytes;
}

} // namespace

QImage twinTimelineImage(const Capture &before, const QString &beforeName, const Capture &after,
                         const QString &afterName, int widthPx, CaptureIndexPtr beforeIndex,
                         CaptureIndexPtr afterIndex)
{
    const TimeRange eb = indexFor(before, std::move(beforeIndex))->bars.alignedExtent();
    const TimeRange ea = indexFor(after, std::move(afterIndex))->bars.alignedExtent();
    const double span = std::max({eb.isValid() ? eb.span() : 0.0, ea.isValid() ? ea.span() : 0.0, 1.0});
    auto rangeFrom = [&](const TimeRange &e) {
        const double start = std::isfinite(e.startUs) ? e.startUs : 0.0;
        return fitRange(TimeRange{start, start + span});
    };
    auto panelHeight = [&](const Capture &c) {
        return std::min(kMaxPanelHeightPx, defaultExportSize(c, widthPx).height());
    };
    auto panel = [&](const Capture &c, const TimeRange &extent) {
        TimelinePicture picture; // the timeline alone: the labels below name each side
        picture.size = QSize(widthPx, panelHeight(c));
        picture.range = rangeFrom(extent);
        return picture;
    };
    const TimelinePicture beforePanel = panel(before, eb), afterPanel = panel(after, ea);
    const QSize sb = beforePanel.size, sa = afterPanel.size;
    const QImage top = renderPicture(before, beforePanel);
    const QImage bottom = renderPicture(after, afterPanel);

    QImage out(widthPx, 2 * kLabelHeightPx + sb.height() + sa.height(), QImage::Format_RGB32);
    out.fill(Qt::white);
    QPainter p(&out);
    QFont font = p.font();
    font.setPixelSize(14);
    font.setBold(true);
    p.setFont(font);
    auto label = [&](int y, const QString &text) {
        p.fillRect(QRect(0, y, widthPx, kLabelHeightPx), QColor(0xEE, 0xEE, 0xEE));
        p.setPen(Qt::black);
        p.drawText(QRect(8, y, widthPx - 16, kLabelHeightPx), Qt::AlignVCenter | Qt::AlignLeft, text);
    };
    const QString axis =
        QStringLiteral("  (aligned at its start; both panels span %1)").arg(formatDuration(span));
    label(0, QStringLiteral("Before: ") + beforeName + axis);
    p.drawImage(0, kLabelHeightPx, top);
    label(kLabelHeightPx + sb.height(), QStringLiteral("After: ") + afterName + axis);
    p.drawImage(0, 2 * kLabelHeightPx + sb.height(), bottom);
    return out;
}

QByteArray compareReportMarkdown(const CompareReportInput &in, const ReportPictures &pictures)
{
    const CaptureComparison &c = *in.comparison;
    QString s;
    s += QStringLiteral("# Before/after: %1\n\n")
             .arg(in.techniqueTitle.isEmpty() ? QStringLiteral("general")
                                              : c.technique + QStringLiteral(" — ") + in.techniqueTitle);
    s += QStringLiteral("- Before: `%1`\n- After: `%2`\n").arg(in.beforeName, in.afterName);
    s +=
        QStringLiteral("- Comparable: %1\n").arg(c.comparable ? QStringLiteral("yes") : QStringLiteral("no"));
    for (const QString &r : c.reasons)
        s += QStringLiteral("  - %1\n").arg(r);
    s += runsSentence(c);
    for (const QString &n : c.notes)
        s += QStringLiteral("- Note: %1\n").arg(n);
    s += QStringLiteral("\n| Metric | Name | Before | After | Δ | Expected | Verdict | Why |\n");
    s += QStringLiteral("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (const MetricComparison &m : c.metrics)
        s += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | **%7** | %8 |\n")
                 .arg(metricTag(m.id), mdCell(m.name), formatComparedSide(m, true),
                      formatComparedSide(m, false), deltaText(m), expectedDirectionName(m.expected),
                      verdictName(m.verdict), mdCell(m.reason));
    s += u'\n' + noiseSentence() + u'\n';
    s += taskDiffMarkdown(in, pictures);
    if (const QString timelines = mdPicture(kTimelinesAlt, pictures.timelines); !timelines.isEmpty())
        s += QStringLiteral("\n## Timelines\n") + timelines;
    return s.toUtf8();
}

QByteArray compareReportHtml(const CompareReportInput &in, const ReportPictures &pictures)
{
    const CaptureComparison &c = *in.comparison;
    QString s;
    s += QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Before/after</title>\n"
                        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
                        "td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}") +
         verdictStyleSheet() + QStringLiteral("img{max-width:100%}</style></head><body>\n");
    s += QStringLiteral("<h1>Before/after: %1</h1>\n")
             .arg(htmlEscaped(in.techniqueTitle.isEmpty()
                                  ? QStringLiteral("general")
                                  : c.technique + QStringLiteral(" — ") + in.techniqueTitle));
    s += QStringLiteral("<p>Before: <code>%1</code><br>After: <code>%2</code></p>\n")
             .arg(htmlEscaped(in.beforeName), htmlEscaped(in.afterName));
    s += QStringLiteral("<p>Comparable: %1</p>\n")
             .arg(c.comparable ? QStringLiteral("yes") : QStringLiteral("no"));
    if (!c.reasons.isEmpty()) {
        s += QStringLiteral("<ul>\n");
        for (const QString &r : c.reasons)
            s += QStringLiteral("<li>%1</li>\n").arg(htmlEscaped(r));
        s += QStringLiteral("</ul>\n");
    }
    if (const QString runs = runsSentence(c); !runs.isEmpty())
        s += QStringLiteral("<p>%1</p>\n").arg(htmlEscaped(runs.mid(2).trimmed()));
    for (const QString &n : c.notes)
        s += QStringLiteral("<p>Note: %1</p>\n").arg(htmlEscaped(n));
    s += QStringLiteral("<table><tr><th>Metric</th><th>Name</th><th>Before</th><th>After</th><th>Δ</th>"
                        "<th>Expected</th><th>Verdict</th><th>Why</th></tr>\n");
    for (const MetricComparison &m : c.metrics) {
        const QString cls = verdictCssClass(m.verdict);
        s += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td>"
                            "<td class=\"%7\"><b>%8</b></td><td>%9</td></tr>\n")
                 .arg(htmlEscaped(metricTag(m.id)), htmlEscaped(m.name),
                      htmlEscaped(formatComparedSide(m, true)), htmlEscaped(formatComparedSide(m, false)),
                      htmlEscaped(deltaText(m)), expectedDirectionName(m.expected), cls,
                      verdictName(m.verdict), htmlEscaped(m.reason));
    }
    s += QStringLiteral("</table>\n<p>%1</p>\n").arg(htmlEscaped(noiseSentence()));
    QByteArray bytes = s.toUtf8() + taskDiffHtml(in, pictures);
    if (const QByteArray timelines = htmlPicture(kTimelinesAlt, pictures.timelines); !timelines.isEmpty())
        bytes += "<h2>Timelines</h2>\n" + timelines;
    bytes += "</body></html>\n";
    return bytes;
}

} // namespace lanescope
