#include "app/cli/comparecommand.h"

#include "app/cli/argumentcursor.h"
#include "app/cli/capturename.h"
#include "app/cli/comparereport.h"
#include "app/cli/runargument.h"
#include "app/cli/taskdiffoutput.h"

#include "model/diff/makespanattribution.h"
#include "model/diff/taskdiff.h"
#include "model/format/metrictext.h"
#include "model/io/atomicfile.h"
#include "model/session/capturedocument.h"
#include "model/techniques/capturecomparison.h"
#include "model/techniques/confirmationmetrics.h"
#include "model/techniques/techniquecatalogue.h"
#include "widgets/export/timelinepicture.h"

#include <QDir>
#include <QFileInfo>
#include <nlohmann/json.hpp>

namespace lanescope {

namespace {

constexpr char kUsage[] =
    "usage: lanescope compare BEFORE AFTER [--technique ID] [--json] [-o REPORT.md|REPORT.html] [--sim "
    "before|after|both]\n"
    "                 [--run EPOCH]\n"
    "  --technique ID   a catalogue id (\"01a\" or \"01a-larger-tiling\") or \"general\" (default)\n"
    "  --sim WHICH      tag captures as simulator runs (the files cannot tell); the other is onboard\n"
    "  --run EPOCH      the run of each side to compare (default: the last run of each)\n";
constexpr char kCataloguePath[] = ":/techniques/catalogue.json";

using json = nlohmann::ordered_json;

struct CompareRequest
{
    QString before;
    QString after;
    QString technique = QStringLiteral("general");
    bool json = false;
    QString report;
    CompareOptions options;
    RunArgument run;
    bool help = false;
};

QString parseArguments(const QStringList &args, CompareRequest &r)
{
    QStringList paths;
    for (ArgumentCursor cursor(args); cursor.next();) {
        const QString &arg = cursor.argument();
        const QString &option = cursor.option();
        if (option == QLatin1String("-h") || option == QLatin1String("--help")) {
            r.help = true;
            return {};
        }
        if (option == QLatin1String("--json")) {
            r.json = true;
        } else if (option == QLatin1String("--technique")) {
            const auto v = cursor.value();
            if (!v || v->isEmpty())
                return QStringLiteral("--technique needs an id");
            r.technique = *v;
        } else if (option == QLatin1String("-o") || option == QLatin1String("--output")) {
            const auto v = cursor.value();
            if (!v || v->isEmpty())
                return QStringLiteral("%1 needs a file name").arg(option);
            r.report = *v;
        } else if (const auto error = takeRunOption(cursor, r.run)) {
            if (!error->isEmpty())
                return *error;
        } else if (option == QLatin1String("--sim")) {
            const auto v = cursor.value();
            if (v == QStringLiteral("before"))
                r.options.beforeSimulated = true, r.options.afterSimulated = false;
            else if (v == QStringLiteral("after"))
                r.options.beforeSimulated = false, r.options.afterSimulated = true;
            else if (v == QStringLiteral("both"))
                r.options.beforeSimulated = true, r.options.afterSimulated = true;
            else
                return QStringLiteral("--sim wants before, after or both");
        } else if (cursor.isOption()) {
            return QStringLiteral("unknown option %1").arg(arg);
        } else {
            paths << arg;
        }
    }
    if (paths.size() != 2)
        return QStringLiteral("needs exactly two captures, BEFORE and AFTER (got %1)").arg(paths.size());
    r.before = paths[0];
    r.after = paths[1];
    if (!r.report.isEmpty()) {
        const QString suffix = QFileInfo(r.report).suffix().toLower();
        if (suffix != QLatin1String("md") && suffix != QLatin1String("html") &&
            suffix != QLatin1String("htm"))
            return QStringLiteral("the report must end in .md or .html, got \"%1\"").arg(r.report);
    }
    return {};
}

json orNull(const std::optional<double> &v)
{
    return v ? json(*v) : json(nullptr);
}

json comparisonJson(const CaptureComparison &c)
{
    json reasons = json::array();
    for (const QString &r : c.reasons)
        reasons.push_back(r.toStdString());
    json metrics = json::array();
    for (const MetricComparison &m : c.metrics)
        metrics.push_back({{"id", m.id.toStdString()},
                           {"name", m.name.toStdString()},
                           {"unit", m.unit.toStdString()},
                           {"before", orNull(m.before)},
                           {"after", orNull(m.after)},
                           {"delta", orNull(m.delta)},
                           {"expected", expectedDirectionName(m.expected).toStdString()},
                           {"verdict", verdictName(m.verdict).toStdString()},
                           {"reason", m.reason.toStdString()}});
    return {{"technique", c.technique.toStdString()},
            {"comparable", c.comparable},
            {"reasons", reasons},
            {"metrics", metrics}};
}

} // namespace

int runCompareCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    CompareRequest request;
    if (const QString error = parseArguments(args, request); !error.isEmpty()) {
        err << "lanescope compare: " << error << '\n' << kUsage;
        return 1;
    }
    if (request.help) {
        out << kUsage;
        return 0;
    }
    QString catalogueError;
    const auto catalogue = TechniqueCatalogue::fromFile(QString::fromLatin1(kCataloguePath), &catalogueError);
    if (!catalogue) {
        err << "lanescope compare: " << catalogueError << '\n';
        return 2;
    }
    const Technique *technique = nullptr;
    if (request.technique != QLatin1String("general")) {
        technique = catalogue->find(request.technique);
        if (!technique) {
            QStringList ids;
            for (const Technique &t : catalogue->techniques())
                ids << t.shortId;
            err << "lanescope compare: unknown technique \"" << request.technique << "\" (one of general, "
                << ids.join(QStringLiteral(", ")) << ")\n";
            return 1;
        }
    }

