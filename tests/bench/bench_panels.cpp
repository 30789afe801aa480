// What the panels cost on the GUI thread per tab switch, keystroke, drag or click, with the work
// they used to repeat there (computed from the run) beside the look-up they do now (CaptureFacts,
// computed once by openDocument), and what computing the facts adds to opening.
//   bench_panels [--rows N]   (default 1000000 AICore rows, level 4 with deps.json)

#include "benchtiming.h"
#include "capturegenerator.h"
#include "model/capture/labels.h"
#include "model/index/barindex.h"
#include "model/index/tasklocator.h"
#include "model/io/largeallocations.h"
#include "model/session/capturedocument.h"
#include "model/session/capturefacts.h"
#include "widgets/panels/slicesearch.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>
#include <algorithm>
#include <unordered_set>

using namespace lanescope;
using bench::medianCpuMs;

namespace {

// The search as it ran on every keystroke before the index: a pass over the rows for their
// functions, one over every bar, and a sort of what matched (trace slice names left out: the
// generated captures have none). Kept here to measure against.
std::vector<SliceRef> scanAndSort(const Capture &capture, const QString &query)
{
    const QString q = query.trimmed();
    std::vector<SliceRef> found;
    for (std::size_t l = 0; l < capture.lanes.size(); ++l) {
        const Lane &lane = capture.lanes[l];
        if (!lane.slices.empty() && lane.name.contains(q, Qt::CaseInsensitive))
            found.push_back({int(l), 0});
    }
    std::unordered_set<int> functions;
    for (const TaskRow &row : capture.rows)
        functions.insert(row.funcId);
    std::unordered_set<int> matching;
    for (const int f : functions)
        if (fuzzyMatch(q, functionName(f, capture.names)))
            matching.insert(f);
    for (std::size_t l = 0; l < capture.lanes.size(); ++l) {
        const Lane &lane = capture.lanes[l];
        if (lane.kind == LaneKind::Worker && !matching.empty())
            for (std::size_t s = 0; s < lane.slices.size(); ++s)
                if (lane.slices[s].ref < capture.rows.size() &&
                    matching.count(capture.rows[lane.slices[s].ref].funcId))
                    found.push_back({int(l), s});
    }
    std::sort(found.begin(), found.end(), [&](const SliceRef &a, const SliceRef &b) {
        const double sa = capture.lanes[std::size_t(a.lane)].slices[a.slice].startUs;
        const double sb = capture.lanes[std::size_t(b.lane)].slices[b.slice].startUs;
        return sa != sb ? sa < sb : (a.lane != b.lane ? a.lane < b.lane : a.slice < b.slice);
    });
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
}

void report(const char *what, double beforeMs, double afterMs)
{
    QTextStream(stdout) << QStringLiteral("%1  %2 ms -> %3 ms\n")
                               .arg(QString::fromLatin1(what), -44)
                               .arg(beforeMs, 9, 'f', 2)
                               .arg(afterMs, 9, 'f', 3);
}

} // namespace

int main(int argc, char **argv)
{
    applyLargeAllocationPolicy(); // measured as the application runs (app/main.cpp)
    QCoreApplication app(argc, argv);
    std::uint64_t rows = 1000000;
    const QStringList args = app.arguments();
    if (const qsizetype at = args.indexOf(QStringLiteral("--rows")); at >= 0 && at + 1 < args.size())
        rows = args[at + 1].toULongLong();

    // Rows per task of the workload, from a small probe, so that the capture has about `rows` rows.
    GeneratorOptions o;
    o.seed = 20261129;
    o.level = 4;
    o.tasks = 2000;
    QTemporaryDir probe;
    const GeneratedCapture small = generateCapture(o, probe.path());
    const double perTask =
        small.ok() && small.expected.aicoreRows > 0 ? double(small.expected.aicoreRows) / o.tasks : 1;
    o.tasks = int(std::max(100.0, double(rows) / perTask));
    QTemporaryDir dir;
    const GeneratedCapture g = generateCapture(o, dir.path());
    if (!g.ok()) {
        QTextStream(stderr) << "generator: " << g.error << '\n';
        return 2;
    }
    QElapsedTimer opening;
    opening.start();
    const OpenedDocument opened = openDocument(g.dir);
    const double openMs = double(opening.elapsed());
    if (!opened.ok()) {
        QTextStream(stderr) << opened.error.toString() << '\n';
        return 2;
    }
    const CapturePtr run = opened.document->runs.defaultRun();
    const CaptureFacts &facts = *run->facts;
    QTextStream(stdout) << run->rows.size() << " rows, " << run->deps.nodes().size() << " deps nodes, "
                        << facts.hbViolations.all().size() << " hb violations\n";

    const int runs = 5;
    report("function table, per tab switch", medianCpuMs(runs, [&] { functionSummary(*run); }),
           medianCpuMs(runs, [&] { FunctionSummary copy = *facts.functions; }));
    report("legend counts, per tab switch (twice)", 2 * medianCpuMs(runs, [&] { functionsByCount(*run); }),
           2 * medianCpuMs(runs, [&] { std::vector<FunctionCount> copy = facts.functionsByCount; }));
    const TaskLocator locator(*run);
    const QString name = facts.search.functionNames().front();
    report("search, per keystroke (a function name)", medianCpuMs(runs, [&] { scanAndSort(*run, name); }),
           medianCpuMs(runs, [&] { findSlices(*run, facts.search, locator, name); }));
    if (scanAndSort(*run, name) != findSlices(*run, facts.search, locator, name))
        QTextStream(stderr) << "the index finds other bars than the scan\n";
    report("search, per keystroke (no match)",
           medianCpuMs(runs, [&] { scanAndSort(*run, QStringLiteral("zzzq")); }),
           medianCpuMs(runs, [&] { findSlices(*run, facts.search, locator, QStringLiteral("zzzq")); }));
    // Snapping searched a sorted copy of every bar edge, sorted on the first drag; it asks the bar
    // index around the pointer now: a hundred drag moves across the capture, 8 px at 1920 px.
    const BarIndex barIndex(*run);
    const TimeRange extent = barIndex.alignedExtent();
    report("snapping, 100 drag moves", 0, medianCpuMs(runs, [&] {
               for (int i = 0; i < 100; ++i)
                   barIndex.nearestEdge(*run, extent.startUs + extent.span() * i / 100,
                                        extent.span() * 8 / 1920);
           }));
    const DependencyAnchors anchors(*run);
    const auto edges = allDependencyEdges(run->deps);
    report("hb violations, whole capture, per click",
           medianCpuMs(runs,
                       [&] {
                           allDependencyEdges(run->deps);
                           hbViolations(*run, anchors, edges);
                       }),
           medianCpuMs(runs, [&] { std::vector<HbViolation> copy = facts.hbViolations.all(); }));
    QElapsedTimer computing;
    computing.start();
    computeCaptureFacts(*run);
    QTextStream(stdout) << QStringLiteral("openDocument %1 ms, of which the facts %2 ms (wall)\n")
                               .arg(openMs)
                               .arg(computing.elapsed());
    return 0;
}
