#include "app/cli/analyzecommand.h"

#include "app/cli/argumentcursor.h"
#include "app/cli/dfxwindowchoice.h"
#include "app/cli/rangeargument.h"
#include "app/cli/runargument.h"

#include "model/analysis/analysisreport.h"
#include "model/analysis/ringoccupancy.h"
#include "model/session/capturedocument.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>

namespace lanescope {

namespace {

constexpr char kUsage[] =
    "usage: lanescope analyze PATH --json [--range START_US:END_US] [--run EPOCH] [--launch K] [--window "
    "I]\n";

// Keys keep the documented order, so people reading the output find them where the usage text says.
using json = nlohmann::ordered_json;

json orNull(const std::optional<double> &v)
{
    return v ? json(*v) : json(nullptr);
}

// The figures of one line of `s`'s function table (a function's or the TOTAL line).
json functionFiguresJson(const FunctionStats &f, const FunctionSummary &s)
{
    return {{"count", f.count},
            {"total_exec_us", f.totalExecUs},
            {"share_of_busy", orNull(s.shareOfBusy(f))},
            {"avg_exec_us", f.avgExecUs},
            {"avg_latency_us", orNull(f.avgLatencyUs)},
            {"exec_pct", orNull(f.execPct)},
            {"avg_head_oh_us", orNull(f.avgHeadOhUs)},
            {"avg_tail_oh_us", orNull(f.avgTailOhUs)},
            {"avg_prop_us", orNull(f.avgPropagationUs)},
            {"avg_local_us", f.avgLocalSetupUs}};
}

json functionsJson(const FunctionSummary &s)
{
    json list = json::array();
    for (const FunctionStats &f : s.functions) {
        json line = {{"func_id", f.funcId}, {"name", f.name.toStdString()}};
        line.update(functionFiguresJson(f, s));
        list.push_back(line);
    }
    return list;
}

json overheadJson(const OverheadFigures &o)
{
    auto engine = [](const EngineOverhead &e) { return e.present ? json(e.pct) : json(nullptr); };
    return {{"aic_pct", engine(o.engines[0])},
            {"aiv_pct", engine(o.engines[1])},
            {"all_pct", o.allPct},
            {"has_pct", o.hasPct},
            {"verdict", o.verdict.toStdString()}};
}

json switchJson(const SwitchFigures &s)
{
    auto engine = [](const EngineSwitch &e) -> json {
        if (!e.present)
            return nullptr;
        return {{"cores", e.cores},
                {"min_us", e.minUs},
                {"mean_us", e.meanUs},
                {"max_us", e.maxUs},
                {"events", e.events}};
    };
    return {{"aic", engine(s.engines[0])}, {"aiv", engine(s.engines[1])}};
}

json distributionJson(const Distribution &d)
{
    json j = {{"n", d.n}};
    for (std::size_t i = 0; i < Distribution::kPercentiles.size(); ++i) {
        // Appended rather than `"p" + ... + "_us"`, which gcc 12 at -O3 wrongly flags (-Wrestrict).
        std::string key = "p";
        key += std::to_string(Distribution::kPercentiles[i]);
        key += "_us";
        j[key] = d.percentileUs[i];
    }
    j["max_us"] = d.maxUs;
    j["mean_us"] = d.meanUs;
    j["total_us"] = d.totalUs;
    return j;
}

json schedLoopJson(const SchedulerLoopBudget &s)
{
    json threads = json::array();
    for (const SchedulerThreadBudget &t : s.threads)
        threads.push_back({{"thread", t.thread},
                           {"role", roleName(t.role).toStdString()},
                           {"loops", t.loops},
                           {"tasks", t.tasks},
                           {"total_us", t.totalUs}});
    return {{"threads", threads},
            {"pop_hit_rate_pct", orNull(s.popHitRatePct)},
            {"avg_loop_ns", s.avgLoopUs ? json(*s.avgLoopUs * 1000.0) : json(nullptr)}};
}

json aicoreSchedLoopJson(const AicoreSchedulerBreakdown &b)
{
    json phases = json::array();
    for (const AicorePhaseTotal &p : b.phases)
        phases.push_back({{"phase", p.phase.toStdString()}, {"records", p.records}, {"total_us", p.totalUs}});
    return {{"phases", phases}, {"streams", b.streams}, {"dropped", b.dropped}};
}

json dispatchToStartJson(const DispatchToStart &d)
{
    return {{"total_us", d.totalUs}, {"max_us", d.maxUs}};
}

json criticalPathJson(const CriticalPathAttribution &c)
{
    return {{"hops", c.hops},
            {"span_us", c.spanUs},
            {"exec_us", c.execUs},
            {"sched_us", c.schedUs},
            {"other_us", c.otherUs}};
}

template <typename T, typename F> json figureOrNull(const std::optional<T> &figure, F toJson)
{
    return figure ? toJson(*figure) : json(nullptr);
}

json reportJson(const AnalysisReport &r)
{
    json j;
    j["functions"] = functionsJson(r.functions);
    j["functions_total"] = functionFiguresJson(r.functions.total, r.functions);
    j["total_test_time_us"] = orNull(r.totalTestTimeUs);
    j["overhead"] = figureOrNull(r.overhead, overheadJson);
    j["switch"] = figureOrNull(r.switchCost, switchJson);
    j["head_oh"] = figureOrNull(r.headOh, distributionJson);
    j["tail_oh"] = figureOrNull(r.tailOh, distributionJson);
    j["sched_loop"] = figureOrNull(r.schedLoop, schedLoopJson);
    j["sched_loop_aicore"] = figureOrNull(r.aicoreSchedLoop, aicoreSchedLoopJson);
    j["dispatch_to_start"] = figureOrNull(r.functions.dispatchToStart, dispatchToStartJson);
    j["critical_path"] = figureOrNull(r.criticalPath, criticalPathJson);
    json absent = json::object();
    for (const auto &[figure, reason] : r.absent)
        absent[figure.toStdString()] = reason.toStdString();
    j["absent"] = absent;
    return j;
}

// Peaks of the inferred ring curves (ringoccupancy.h) over the whole capture, whatever --range says:
// one object per ring 0..3, null where the capture cannot tell.
json ringsJson(const RingOccupancy &rings)
{
    json list = json::array();
    for (int r = 0; r < kRingCount; ++r) {
        json ring = {{"ring", r}};
        for (RingResource res : {RingResource::TaskWindow, RingResource::Heap, RingResource::DepPool}) {
            const auto &s = rings.at(r, res);
            const std::string key = ringResourceKey(res).toStdString();
            // Counts of slots, bytes and entries: whole numbers.
            const auto &capacity = rings.capacity(r, res);
            ring[key + "_capacity"] = capacity ? json(std::llround(*capacity)) : json(nullptr);
            ring[key + "_peak"] = s ? json(std::llround(s->peak)) : json(nullptr);
        }
        list.push_back(ring);
    }
    return list;
}

// START or END may be left out ("100:" / ":250") to run to the capture's edge.
QString parseRange(const QString &text, std::optional<AnalysisRange> &range)
{
    RangeArgument parsed;
    if (QString error = parseRangeArgument(text, parsed); !error.isEmpty())
        return error;
    range = AnalysisRange{parsed.startUs.value_or(-HUGE_VAL), parsed.endUs.value_or(HUGE_VAL)};
    return {};
}

} // namespace

json analyzeJson(const CaptureDocument &document, const Capture &run,
                 const std::optional<AnalysisRange> &range)
{
    json report = reportJson(analyze(run, range));
    report["rings"] = ringsJson(document.ringsOf(run));
    report["run_epoch"] = run.info.runEpoch ? json(*run.info.runEpoch) : json(nullptr);
    const QString launch = launchLabel(run.info);
    report["launch"] = launch.isEmpty() ? json(nullptr) : json(launch.toStdString());
    return report;
}

int runAnalyzeCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QString path;
    bool wantJson = false;
    RunArgument run;
    std::optional<AnalysisRange> range;
    auto usage = [&](const QString &message) {
        if (!message.isEmpty())
            err << "lanescope analyze: " << message << '\n';
        err << kUsage;
        return 1;
    };
    for (ArgumentCursor cursor(args); cursor.next();) {
        const QString &a = cursor.argument();
        if (cursor.option() == QLatin1String("--json")) {
            wantJson = true;
        } else if (cursor.option() == QLatin1String("--range")) {
            const auto value = cursor.value();
            if (!value)
                return usage(QStringLiteral("--range needs START_US:END_US"));
            if (const QString e = parseRange(*value, range); !e.isEmpty())
                return usage(e);
        } else if (const auto e = takeRunOption(cursor, run)) {
            if (!e->isEmpty())
                return usage(*e);
        } else if (cursor.isOption()) {
            return usage(QStringLiteral("unknown option %1").arg(a));
        } else if (!path.isEmpty()) {
            return usage(QStringLiteral("one input at a time"));
        } else {
            path = a;
        }
    }
    if (path.isEmpty())
        return usage(QStringLiteral("missing input PATH"));
    if (!wantJson)
        return usage(QStringLiteral("only --json output exists"));

    const std::optional<QString> input = chooseDfxWindow(path, run, err);
    if (!input)
        return 2;
    const OpenedDocument opened = openDocument(*input);
    if (!opened.ok()) {
        err << opened.error.toString() << '\n';
        return 2;
    }
    const auto capture = chooseAnalysableRun(opened.document->runs, run, *input, err);
    if (!capture)
        return 2;
    out << QString::fromStdString(analyzeJson(*opened.document, *capture, range).dump(2)) << '\n';
    return 0;
}

} // namespace lanescope
