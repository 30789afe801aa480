#include "infocommand.h"

#include "model/analysis/capturesummary.h"
#include "model/io/loader.h"

#include <nlohmann/json.hpp>

namespace lanescope {

namespace {

nlohmann::json pathOrNull(const QString &path)
{
    return path.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(path.toStdString());
}

nlohmann::json toJson(const Capture &c, const CaptureSummary &s)
{
    nlohmann::json j;
    j["format"] = s.format.toStdString();
    j["level"] = s.level ? nlohmann::json(*s.level) : nlohmann::json(nullptr);
    j["clock_freq_hz"] = s.clockFreqHz ? nlohmann::json(*s.clockFreqHz) : nlohmann::json(nullptr);
    j["rows"] = s.rows;
    j["tasks"] = s.tasks;
    auto lanes = nlohmann::json::array();
    for (const LaneSummary &l : s.lanes)
        lanes.push_back({{"group", l.group.toStdString()}, {"name", l.name.toStdString()}, {"slices", l.slices}});
    j["lanes"] = std::move(lanes);
    j["time_range_us"] = {s.firstUs, s.lastUs};
    j["makespan_us"] = s.makespanUs ? nlohmann::json(*s.makespanUs) : nlohmann::json(nullptr);
    j["makespan_kind"] = s.makespanKind.toStdString();
    j["partial"] = c.info.partial;
    j["sources"] = {{"records", pathOrNull(c.info.sources.records)},
                    {"deps", pathOrNull(c.info.sources.deps)},
                    {"name_map", pathOrNull(c.info.sources.nameMap)},
                    {"scope_stats", pathOrNull(c.info.sources.scopeStats)},
                    {"host_log", pathOrNull(c.info.sources.hostLog)}};
    auto warnings = nlohmann::json::array();
    for (const QString &w : c.info.warnings)
        warnings.push_back(w.toStdString());
    j["warnings"] = std::move(warnings);
    return j;
}

void printText(const Capture &c, const CaptureSummary &s, QTextStream &out)
{
    out << "format:    " << s.format << '\n';
    out << "level:     " << (s.level ? QString::number(*s.level) : QStringLiteral("-")) << '\n';
    out << "clock:     " << (s.clockFreqHz ? QStringLiteral("%1 Hz").arg(*s.clockFreqHz) : QStringLiteral("-")) << '\n';
    out << "rows:      " << s.rows << "   tasks: " << s.tasks << '\n';
    out << "time:      " << s.firstUs << " .. " << s.lastUs << " us\n";
    out << "makespan:  " << (s.makespanUs ? QString::number(*s.makespanUs, 'f', 3) + QStringLiteral(" us (") + s.makespanKind + QLatin1Char(')')
                                          : QStringLiteral("-"))
        << '\n';
    const auto &src = c.info.sources;
    for (const auto &[label, path] : {std::pair{"records", src.records}, {"deps", src.deps}, {"name map", src.nameMap},
                                      {"scope stats", src.scopeStats}, {"host log", src.hostLog}})
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

int runInfoCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QString path;
    bool json = false;
    for (const QString &a : args) {
        if (a == QLatin1String("--json"))
            json = true;
        else if (a.startsWith(QLatin1Char('-')) || !path.isEmpty()) {
            err << "usage: lanescope info PATH [--json]\n";
            return 1;
        } else
            path = a;
    }
    if (path.isEmpty()) {
        err << "usage: lanescope info PATH [--json]\n";
        return 1;
    }
    const LoadResult loaded = loadCapture(path);
    if (!loaded.ok()) {
        err << loaded.error.toString() << '\n';
        return 2;
    }
    const CaptureSummary summary = summarize(*loaded.capture);
    if (json)
        out << QString::fromStdString(toJson(*loaded.capture, summary).dump(2)) << '\n';
    else
        printText(*loaded.capture, summary, out);
    return 0;
}

} // namespace lanescope
