#include "app/cli/infocommand.h"

#include "app/cli/argumentcursor.h"
#include "app/cli/dfxwindowchoice.h"
#include "app/cli/runargument.h"
#include "model/analysis/capturesummary.h"

#include "model/capture/captureruns.h"
#include "model/format/corelayouttext.h"
#include "model/format/generationtext.h"
#include "model/session/capturedocument.h"

#include <nlohmann/json.hpp>

namespace lanescope {

namespace {

nlohmann::json pathOrNull(const QString &path)
{
    return path.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(path.toStdString());
}

nlohmann::json optionalJson(const auto &v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// How host-clock lanes meet the device axis (upstream §2, §3): the method, and where the device
// may truly sit relative to the host lanes as drawn, in µs.
nlohmann::json hostPlacementJson(const HostPlacement &p)
{
    static const char *const methods[] = {"none", "anchors", "bounded", "containment"};
    return {
        {"method", methods[int(p.method)]},
        {"low_us", p.aligned() ? nlohmann::json(p.lowUs) : nlohmann::json(nullptr)},
        {"high_us", p.aligned() ? nlohmann::json(p.highUs) : nlohmann::json(nullptr)},
        {"inferred", p.inferred},
        {"reason", p.reason.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(p.reason.toStdString())}};
}

nlohmann::json textOrNull(const QString &text)
{
    return text.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(text.toStdString());
}

// The kernel launches of the file (field supplement §3), each an envelope from its boundary to its
// last observed record.
nlohmann::json launchesJson(const CaptureInfo &info)
{
    auto out = nlohmann::json::array();
    for (const KernelLaunch &l : info.launches)
        out.push_back({{"index", l.ordinal},
                       {"start_us", l.startUs},
                       {"end_us", l.endUs},
                       {"rows", l.rows},
                       {"tasks", l.tasks}});
    return out;
}

// One entry per run (supplement §4): what each holds and how completely it was collected.
nlohmann::json runsJson(const CaptureRuns &runs)
{
    auto out = nlohmann::json::array();
    for (const auto &run : runs.runs) {
        const CaptureSummary s = summarize(*run);
        const QString &verdict = run->info.collection.verdict;
        out.push_back(
            {{"run_epoch", optionalJson(run->info.runEpoch)},
             {"rank", run->info.rankName.isEmpty() ? nlohmann::json(nullptr)
                                                   : nlohmann::json(run->info.rankName.toStdString())},
             {"rows", s.rows},
             {"tasks", s.tasks},
             {"start_us", s.firstUs},
             {"end_us", s.lastUs},
             {"launch", textOrNull(launchLabel(run->info))},
             {"verdict", verdict.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(verdict.toStdString())},
             {"partial", run->info.partial}});
    }
    return out;
}

// Every DFX window of a kernel-mode output folder (field spec §3), window 0 included, with its
// launches; empty for any other input. The window_* entries that are not windows are among the
// capture's warnings (discovery's notes).
nlohmann::json windowsJson(const DfxWindows &windows)
{
    auto out = nlohmann::json::array();
    for (const DfxWindow &w : windows.windows)
        out.push_back(
            {{"index", w.index}, {"path", w.path.toStdString()}, {"launches", optionalJson(w.launches)}});
    return out;
}

QString windowsText(const DfxWindows &windows)
{
    QStringList parts;
    for (const DfxWindow &w : windows.windows) {
        const QString launches = !w.launches        ? QStringLiteral("launches unknown")
                                 : *w.launches == 1 ? QStringLiteral("1 launch")
                                                    : QStringLiteral("%1 launches").arg(*w.launches);
        parts << QStringLiteral("%1: %2").arg(w.index).arg(launches);
    }
    return QStringLiteral("%1 (%2)").arg(windows.windows.size()).arg(parts.join(QStringLiteral(", ")));
}

// What a merged trace says about its timeline (supplement §2.10) and the runs and ranks its
// events carry: shown together on one axis, so a reader must not lose that there are several.
nlohmann::json traceJson(const TraceTimeline &t)
{
    auto placements = nlohmann::json::array();
    for (const TracePlacement &p : t.placements)
        placements.push_back({{"rank", optionalJson(p.rank)},
                              {"method", textOrNull(p.method)},
                              {"slack_ns", optionalJson(p.slackNs)}});
    return {{"layout", textOrNull(t.layout)},
            {"trace_status", textOrNull(t.traceStatus)},
            {"cross_domain_latency_available", optionalJson(t.crossDomainLatencyAvailable)},
            {"cross_rank_uncertainty_ns", optionalJson(t.crossRankUncertaintyNs)},
            {"placements", std::move(placements)},
            {"run_epochs", t.runEpochs},
            {"ranks", t.ranks}};
}

nlohmann::json toJson(const Capture &c, const CaptureSummary &s)
{
    nlohmann::json j;
    j["format"] = s.format.toStdString();
    j["level"] = s.level ? nlohmann::json(*s.level) : nlohmann::json(nullptr);
    j["clock_freq_hz"] = s.clockFreqHz ? nlohmann::json(*s.clockFreqHz) : nlohmann::json(nullptr);
    j["rows"] = s.rows;
    j["tasks"] = s.tasks;
    // So that a user can check nothing was lost: every trace flow kept, every unique deps edge.
    j["flows"] = c.flows.size();
    j["edges"] = c.deps.edges().size();
    auto lanes = nlohmann::json::array();
    for (const LaneSummary &l : s.lanes)
        lanes.push_back(
            {{"group", l.group.toStdString()}, {"name", l.name.toStdString()}, {"slices", l.slices}});
    j["lanes"] = std::move(lanes);
    j["time_range_us"] = {s.firstUs, s.lastUs};
    j["makespan_us"] = s.makespanUs ? nlohmann::json(*s.makespanUs) : nlohmann::json(nullptr);
    j["makespan_kind"] = s.makespanKind.toStdString();
    j["partial"] = c.info.partial;
    const auto aic = std::count(c.info.coreTypes.begin(), c.info.coreTypes.end(), CoreType::Aic);
    j["cores"] = {{"count", c.info.numCores},
                  {"aic", aic},
                  {"aiv", std::int64_t(c.info.coreTypes.size()) - aic},
                  {"types_inferred", c.info.coreTypesInferred}};
    if (c.info.format == CaptureFormat::ChipSwimlaneRecords) {
        j["generation"] = generationText(c).toStdString();
        j["runtime"] = {{"name", c.info.runtime.isEmpty() ? nlohmann::json(nullptr)
                                                          : nlohmann::json(c.info.runtime.toStdString())},
                        {"inferred", runtimeInferred(c.info)}};
    }
    j["run_epoch"] = optionalJson(c.info.runEpoch);
    j["launch"] = textOrNull(launchLabel(c.info));
    j["launches"] = launchesJson(c.info);
    j["dropped_run_boundaries"] = optionalJson(c.info.droppedRunBoundaries);
    j["analysable"] = isAnalysable(c.info);
    j["captured_nothing"] = capturedNothing(c);
    j["host_placement"] = hostPlacementJson(c.info.hostPlacement);
    j["sources"] = {{"records", pathOrNull(c.info.sources.records)},
                    {"deps", pathOrNull(c.info.sources.deps)},
                    {"name_map", pathOrNull(c.info.sources.nameMap)},
                    {"scope_stats", pathOrNull(c.info.sources.scopeStats)},
                    {"host_log", pathOrNull(c.info.sources.hostLog)},
                    {"dispatch_identity", pathOrNull(c.info.sources.dispatchIdentity)},
                    {"perf_hints", pathOrNull(c.info.sources.perfHints)}};
    // Unique hints by code (duplicates from recompiles folded); {} when the build emitted none.
    auto hints = nlohmann::json::object();
    const QHash<QString, int> counts = c.perfHints.countsByCode();
    for (auto it = counts.constBegin(); it != counts.constEnd(); ++it)
        hints[it.key().toStdString()] = it.value();
    j["hints"] = std::move(hints);
    auto warnings = nlohmann::json::array();
    for (const QString &w : c.info.warnings)
        warnings.push_back(w.toStdString());
    j["warnings"] = std::move(warnings);
    if (c.info.format == CaptureFormat::ChromeTrace)
        j["trace"] = traceJson(c.info.trace);
    return j;
}

void printText(const Capture &c, const CaptureSummary &s, const CaptureRuns &runs, const DfxWindows &windows,
               QTextStream &out)
{
    out << "format:    " << s.format << '\n';
    if (const QString why = notAnalysedText(c.info); !why.isEmpty())
        out << "NOT ANALYSED: " << why << '\n';
    if (windows.windows.size() > 1)
        out << "windows:   " << windowsText(windows) << '\n';
    if (runs.size() > 1 || c.info.runEpoch)
        out << "run:       " << runLabel(c.info) << " (" << runs.size() << " in all)\n";
    if (capturedNothing(c))
        out << capturedNothingText(c) << '\n';
    for (const auto &run : runs.runs) {
        if (runs.size() < 2)
            break;
        const CaptureSummary rs = summarize(*run);
        out << "  " << runLabel(run->info).leftJustified(12) << ' ' << rs.rows << " rows, " << rs.firstUs
            << " .. " << rs.lastUs << " us"
            << (run->info.collection.verdict.isEmpty()
                    ? QString()
                    : QStringLiteral(", verdict ") + run->info.collection.verdict)
            << '\n';
    }
    out << "level:     " << (s.level ? QString::number(*s.level) : QStringLiteral("-")) << '\n';
    out << "clock:     "
        << (s.clockFreqHz ? QStringLiteral("%1 Hz").arg(*s.clockFreqHz) : QStringLiteral("-")) << '\n';
    if (c.info.format == CaptureFormat::ChromeTrace) {
        const TraceTimeline &t = c.info.trace;
        auto numbers = [](const auto &values) {
            QStringList out;
            for (const auto v : values)
                out << QString::number(v);
            return out.isEmpty() ? QStringLiteral("-") : out.join(QStringLiteral(", "));
        };
        out << "layout:    " << (t.layout.isEmpty() ? QStringLiteral("-") : t.layout) << '\n';
        out << "epochs:    " << numbers(t.runEpochs) << "   ranks: " << numbers(t.ranks) << '\n';
    }
    if (c.info.format == CaptureFormat::ChipSwimlaneRecords)
        out << "shape:     " << generationText(c) << '\n';
    if (!c.info.coreTypes.empty())
        out << "cores:     " << coreLayoutText(c.info) << '\n';
    if (!c.info.launches.empty())
        out << "launches:  " << c.info.launches.size() << " (a launch's end is its last observed record)\n";
    for (const KernelLaunch &l : c.info.launches)
        out << "  " << launchName(l.ordinal).leftJustified(12) << ' ' << l.rows << " rows, " << l.tasks
            << " tasks, " << l.startUs << " .. " << l.endUs << " us\n";
    out << "rows:      " << s.rows << "   tasks: " << s.tasks << '\n';
    out << "time:      " << s.firstUs << " .. " << s.lastUs << " us\n";
    out << "makespan:  "
        << (s.makespanUs ? QString::number(*s.makespanUs, 'f', 3) + QStringLiteral(" us (") +
                               makespanKindText(s.makespanKind) + QLatin1Char(')')
                         : QStringLiteral("-"))
        << '\n';
    const auto &src = c.info.sources;
    for (const auto &[label, path] : {std::pair{"records", src.records},
                                      {"deps", src.deps},
                                      {"name map", src.nameMap},
                                      {"scope stats", src.scopeStats},
                                      {"host log", src.hostLog},
                                      {"dispatch id", src.dispatchIdentity},
                                      {"perf hints", src.perfHints}})
        if (!path.isEmpty())
            out << QString::fromLatin1(label).leftJustified(13) << path << '\n';
    QString group;
    for (const LaneSummary &l : s.lanes) {
        if (l.group != group) {
            group = l.group;
            out << group << ":\n";
        }
        out << "  " << l.name.leftJustified(27) << ' ' << l.slices << '\n';
    }
    if (c.info.partial)
        out << "PARTIAL: some input was truncated or unusable\n";
    for (const QString &w : c.info.warnings)
        out << "warning: " << w << '\n';
}

} // namespace

nlohmann::json captureInfoJson(const CaptureDocument &document, const Capture &run)
{
    nlohmann::json j = toJson(run, summarize(run));
    j["runs"] = runsJson(document.runs);
    j["windows"] = windowsJson(document.windows);
    return j;
}

int runInfoCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QString path;
    bool json = false;
    RunArgument run;
    auto usage = [&err](const QString &message = {}) {
        if (!message.isEmpty())
            err << "lanescope info: " << message << '\n';
        err << "usage: lanescope info PATH [--json] [--run EPOCH] [--launch K] [--window I]\n";
        return 1;
    };
    for (ArgumentCursor cursor(args); cursor.next();) {
        if (cursor.option() == QLatin1String("--json")) {
            json = true;
        } else if (const auto e = takeRunOption(cursor, run)) {
            if (!e->isEmpty())
                return usage(*e);
        } else if (cursor.isOption() || !path.isEmpty()) {
            return usage();
        } else {
            path = cursor.argument();
        }
    }
    if (path.isEmpty())
        return usage();
    const std::optional<QString> input = chooseDfxWindow(path, run, err);
    if (!input)
        return 2;
    const OpenedDocument opened = openDocument(*input);
    if (!opened.ok()) {
        err << opened.error.toString() << '\n';
        return 2;
    }
    const CaptureRuns &runs = opened.document->runs;
    const auto capture = chooseRun(runs, run, *input, err);
    if (!capture)
        return 2;
    if (json)
        out << QString::fromStdString(captureInfoJson(*opened.document, *capture).dump(2)) << '\n';
    else
        printText(*capture, summarize(*capture), runs, opened.document->windows, out);
    return 0;
}

} // namespace lanescope
