#include "app/cli/comparecommand.h"

#include "app/cli/argumentcursor.h"
#include "app/cli/capturename.h"
#include "app/cli/comparereport.h"
#include "app/cli/dfxwindowchoice.h"
#include "app/cli/runargument.h"
#include "app/cli/taskdiffoutput.h"

#include "model/diff/makespanattribution.h"
#include "model/diff/taskdiff.h"
#include "model/format/metrictext.h"
#include "model/format/runspreadtext.h"
#include "model/io/atomicfile.h"
#include "model/session/capturedocument.h"
#include "model/techniques/capturecomparison.h"
#include "model/techniques/confirmationmetrics.h"
#include "model/techniques/sideruns.h"
#include "model/techniques/techniquecatalogue.h"
#include "widgets/export/diffpictures.h"
#include "widgets/export/timelinepicture.h"

#include <QDir>
#include <QFileInfo>
#include <nlohmann/json.hpp>

namespace lanescope {

namespace {

constexpr char kUsage[] =
    "usage: lanescope compare BEFORE AFTER [--technique ID] [--json] [-o REPORT.md|REPORT.html] [--sim "
    "before|after|both]\n"
    "                 [--run EPOCH | --every-run] [--launch K | --every-launch] [--window I]\n"
    "                 [--fail-on regressed[,broken]]\n"
    "       lanescope compare BEFORE... --vs AFTER... [options]\n"
    "  --vs             the captures before it are Before's repeated runs, those after it After's;\n"
    "                   a side's value is the median of its runs, and a change inside the runs'\n"
    "                   spread is inconclusive\n"
    "  --technique ID   a catalogue id (\"01a\" or \"01a-larger-tiling\") or \"general\" (default)\n"
    "  --sim WHICH      tag captures as simulator runs (the files cannot tell); the other is onboard\n"
    "  --run EPOCH      the run of each file to compare (default: the last run of each)\n"
    "  --every-run      every run epoch of each file is a repeated run of its side\n"
    "  --launch K       the kernel launch of each file to compare (a DFX window's run_boundaries)\n"
    "  --every-launch   every launch of each file (of the --run given, else of the last run) is a\n"
    "                   repeated run of its side\n"
    "  --window I       the DFX window of each kernel-mode output folder to compare (default: window 0)\n"
    "  --fail-on LIST   exit with 3 when any metric's verdict is in LIST (regressed, broken)\n";
constexpr char kCataloguePath[] = ":/techniques/catalogue.json";

using json = nlohmann::ordered_json;

struct CompareRequest
{
    QStringList before; // one path each, or several with --vs
    QStringList after;
    bool everyRun = false;
    bool everyLaunch = false;
    std::vector<Verdict> failOn;
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
    qsizetype vsAt = -1; // paths before it are Before's
    for (ArgumentCursor cursor(args); cursor.next();) {
        const QString &arg = cursor.argument();
        const QString &option = cursor.option();
        if (option == QLatin1String("-h") || option == QLatin1String("--help")) {
            r.help = true;
            return {};
        }
        if (option == QLatin1String("--json")) {
            r.json = true;
        } else if (option == QLatin1String("--vs")) {
            if (vsAt >= 0)
                return QStringLiteral("--vs is given twice");
            vsAt = paths.size();
        } else if (option == QLatin1String("--every-run")) {
            r.everyRun = true;
        } else if (option == QLatin1String("--every-launch")) {
            r.everyLaunch = true;
        } else if (option == QLatin1String("--fail-on")) {
            const auto v = cursor.value();
            if (!v || v->isEmpty())
                return QStringLiteral("--fail-on needs regressed, broken or both (regressed,broken)");
            for (const QString &word : v->split(u',')) {
                if (word == QLatin1String("regressed"))
                    r.failOn.push_back(Verdict::Regressed);
                else if (word == QLatin1String("broken"))
                    r.failOn.push_back(Verdict::Broken);
                else
                    return QStringLiteral("--fail-on wants regressed or broken, got \"%1\"").arg(word);
            }
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
    if (vsAt >= 0) {
        r.before = paths.mid(0, vsAt);
        r.after = paths.mid(vsAt);
        if (r.before.isEmpty() || r.after.isEmpty())
            return QStringLiteral(
                       "--vs needs at least one capture on each side (got %1 before it, %2 after it)")
                .arg(r.before.size())
                .arg(r.after.size());
    } else {
        if (paths.size() != 2)
            return QStringLiteral(
                       "needs exactly two captures, BEFORE and AFTER (got %1); several runs per side: "
                       "BEFORE... --vs AFTER...")
                .arg(paths.size());
        r.before = {paths[0]};
        r.after = {paths[1]};
    }
    if (r.everyRun && r.run.epoch)
        return QStringLiteral("--every-run and --run choose differently: give one");
    if (r.everyLaunch && r.run.launch)
        return QStringLiteral("--every-launch and --launch choose differently: give one");
    if (r.everyLaunch && r.everyRun)
        return QStringLiteral("--every-run already takes every launch of every run: give one");
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

json spreadJson(const std::optional<RunSpread> &s)
{
    if (!s)
        return nullptr;
    return {{"runs", s->runs}, {"min", s->min}, {"max", s->max}, {"stdev", s->stdev}};
}

json comparisonJson(const CaptureComparison &c)
{
    json reasons = json::array();
    for (const QString &r : c.reasons)
        reasons.push_back(r.toStdString());
    json notes = json::array();
    for (const QString &n : c.notes)
        notes.push_back(n.toStdString());
    json metrics = json::array();
    for (const MetricComparison &m : c.metrics)
        metrics.push_back({{"id", m.id.toStdString()},
                           {"name", m.name.toStdString()},
                           {"unit", m.unit.toStdString()},
                           {"before", orNull(m.before)},
                           {"after", orNull(m.after)},
                           {"delta", orNull(m.delta)},
                           {"before_runs", m.beforeRuns},
                           {"after_runs", m.afterRuns},
                           {"before_spread", spreadJson(m.beforeSpread)},
                           {"after_spread", spreadJson(m.afterSpread)},
                           {"expected", expectedDirectionName(m.expected).toStdString()},
                           {"verdict", verdictName(m.verdict).toStdString()},
                           {"reason", m.reason.toStdString()}});
    return {{"technique", c.technique.toStdString()},
            {"comparable", c.comparable},
            {"reasons", reasons},
            {"runs", {{"before", c.beforeRuns}, {"after", c.afterRuns}}},
            {"notes", notes},
            {"metrics", metrics}};
}

json compareResultJson(const CaptureComparison &comparison, const TaskDiff &diff, const Capture &after,
                       const MakespanAttribution &attribution)
{
    json j = comparisonJson(comparison);
    j["task_diff"] = taskDiffJson(diff, after);
    j["makespan_attribution"] = makespanAttributionJson(attribution);
    return j;
}

// The catalogue's technique `id` names, null for "general"; `*error` says why there is none else.
const Technique *findTechnique(const TechniqueCatalogue &catalogue, const QString &id, QString *error)
{
    if (id == QLatin1String("general"))
        return nullptr;
    if (const Technique *technique = catalogue.find(id))
        return technique;
    QStringList ids;
    for (const Technique &t : catalogue.techniques())
        ids << t.shortId;
    *error = QStringLiteral("lanescope compare: unknown technique \"%1\" (one of general, %2)")
                 .arg(id, ids.join(QStringLiteral(", ")));
    return nullptr;
}

// One side's captures: each path's chosen run, or with --every-run every run of each path, and
// each run's metrics.
struct Side
{
    std::vector<OpenedDocument> opened;
    SideRuns measured;
};

// --every-run: every run of a file; --every-launch: every launch of the run asked for (else of the
// last). Empty, saying why on `err`, when there are none to take or they cannot be analysed.
std::vector<CapturePtr> everyRunOrLaunch(const CaptureRuns &runs, const CompareRequest &request,
                                         const QString &path, QTextStream &err)
{
    const CaptureInfo &info = runs.defaultRun()->info;
    if (!isAnalysable(info)) {
        err << QStringLiteral("%1: not analysed: %2\n").arg(path, notAnalysedText(info));
        return {};
    }
    if (request.everyRun)
        return {runs.runs.begin(), runs.runs.end()};
    if (info.launches.empty()) {
        err << QStringLiteral(
                   "%1: --every-launch: this file holds one kernel launch (run_boundaries marks at "
                   "most one)\n")
                   .arg(path);
        return {};
    }
    const auto epoch = request.run.epoch ? request.run.epoch : info.runEpoch;
    std::vector<CapturePtr> out;
    for (const auto &run : runs.runs)
        if (run->info.runEpoch == epoch && run->info.launchPosition > 0)
            out.push_back(run);
    if (out.empty())
        err << QStringLiteral("%1: --every-launch: %2 holds no launch\n").arg(path, runName(epoch));
    return out;
}

bool openSide(const QStringList &paths, const CompareRequest &request, Side &side, QTextStream &err)
{
    std::vector<CapturePtr> runs;
    for (const QString &given : paths) {
        const std::optional<QString> input = chooseDfxWindow(given, request.run, err);
        if (!input)
            return false;
        const QString &path = *input;
        side.opened.push_back(openDocument(path));
        const OpenedDocument &o = side.opened.back();
        if (!o.ok()) {
            err << o.error.toString() << '\n';
            return false;
        }
        if (request.everyRun || request.everyLaunch) {
            const auto chosen = everyRunOrLaunch(o.document->runs, request, path, err);
            if (chosen.empty())
                return false;
            runs.insert(runs.end(), chosen.begin(), chosen.end());
        } else if (auto run = chooseAnalysableRun(o.document->runs, request.run, path, err)) {
            runs.push_back(std::move(run));
        } else {
            return false;
        }
    }
    side.measured = *measureRuns(std::move(runs)); // never cancelled
    return true;
}

// Writes the report at `path`: HTML carries its pictures inside, Markdown beside it (where the user
// chose to write) as <name>.timelines.png, <name>.diff.png and <name>.waterfall.png. Returns the
// one-line error, empty on success.
QString writeReport(const QString &path, const CompareReportInput &input, const Capture &before,
                    const CaptureIndexPtr &beforeIndex, const Capture &after,
                    const CaptureIndexPtr &afterIndex)
{
    ReportPictures pictures;
    pictures.timelines.png = pngBytes(
        twinTimelineImage(before, input.beforeName, after, input.afterName, 1600, beforeIndex, afterIndex));
    pictures.diff.png = pngBytes(diffTimelineImage(before, beforeIndex, after, afterIndex, *input.taskDiff));
    pictures.waterfall.png = pngBytes(waterfallImage(*input.attribution));
    if (pictures.timelines.png.isEmpty() || pictures.diff.png.isEmpty() || pictures.waterfall.png.isEmpty())
        return QStringLiteral("lanescope compare: cannot draw the report's pictures (not enough memory)");
    const QFileInfo info(path);
    if (info.suffix().toLower() != QLatin1String("md")) {
        const QString error = writeFileAtomically(path, compareReportHtml(input, pictures));
        return error.isEmpty() ? QString() : QStringLiteral("cannot write ") + error;
    }
    for (auto [picture, kind] :
         {std::pair{&pictures.timelines, "timelines"}, std::pair{&pictures.diff, "diff"},
          std::pair{&pictures.waterfall, "waterfall"}}) {
        picture->fileName = QStringLiteral("%1.%2.png").arg(info.completeBaseName(), QLatin1String(kind));
        if (const QString error =
                writeFileAtomically(info.absoluteDir().filePath(picture->fileName), picture->png);
            !error.isEmpty())
            return QStringLiteral("cannot write ") + error;
    }
    const QString error = writeFileAtomically(path, compareReportMarkdown(input, pictures));
    return error.isEmpty() ? QString() : QStringLiteral("cannot write ") + error;
}

} // namespace

json compareRunsJson(const CapturePtr &before, const CapturePtr &after, const QString &technique,
                     QString *error)
{
    error->clear();
    const auto catalogue = TechniqueCatalogue::fromFile(QString::fromLatin1(kCataloguePath), error);
    if (!catalogue) {
        *error = QStringLiteral("lanescope compare: ") + *error;
        return nullptr;
    }
    const Technique *chosen = findTechnique(*catalogue, technique, error);
    if (!error->isEmpty())
        return nullptr;
    const SideRuns sides[2] = {*measureRuns({before}), *measureRuns({after})}; // never cancelled
    const CaptureComparison comparison = compareCaptures(sides[0].compared(), sides[1].compared(), *catalogue,
                                                         chosen ? chosen->id : QString(), CompareOptions{});
    return compareResultJson(comparison, diffTasks(*before, *after), *after,
                             attributeMakespanChange(*before, *after));
}

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
    QString techniqueError;
    const Technique *technique = findTechnique(*catalogue, request.technique, &techniqueError);
    if (!techniqueError.isEmpty()) {
        err << techniqueError << '\n';
        return 1;
    }

    Side sides[2];
    if (!openSide(request.before, request, sides[0], err) || !openSide(request.after, request, sides[1], err))
        return 2;
    const CaptureComparison comparison =
        compareCaptures(sides[0].measured.compared(), sides[1].measured.compared(), *catalogue,
                        technique ? technique->id : QString(), request.options);
    // The task diff and the report's picture take the first run of each side: a diff pairs bars
    // of one run with one run.
    const Capture &before = *sides[0].measured.runs.front();
    const Capture &after = *sides[1].measured.runs.front();
    const TaskDiff diff = diffTasks(before, after);
    const MakespanAttribution attribution = attributeMakespanChange(before, after);

    if (!request.report.isEmpty()) {
        const CompareReportInput input{captureName(request.before.front()),
                                       captureName(request.after.front()),
                                       technique ? technique->title : QString(),
                                       &comparison,
                                       &diff,
                                       &attribution,
                                       &after};
        const CaptureIndexPtr indexes[2] = {sides[0].opened.front().document->indexOf(before),
                                            sides[1].opened.front().document->indexOf(after)};
        if (const QString error = writeReport(request.report, input, before, indexes[0], after, indexes[1]);
            !error.isEmpty()) {
            err << error << '\n';
            return 2;
        }
    }

    // --fail-on: the exit status says whether anything the user named happened.
    bool failed = false;
    for (const Verdict v : request.failOn)
        failed = failed || comparison.any(v);
    const int status = failed ? 3 : 0;

    if (request.json) {
        out << QString::fromStdString(compareResultJson(comparison, diff, after, attribution).dump(2))
            << '\n';
        return status;
    }
    out << "technique: " << comparison.technique << '\n';
    out << "comparable: " << (comparison.comparable ? "yes" : "no") << '\n';
    for (const QString &r : comparison.reasons)
        out << "  " << r << '\n';
    if (comparison.beforeRuns > 1 || comparison.afterRuns > 1)
        out << "runs: " << comparison.beforeRuns << " before, " << comparison.afterRuns << " after\n";
    for (const QString &n : comparison.notes)
        out << "note: " << n << '\n';
    for (const MetricComparison &m : comparison.metrics)
        out << metricTag(m.id) << "  " << m.name << ": " << formatComparedSide(m, true) << " -> "
            << formatComparedSide(m, false) << "  Δ " << formatMetricChange(m.delta, m.deltaRelative, m.unit)
            << "  [" << expectedDirectionName(m.expected) << "] " << verdictName(m.verdict)
            << (m.reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(m.reason)) << '\n';
    for (const QString &line : taskDiffLines(diff, after) + makespanAttributionLines(attribution))
        out << line << '\n';
    if (!request.report.isEmpty())
        out << QFileInfo(request.report).absoluteFilePath() << '\n';
    if (failed)
        err << "lanescope compare: a metric's verdict is one --fail-on names\n";
    return status;
}

} // namespace lanescope
