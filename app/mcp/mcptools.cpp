#include "app/mcp/mcptools.h"

#include "app/cli/analyzecommand.h"
#include "app/cli/capturename.h"
#include "app/cli/comparecommand.h"
#include "app/cli/exportcommand.h"
#include "app/cli/infocommand.h"
#include "app/cli/queryoutput.h"
#include "app/cli/runargument.h"

#include "model/analysis/regionstatistics.h"
#include "model/query/queryengine.h"
#include "model/techniques/captureanalysis.h"

#include <QTextStream>
#include <algorithm>
#include <chrono>
#include <cmath>

namespace lanescope {

namespace {

using json = nlohmann::ordered_json;

constexpr std::size_t kDefaultQueryLimit = 1000;
// An agent's query must not hold the server forever: past this it is stopped as a cancel would.
constexpr std::chrono::milliseconds kQueryTimeout{30000};

// A tool's failure, shown to the agent (not a protocol error): the CLI's one-line message.
struct ToolError
{
    QString message;
};

json objectSchema(json properties, json required)
{
    return {{"type", "object"}, {"properties", std::move(properties)}, {"required", std::move(required)}};
}

const json kCaptureId = {{"type", "string"}, {"description", "an id open_capture returned"}};
const json kObject = {{"type", "object"}};
const json kArray = {{"type", "array"}};

json toolJson(const char *name, const char *description, json input, json output)
{
    return {{"name", name},
            {"description", description},
            {"inputSchema", std::move(input)},
            {"outputSchema", std::move(output)}};
}

QString stringArgument(const nlohmann::json &arguments, const char *key)
{
    const auto it = arguments.find(key);
    if (it == arguments.end() || !it->is_string())
        throw ToolError{QStringLiteral("%1 must be a string").arg(QLatin1String(key))};
    return QString::fromStdString(it->get<std::string>());
}

std::optional<double> numberArgument(const nlohmann::json &arguments, const char *key)
{
    const auto it = arguments.find(key);
    if (it == arguments.end() || it->is_null())
        return std::nullopt;
    if (!it->is_number())
        throw ToolError{QStringLiteral("%1 must be a number").arg(QLatin1String(key))};
    return it->get<double>();
}

// The run a tool works on, as the verbs choose it: `run` (an epoch) or the last.
CapturePtr chosenRun(const CaptureStore::Entry &entry, std::optional<double> epoch, bool analysable)
{
    RunArgument run;
    if (epoch) {
        if (*epoch < 0 || *epoch != std::floor(*epoch) || *epoch > 4294967295.0)
            throw ToolError{QStringLiteral("run must be a run epoch, a whole number")};
        run.epoch = std::uint32_t(*epoch);
    }
    QString messages;
    QTextStream err(&messages);
    const CaptureRuns &runs = entry.document->runs;
    CapturePtr chosen =
        analysable ? chooseAnalysableRun(runs, run, entry.path, err) : chooseRun(runs, run, entry.path, err);
    if (!chosen)
        throw ToolError{messages.trimmed()};
    return chosen;
}

json evidenceJson(const EvidenceRef &e)
{
    json j = {{"label", e.label.toStdString()}};
    j["range_us"] = e.range ? json::array({e.range->startUs, e.range->endUs}) : json(nullptr);
    j["task_id"] = e.taskId ? json(*e.taskId) : json(nullptr);
    j["from_task_id"] = e.fromTaskId ? json(*e.fromTaskId) : json(nullptr);
    return j;
}

// The Techniques panel's suggestions: each fired rule, the techniques it points at, the numbers it
// rests on and where on the timeline its evidence is.
json suggestionsJson(const std::vector<Suggestion> &suggestions)
{
    json list = json::array();
    for (const Suggestion &s : suggestions) {
        json techniques = json::array();
        for (const QString &t : s.techniques)
            techniques.push_back(t.toStdString());
        json numbers = json::array();
        for (const SuggestionNumber &n : s.numbers)
            numbers.push_back({{"metric", n.metric.toStdString()},
                               {"name", n.name.toStdString()},
                               {"unit", n.unit.toStdString()},
                               {"value", n.value},
                               {"rule", n.comparison.toStdString()},
                               {"text", n.text().toStdString()}});
        list.push_back({{"rule", s.rule.toStdString()},
                        {"title", s.title.toStdString()},
                        {"text", s.text.toStdString()},
                        {"techniques", techniques},
                        {"numbers", numbers},
                        {"evidence", evidenceJson(s.evidence)},
                        {"confirm_onboard", s.confirmOnboard}});
    }
    return list;
}

// The Region dock's figures: tasks started, ended and running inside, each engine's and each
// lane's busy time.
json regionJson(const Capture &capture, const RegionStatistics &r)
{
    json engines = json::object();
    for (int e = 0; e < kEngineCount; ++e)
        engines[engineName(e)] = {{"lanes", r.engines[std::size_t(e)].lanes},
                                  {"busy_us", r.engines[std::size_t(e)].busyUs},
                                  {"busy_pct", r.engines[std::size_t(e)].busyPct}};
    json lanes = json::array();
    for (const LaneBusy &l : r.lanes) {
        const Lane &lane = capture.lanes[std::size_t(l.lane)];
        lanes.push_back(
            {{"group", lane.group.toStdString()},
             {"name", lane.name.toStdString()},
             {"busy_us", l.busyUs},
             {"busy_pct", l.busyPct},
             {"busy_range_us",
              l.busyRangeUs ? json::array({l.busyRangeUs->first, l.busyRangeUs->second}) : json(nullptr)}});
    }
    return {{"start_us", r.startUs},
            {"end_us", r.endUs},
            {"duration_us", r.durationUs},
            {"counts", r.countsTasks ? "tasks" : "bars"},
            {"started", r.started},
            {"ended", r.ended},
            {"running", r.running},
            {"engines", engines},
            {"lanes", lanes}};
}

json structuredResult(json structured)
{
    const std::string text = structured.dump(2, ' ', false, json::error_handler_t::replace);
    return {{"content", json::array({{{"type", "text"}, {"text", text}}})},
            {"structuredContent", std::move(structured)},
            {"isError", false}};
}

json errorResult(const QString &message)
{
    return {{"content", json::array({{{"type", "text"}, {"text", message.toStdString()}}})},
            {"isError", true}};
}

} // namespace

json McpTools::list()
{
    json tools = json::array();
    tools.push_back(toolJson(
        "open_capture",
        "Open a PyPTO swimlane capture (a file or an output folder) and get its id, runs, kernel launches, "
        "DFX windows and summary (what `lanescope info --json` prints). Opening a path again gives the same "
        "id.",
        objectSchema({{"path", {{"type", "string"}, {"description", "the capture's file or folder"}}}},
                     {"path"}),
        objectSchema({{"capture", {{"type", "string"}}},
                      {"runs", kArray},
                      {"launches", kArray},
                      {"windows", kArray},
                      {"info", kObject}},
                     {"capture", "runs", "launches", "windows", "info"})));
    tools.push_back(toolJson(
        "analyze",
        "The derived metrics of a run: per-function execution and overhead, scheduler loop, critical path, "
        "ring peaks (what `lanescope analyze --json` prints).",
        objectSchema({{"capture", kCaptureId},
                      {"run", {{"type", "integer"}, {"description", "a run epoch (default: the last run)"}}}},
                     {"capture"}),
        objectSchema({{"functions", kArray},
                      {"functions_total", kObject},
                      {"critical_path", {{"type", {"object", "null"}}}}},
                     {"functions", "functions_total"})));
    tools.push_back(toolJson(
        "query",
        "SQL (SQLite) over a run's records: tables slice, track, flow, counter, task, dep, function, run, "
        "sched_phase, orch_phase (`lanescope query --schema`); times are integer nanoseconds. Read-only.",
        objectSchema(
            {{"capture", kCaptureId},
             {"sql", {{"type", "string"}, {"description", "one SQL statement"}}},
             {"limit",
              {{"type", "integer"}, {"minimum", 1}, {"description", "at most so many rows (default 1000)"}}}},
            {"capture", "sql"}),
        objectSchema({{"columns", {{"type", "array"}, {"items", {{"type", "string"}}}}},
                      {"rows", {{"type", "array"}, {"items", {{"type", "array"}}}}},
                      {"truncated", {{"type", "boolean"}}}},
                     {"columns", "rows", "truncated"})));
    tools.push_back(toolJson(
        "compare",
        "Before/after comparison of two opened captures: each metric's values and verdict, the guard's "
        "reasons and notes, the task diff and the makespan's attribution (what `lanescope compare --json` "
        "prints).",
        objectSchema({{"before", kCaptureId},
                      {"after", kCaptureId},
                      {"technique",
                       {{"type", "string"},
                        {"description", "a catalogue id such as \"01a\", or \"general\" (default)"}}}},
                     {"before", "after"}),
        objectSchema({{"technique", {{"type", "string"}}},
                      {"comparable", {{"type", "boolean"}}},
                      {"reasons", kArray},
                      {"notes", kArray},
                      {"metrics", kArray}},
                     {"technique", "comparable", "reasons", "notes", "metrics"})));
    tools.push_back(toolJson(
        "suggest",
        "The optimisation techniques the capture's symptoms point at: each fired rule with its techniques, "
        "the numbers it rests on and the evidence's place on the timeline.",
        objectSchema({{"capture", kCaptureId}}, {"capture"}),
        objectSchema({{"suggestions", kArray}}, {"suggestions"})));
    tools.push_back(toolJson(
        "region",
        "What a time region holds, as the Region dock shows it: tasks started, ended and running, each "
        "engine's and each lane's busy time (µs on the capture's axis).",
        objectSchema(
            {{"capture", kCaptureId}, {"start_us", {{"type", "number"}}}, {"end_us", {{"type", "number"}}}},
            {"capture", "start_us", "end_us"}),
        objectSchema(
            {{"start_us", {{"type", "number"}}},
             {"end_us", {{"type", "number"}}},
             {"duration_us", {{"type", "number"}}},
             {"started", {{"type", "integer"}}},
             {"ended", {{"type", "integer"}}},
             {"running", {{"type", "integer"}}},
             {"engines", kObject},
             {"lanes", kArray}},
            {"start_us", "end_us", "duration_us", "started", "ended", "running", "engines", "lanes"})));
    tools.push_back(toolJson(
        "render",
        "A PNG of the timeline, drawn as `lanescope export` draws it, of the whole run or from start_us to "
        "end_us.",
        objectSchema(
            {{"capture", kCaptureId}, {"start_us", {{"type", "number"}}}, {"end_us", {{"type", "number"}}}},
            {"capture"}),
        objectSchema({{"width", {{"type", "integer"}}},
                      {"height", {{"type", "integer"}}},
                      {"mime_type", {{"type", "string"}}}},
                     {"width", "height", "mime_type"})));
    return tools;
}

json McpTools::call(const std::string &name, const nlohmann::json &arguments)
{
    try {
        if (!arguments.is_object())
            throw ToolError{QStringLiteral("arguments must be an object")};
        auto capture = [&](const char *key) -> const CaptureStore::Entry & {
            QString error;
            const CaptureStore::Entry *entry = m_store.find(stringArgument(arguments, key), &error);
            if (!entry)
                throw ToolError{error};
            return *entry;
        };
        if (name == "open_capture") {
            QString error;
            const CaptureStore::Entry *entry = m_store.open(stringArgument(arguments, "path"), &error);
            if (!entry)
                throw ToolError{error};
            const json info = captureInfoJson(*entry->document, *chosenRun(*entry, std::nullopt, false));
            return structuredResult({{"capture", entry->id.toStdString()},
                                     {"runs", info["runs"]},
                                     {"launches", info["launches"]},
                                     {"windows", info["windows"]},
                                     {"info", info}});
        }
        if (name == "analyze") {
            const CaptureStore::Entry &entry = capture("capture");
            const CapturePtr run = chosenRun(entry, numberArgument(arguments, "run"), true);
            return structuredResult(analyzeJson(*entry.document, *run, std::nullopt));
        }
        if (name == "query") {
            const CaptureStore::Entry &entry = capture("capture");
            const QString sql = stringArgument(arguments, "sql");
            const std::optional<double> limit = numberArgument(arguments, "limit");
            if (limit && (*limit < 1 || *limit != std::floor(*limit)))
                throw ToolError{QStringLiteral("limit must be a whole number of rows, at least 1")};
            const CapturePtr run = chosenRun(entry, std::nullopt, false);
            const CaptureRuns &runs = entry.document->runs;
            QueryEngine engine(run, {runs.runs.begin(), runs.runs.end()});
            QueryOptions options;
            options.maxRows = limit ? std::size_t(std::min(*limit, 1e9)) : kDefaultQueryLimit;
            options.timeout = kQueryTimeout;
            const QueryResult result = engine.execute(sql, nullptr, options);
            if (!result.ok())
                throw ToolError{QStringLiteral("lanescope query: ") + queryErrorText(*result.error, sql)};
            return structuredResult(queryResultJson(result));
        }
        if (name == "compare") {
            const CaptureStore::Entry &before = capture("before");
            const CaptureStore::Entry &after = capture("after");
            const QString technique = arguments.contains("technique") ? stringArgument(arguments, "technique")
                                                                      : QStringLiteral("general");
            QString error;
            json result = compareRunsJson(chosenRun(before, std::nullopt, true),
                                          chosenRun(after, std::nullopt, true), technique, &error);
            if (!error.isEmpty())
                throw ToolError{error};
            return structuredResult(std::move(result));
        }
        if (name == "suggest") {
            const CaptureStore::Entry &entry = capture("capture");
            const CapturePtr run = chosenRun(entry, std::nullopt, true);
            const CaptureAnalysis analysis = analyzeCapture(*run, entry.document->ringsOf(*run));
            return structuredResult({{"suggestions", suggestionsJson(analysis.suggestions)}});
        }
        if (name == "region") {
            const CaptureStore::Entry &entry = capture("capture");
            const std::optional<double> start = numberArgument(arguments, "start_us");
            const std::optional<double> end = numberArgument(arguments, "end_us");
            if (!start || !end)
                throw ToolError{QStringLiteral("start_us and end_us must be numbers")};
            if (*end <= *start)
                throw ToolError{QStringLiteral("end_us must be after start_us")};
            const CapturePtr run = chosenRun(entry, std::nullopt, false);
            return structuredResult(regionJson(*run, regionStatistics(*run, AnalysisRange{*start, *end})));
        }
        if (name == "render") {
            const CaptureStore::Entry &entry = capture("capture");
            const CapturePtr run = chosenRun(entry, std::nullopt, false);
            QString error;
            const std::optional<TimelinePicture> picture = exportPicture(
                *entry.document, *run, captureName(entry.path), numberArgument(arguments, "start_us"),
                numberArgument(arguments, "end_us"), std::nullopt, &error);
            if (!picture)
                throw ToolError{error};
            const QImage image = renderPicture(*run, *picture);
            const QByteArray png = pngBytes(image);
            if (png.isEmpty())
                throw ToolError{QStringLiteral("cannot draw the picture (not enough memory)")};
            const json size = {
                {"width", image.width()}, {"height", image.height()}, {"mime_type", "image/png"}};
            return {{"content", json::array({{{"type", "image"},
                                              {"data", png.toBase64().toStdString()},
                                              {"mimeType", "image/png"}},
                                             {{"type", "text"}, {"text", size.dump()}}})},
                    {"structuredContent", size},
                    {"isError", false}};
        }
        return nullptr;
    } catch (const ToolError &e) {
        return errorResult(e.message);
    }
}

} // namespace lanescope
