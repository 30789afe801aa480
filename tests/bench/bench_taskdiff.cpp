// Task diff benchmark: pairing 1M AICore bars per side (model/diff/taskdiff.h), as a ratio to a
// floor measured in the same run: copying both sides' rows and sorting each by task and start,
// which any pairing by identity must at least do.
//
//   bench_taskdiff [--rows N] [--repeat K] [--synthetic] [--check] [--dir DIR]
//
// Three diffs of N bars per side (default 1M): one function slowed (identity matching), a changed
// graph (identity tried, then order matching), and a capture against itself. By default the sides
// are generated (random workload, level 4, kernel times by task, a 1 GHz clock: the generator's
// diff options) and loaded once; --synthetic builds the same three cases' rows in memory instead
// (no files: seconds instead of a minute). Each diff runs K times (default 5); the median CPU time
// of this thread counts (the diff is single-threaded), the wall time is shown beside it.
// Budget (2-core machine): every diff of 1M bars per side <= 1 s. With --check the exit status is 1
// when it is missed.

#include "benchtiming.h"
#include "capturegenerator.h"
#include "model/diff/taskdiff.h"
#include "model/io/largeallocations.h"
#include "model/io/loader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <memory>
#include <random>
#include <vector>

using namespace lanescope;
using namespace lanescope::bench;

namespace {

struct Case
{
    QString name;
    DiffMatch expected; // how the diff must pair them: a wrong answer fast is no result
    std::shared_ptr<const Capture> before;
    std::shared_ptr<const Capture> after;
};

// Rows per logical task of the random workload, from a small run of the same options.
double rowsPerTask(const GeneratorOptions &base)
{
    GeneratorOptions o = base;
    o.tasks = 2000;
    QTemporaryDir probe;
    const GeneratedCapture g = generateCapture(o, probe.path());
    return g.ok() && g.expected.aicoreRows > 0 ? double(g.expected.aicoreRows) / o.tasks : 1.0;
}

std::shared_ptr<const Capture> generated(const GeneratorOptions &o, const QString &dir, QString *error)
{
    const GeneratedCapture g = generateCapture(o, dir);
    if (!g.ok()) {
        *error = g.error;
        return {};
    }
    LoadResult loaded = loadCapture(dir);
    if (!loaded.ok())
        *error = loaded.error.toString();
    return loaded.capture;
}

// The function with the most rows: the one a tuning step would most likely change.
std::int32_t busiestFunction(const Capture &c)
{
    std::vector<std::size_t> counts;
    for (const TaskRow &r : c.rows) {
        if (r.funcId < 0)
            continue;
        if (std::size_t(r.funcId) >= counts.size())
            counts.resize(std::size_t(r.funcId) + 1, 0);
        ++counts[std::size_t(r.funcId)];
    }
    return counts.empty() ? -1
                          : std::int32_t(std::max_element(counts.begin(), counts.end()) - counts.begin());
}

std::vector<Case> generatedCases(std::uint64_t rows, const QString &dir, QString *error)
{
    GeneratorOptions base;
    base.seed = 20261202;
    base.level = 4;
    base.clockFreqHz = 1'000'000'000;
    base.kernelTimesByTask = true;
    base.hostLog = false;
    base.tasks = int(std::max(100.0, double(rows) / rowsPerTask(base)));
    const auto before = generated(base, dir + QStringLiteral("/before"), error);
    if (!before)
        return {};
    GeneratorOptions slowed = base;
    slowed.slowFunction = busiestFunction(*before);
    slowed.slowByNs = 2000;
    GeneratorOptions renumbered = base;
    renumbered.renumberTasks = 5;
    const auto slowedAfter = generated(slowed, dir + QStringLiteral("/slowed"), error);
    const auto renumberedAfter = generated(renumbered, dir + QStringLiteral("/renumbered"), error);
    if (!slowedAfter || !renumberedAfter)
        return {};
    return {{QStringLiteral("one function slowed"), DiffMatch::Identity, before, slowedAfter},
            {QStringLiteral("changed graph"), DiffMatch::Order, before, renumberedAfter},
            {QStringLiteral("itself"), DiffMatch::Identity, before, before}};
}

// Rows as the loader leaves them (sorted by task id, blocks in file order): tasks of 1-4 blocks on
// 24 functions, AIC or AIV, laid out one after another over 72 cores.
std::shared_ptr<Capture> syntheticSide(std::uint64_t rows, std::int32_t slowFunction, double slowUs,
                                       int rotate)
{
    std::mt19937_64 rng(20261202); // the same draws on both sides: the same tasks
    auto capture = std::make_shared<Capture>();
    TaskRows &out = capture->rows;
    out.reserve(rows + 4);
    std::vector<std::uint64_t> ids;
    double now = 0;
    for (std::uint32_t local = 0; out.size() < rows; ++local) {
        const auto blocks = 1 + rng() % 4;
        const auto func = std::int32_t(rng() % 24);
        const CoreType type = func % 3 == 0 ? CoreType::Aic : CoreType::Aiv;
        const double duration = 2.0 + double(rng() % 8000) / 1000.0;
        for (std::uint64_t b = 0; b < blocks; ++b) {
            TaskRow r;
            r.taskId = local;
            r.funcId = func;
            r.coreType = type;
            r.coreId = int(rng() % 72);
            r.startUs = now + double(rng() % 1000) / 1000.0;
            r.endUs = r.startUs + duration + (func == slowFunction ? slowUs : 0.0);
            r.receiveUs = r.startUs;
            out.push_back(r);
        }
        now += 0.5;
    }
    if (rotate != 0) {
        // A changed graph: the same work under ids rotated by `rotate` tasks, re-sorted by id.
        std::uint64_t tasks = out.back().taskId + 1;
        for (TaskRow &r : out)
            r.taskId = (r.taskId + std::uint64_t(rotate)) % tasks;
        std::stable_sort(out.begin(), out.end(),
                         [](const TaskRow &a, const TaskRow &b) { return a.taskId < b.taskId; });
    }
    return capture;
}

std::vector<Case> syntheticCases(std::uint64_t rows)
{
    const std::shared_ptr<const Capture> before = syntheticSide(rows, -1, 0, 0);
    return {
        {QStringLiteral("one function slowed"), DiffMatch::Identity, before, syntheticSide(rows, 5, 2.0, 0)},
        {QStringLiteral("changed graph"), DiffMatch::Order, before, syntheticSide(rows, -1, 0, 5)},
        {QStringLiteral("itself"), DiffMatch::Identity, before, before}};
}

volatile std::uint64_t g_sink = 0; // keeps the floor's sorting observable

// The floor: both sides' rows copied and sorted by task id and start.
void copyAndSort(const Capture &before, const Capture &after)
{
    const auto byTaskThenStart = [](const TaskRow &a, const TaskRow &b) {
        return a.taskId != b.taskId ? a.taskId < b.taskId : a.startUs < b.startUs;
    };
    TaskRows b = before.rows, a = after.rows;
    std::sort(b.begin(), b.end(), byTaskThenStart);
    std::sort(a.begin(), a.end(), byTaskThenStart);
    g_sink = g_sink + (b.empty() ? 0 : b.back().taskId) + (a.empty() ? 0 : a.front().taskId);
}

} // namespace