    const OpenedDocument opened[2] = {openDocument(request.before), openDocument(request.after)};
    for (const OpenedDocument &o : opened)
        if (!o.ok()) {
            err << o.error.toString() << '\n';
            return 2;
        }
    // Repeated runs of a side are not yet used as such: each side is one of its runs.
    const std::shared_ptr<Capture> sides[2] = {
        chooseRun(opened[0].document->runs, request.run, request.before, err),
        chooseRun(opened[1].document->runs, request.run, request.after, err)};
    if (!sides[0] || !sides[1])
        return 2;
    const Capture &before = *sides[0];
    const Capture &after = *sides[1];
    const MetricSet beforeMetrics = computeMetrics(before);
    const MetricSet afterMetrics = computeMetrics(after);
    const CaptureComparison comparison =
        compareCaptures(before, beforeMetrics, after, afterMetrics, *catalogue,
                        technique ? technique->id : QString(), request.options);
    const TaskDiff diff = diffTasks(before, after);
    const MakespanAttribution attribution = attributeMakespanChange(before, after);

    if (!request.report.isEmpty()) {
        const QString beforeName = captureName(request.before), afterName = captureName(request.after);
        const QByteArray png = pngBytes(twinTimelineImage(before, beforeName, after, afterName, 1600,
                                                          opened[0].document->indexOf(before),
                                                          opened[1].document->indexOf(after)));
        if (png.isEmpty()) {
            err << "lanescope compare: cannot draw the timelines (not enough memory)\n";
            return 2;
        }
        const CompareReportInput input{beforeName,  afterName, technique ? technique->title : QString(),
                                       &comparison, &diff,     &attribution,
                                       &after};
        const QFileInfo reportInfo(request.report);
        QString error;
        if (reportInfo.suffix().toLower() == QLatin1String("md")) {
            // Markdown cannot carry the picture: it goes beside the report, where the user chose to write.
            const QString pictureName = reportInfo.completeBaseName() + QStringLiteral(".timelines.png");
            const QString picturePath = reportInfo.absoluteDir().filePath(pictureName);
            error = writeFileAtomically(picturePath, png);
            if (error.isEmpty())
                error = writeFileAtomically(request.report, compareReportMarkdown(input, pictureName));
        } else {
            error = writeFileAtomically(request.report, compareReportHtml(input, png));
        }
        if (!error.isEmpty()) {
            err << "cannot write " << error << '\n';
            return 2;
        }
    }

    if (request.json) {
        json j = comparisonJson(comparison);
        j["task_diff"] = taskDiffJson(diff, after);
        j["makespan_attribution"] = makespanAttributionJson(attribution);
        out << QString::fromStdString(j.dump(2)) << '\n';
        return 0;
    }
    out << "technique: " << comparison.technique << '\n';
    out << "comparable: " << (comparison.comparable ? "yes" : "no") << '\n';
    for (const QString &r : comparison.reasons)
        out << "  " << r << '\n';
    for (const MetricComparison &m : comparison.metrics)
        out << m.id << "  " << m.name << ": " << formatMetricValue(m.before, m.unit) << " -> "
            << formatMetricValue(m.after, m.unit) << "  Δ "
            << formatMetricChange(m.delta, m.deltaRelative, m.unit) << "  ["
            << expectedDirectionName(m.expected) << "] " << verdictName(m.verdict)
            << (m.reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(m.reason)) << '\n';
    for (const QString &line : taskDiffLines(diff, after) + makespanAttributionLines(attribution))
        out << line << '\n';
    if (!request.report.isEmpty())
        out << QFileInfo(request.report).absoluteFilePath() << '\n';
    return 0;
}

} // namespace lanescope
