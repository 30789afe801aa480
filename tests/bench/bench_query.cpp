// What SQL over a capture costs: `SELECT name, COUNT(*), AVG(dur) FROM slice GROUP BY name` over
// about a million slices (budget: 1 s), as a ratio against a plain C++ loop that aggregates the
// same bars by the same names in the same run; and what a constraint the tables search by saves
// against the same query scanning.
//   bench_query [--slices N] [--check]   (default 1000000 slices, level 4 with deps.json; --check:
//   exit 1 when the GROUP BY is over its budget)

#include "benchtiming.h"
#include "capturegenerator.h"
#include "model/capture/aicpulifecycle.h"
#include "model/capture/labels.h"
#include "model/io/largeallocations.h"
#include "model/query/queryengine.h"
#include "model/session/capturedocument.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>
#include <cmath>
#include <map>
#include <unordered_map>

using namespace lanescope;
using bench::medianCpuMs;

namespace {

struct Group
{
    std::int64_t count = 0;
    std::int64_t durNs = 0;
};

// The floor: one pass over every lane's bars, each bar's name found as the slice table finds it
// (a function's by its row, a phase's by its kind) but keyed by number, named once at the end.
std::map<QString, Group> aggregateByLoop(const Capture &c)
{
    std::unordered_map<std::int64_t, Group> byKey; // func id, or phase kind - 2^32
    std::map<QString, Group> other;
    for (const Lane &lane : c.lanes) {
        const bool task = lane.kind == LaneKind::Worker || lane.kind == LaneKind::SchedulerView;
        const bool phase = lane.kind == LaneKind::Scheduler || lane.kind == LaneKind::SchedulerResolve ||
                           lane.kind == LaneKind::Orchestrator || lane.kind == LaneKind::AicpuWorker;
        // allocs' markers come from orchestrator lane -1 - laneSource
        const bool fromOrchestrator = lane.kind == LaneKind::Orchestrator ||
                                      (lane.kind == LaneKind::AicpuWorker && lane.laneSource < 0);
        const auto source = std::size_t(lane.laneSource < 0 ? -1 - lane.laneSource : lane.laneSource);
        for (const Slice &s : lane.slices) {
            const std::int64_t dur = std::llround(s.endUs * 1000) - std::llround(s.startUs * 1000);
            Group *g = nullptr;
            if (task) {
                g = &byKey[c.rows[s.ref].funcId];
            } else if (phase) {
                const auto &records = fromOrchestrator ? c.orchestratorLanes : c.schedulerThreads;
                g = &byKey[std::int64_t(records[source][s.ref].kind) - (std::int64_t(1) << 32)];
            } else if (lane.kind == LaneKind::HostUploads) {
                g = &byKey[std::int64_t(c.hostUploads[s.ref].kind) - (std::int64_t(1) << 32)];
            } else if (lane.kind == LaneKind::Host) {
                g = &other[c.hostLog.spans[s.ref].name];
            } else if (lane.kind == LaneKind::AicpuLifecycle) {
                g = &other[lifecycleStageName(c.aicpuLifecycle[source].slices[s.ref].stage)];
            } else {
                g = &other[c.strings.at(s.label)];
            }
            ++g->count;
            g->durNs += dur;
        }
    }
    std::map<QString, Group> out = std::move(other);
    for (const auto &[key, g] : byKey) {
        Group &named = out[key >= -1 ? functionName(int(key), c.names)
                                     : c.phaseKinds.at(std::uint32_t(key + (std::int64_t(1) << 32)))];
        named.count += g.count;
        named.durNs += g.durNs;
    }
    return out;
}

// `ms` against `againstMs`, measured beside it, and their ratio.
void report(const char *what, double ms, double againstMs)
{
    QTextStream(stdout) << QStringLiteral("%1 %2 ms   against %3 ms   ratio %4\n")
                               .arg(QString::fromLatin1(what), -46)
                               .arg(ms, 9, 'f', 2)
                               .arg(againstMs, 9, 'f', 2)
                               .arg(againstMs > 0 ? ms / againstMs : 0, 7, 'g', 3);
}

} // namespace