int main(int argc, char **argv)
{
    applyLargeAllocationPolicy(); // measured as the application runs (app/main.cpp)
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    std::uint64_t rows = 1'000'000;
    int repeat = 5;
    bool synthetic = false;
    bool check = false;
    QString keepDir;
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--rows") && i + 1 < args.size() && args[i + 1].toULongLong() > 0)
            rows = args[++i].toULongLong();
        else if (args[i] == QLatin1String("--repeat") && i + 1 < args.size() && args[i + 1].toInt() >= 1)
            repeat = args[++i].toInt();
        else if (args[i] == QLatin1String("--synthetic"))
            synthetic = true;
        else if (args[i] == QLatin1String("--check"))
            check = true;
        else if (args[i] == QLatin1String("--dir") && i + 1 < args.size())
            keepDir = args[++i];
        else {
            QTextStream(stderr)
                << "usage: bench_taskdiff [--rows N] [--repeat K] [--synthetic] [--check] [--dir DIR]\n";
            return 1;
        }
    }
    constexpr double kBudgetMs = 1000;

    QTextStream out(stdout);
    QElapsedTimer prepared;
    prepared.start();
    QTemporaryDir tmp;
    QString error;
    const std::vector<Case> cases =
        synthetic ? syntheticCases(rows)
                  : generatedCases(rows, keepDir.isEmpty() ? tmp.path() : keepDir, &error);
    if (cases.empty()) {
        QTextStream(stderr) << "generation failed: " << error << '\n';
        return 1;
    }
    out << (synthetic ? "synthetic rows" : "generated and loaded") << " in " << prepared.elapsed() / 1000.0
        << " s\n";
    out << "case                  before     after      match   cpu(ms)  wall(ms)  floor(ms)  match/floor\n";
    bool ok = true;
    for (const Case &c : cases) {
        TaskDiff d;
        std::vector<double> wall;
        const double cpuMs = medianCpuMs(repeat, [&] {
            QElapsedTimer t;
            t.start();
            d = diffTasks(*c.before, *c.after);
            wall.push_back(double(t.nsecsElapsed()) / 1e6);
        });
        const double floorMs = medianCpuMs(repeat, [&] { copyAndSort(*c.before, *c.after); });
        ok = ok && cpuMs <= kBudgetMs;
        // Every case runs the same work on both sides: each bar has its partner.
        if (d.matchBy != c.expected || d.matchedRows != c.after->rows.size()) {
            QTextStream(stderr) << c.name << ": matched " << d.matchedRows << " of " << c.after->rows.size()
                                << " bars by " << diffMatchName(d.matchBy) << ", expected every bar by "
                                << diffMatchName(c.expected) << '\n';
            return 1;
        }
        out << c.name.leftJustified(20) << QString::number(c.before->rows.size()).rightJustified(9)
            << QString::number(c.after->rows.size()).rightJustified(10) << "  "
            << diffMatchName(d.matchBy).leftJustified(9) << QString::number(cpuMs, 'f', 1).rightJustified(8)
            << QString::number(median(wall), 'f', 1).rightJustified(10)
            << QString::number(floorMs, 'f', 1).rightJustified(11)
            << QString::number(cpuMs / floorMs, 'f', 2).rightJustified(13) << '\n';
    }
    out << "budget: every diff <= " << kBudgetMs << " ms cpu " << (ok ? "ok" : "MISSED") << '\n';
    return check && !ok ? 1 : 0;
}