int main(int argc, char **argv)
{
    applyLargeAllocationPolicy();
    QCoreApplication app(argc, argv);
    double slices = 1e6;
    const QStringList args = app.arguments();
    if (const qsizetype at = args.indexOf(QStringLiteral("--slices")); at >= 0 && at + 1 < args.size())
        slices = args[at + 1].toDouble();

    // Slices per task of the workload, from a small probe, so that the capture has about `slices`.
    GeneratorOptions o;
    o.seed = 20260046;
    o.level = 4;
    o.tasks = 2000;
    QTemporaryDir probeDir;
    if (!generateCapture(o, probeDir.path()).ok())
        return 2;
    const OpenedDocument probe = openDocument(probeDir.path());
    std::size_t probeSlices = 0;
    for (const Lane &l : probe.document->runs.defaultRun()->lanes)
        probeSlices += l.slices.size();
    o.tasks = int(std::max(100.0, slices * o.tasks / double(std::max<std::size_t>(probeSlices, 1))));
    // The slices do not grow quite in proportion to the tasks: one correction from the first try.
    QTemporaryDir dir;
    OpenedDocument opened;
    CapturePtr run;
    std::size_t bars = 0;
    for (int attempt = 0; attempt < 2; ++attempt) {
        const GeneratedCapture g = generateCapture(o, dir.path());
        if (!g.ok()) {
            QTextStream(stderr) << "generator: " << g.error << '\n';
            return 2;
        }
        opened = openDocument(g.dir);
        if (!opened.ok()) {
            QTextStream(stderr) << opened.error.toString() << '\n';
            return 2;
        }
        run = opened.document->runs.defaultRun();
        bars = 0;
        for (const Lane &l : run->lanes)
            bars += l.slices.size();
        if (std::abs(double(bars) - slices) < 0.03 * slices)
            break;
        o.tasks = int(double(o.tasks) * slices / double(std::max<std::size_t>(bars, 1)));
    }
    QTextStream(stdout) << bars << " slices, " << run->rows.size() << " AICore rows, " << run->lanes.size()
                        << " lanes\n";

    QElapsedTimer making;
    making.start();
    QueryEngine engine(run);
    QTextStream(stdout)
        << QStringLiteral("engine made in %1 ms\n").arg(double(making.nsecsElapsed()) / 1e6, 0, 'f', 2);

    const int runs = 5;
    const QString groupBy = QStringLiteral("SELECT name, COUNT(*), AVG(dur) FROM slice GROUP BY name");
    QueryResult answer;
    const double sqlMs = medianCpuMs(runs, [&] { answer = engine.execute(groupBy); });
    // What a person waits: the wall time, which also holds what a large sort spills to disk.
    std::vector<double> wall;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        engine.execute(groupBy);
        wall.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    const double sqlWallMs = bench::median(wall);
    std::map<QString, Group> floorAnswer;
    const double loopMs = medianCpuMs(runs, [&] { floorAnswer = aggregateByLoop(*run); });
    report("GROUP BY name over every slice vs C++ loop", sqlMs, loopMs);
    QTextStream(stdout) << QStringLiteral("GROUP BY name, wall time %1 ms: budget 1000 ms, %2\n")
                               .arg(sqlWallMs, 0, 'f', 2)
                               .arg(sqlWallMs <= 1000 ? QStringLiteral("within") : QStringLiteral("OVER"));
    // The two must agree, or the ratio compares different work.
    bool same = answer.ok() && answer.rows.size() == floorAnswer.size();
    for (const QVariantList &row : answer.rows) {
        const auto it = floorAnswer.find(row[0].toString());
        same = same && it != floorAnswer.end() && it->second.count == row[1].toLongLong() &&
               std::abs(double(it->second.durNs) / double(it->second.count) - row[2].toDouble()) < 1e-6;
    }
    if (!same) {
        QTextStream(stderr) << "the query and the loop disagree\n";
        return 1;
    }

    // A task by its id: searched in the rows (task_id =) against scanned (task_id + 0 =).
    const TaskRow &middle = run->rows[run->rows.size() / 2];
    const QString byId = QStringLiteral("SELECT * FROM task WHERE task_id %1= %2");
    report("task by id, searched vs scanned",
           medianCpuMs(runs, [&] { engine.execute(byId.arg(QString(), QString::number(middle.taskId))); }),
           medianCpuMs(runs, [&] {
               engine.execute(byId.arg(QStringLiteral("+ 0 "), QString::number(middle.taskId)));
           }));
    // A tenth of a millisecond of bars: each lane searched by ts against scanned.
    const auto ts = std::llround(middle.startUs * 1000);
    const QString window = QStringLiteral("SELECT COUNT(*) FROM slice WHERE ts %1BETWEEN %2 AND %3");
    report("100 us of slices, searched vs scanned",
           medianCpuMs(runs, [&] { engine.execute(window.arg(QString()).arg(ts).arg(ts + 100000)); }),
           medianCpuMs(runs,
                       [&] { engine.execute(window.arg(QStringLiteral("+ 0 ")).arg(ts).arg(ts + 100000)); }));
    return args.contains(QStringLiteral("--check")) && sqlWallMs > 1000 ? 1 : 0;
}
