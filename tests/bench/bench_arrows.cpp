// Dependency-arrow benchmark: a capture with ~200k dependency edges on 72 cores (both Worker and
// Scheduler View lanes, so ~400k anchor-pair arrows), painted as the overlay of a 1920x1080 frame.
// The floor is the bar frame of the same view, painted in the same run by the timeline painter.
//
//   bench_arrows [--tasks N] [--runs N] [--check]
//
// Cases: "all arrows in view" at full view (over the density cap: counted, not drawn), at a zoom
// where about 2 000 arrows are in view (drawn), and the selected task's full cone (computing it on
// a click, then painting it at full view and at that zoom). Budget: every overlay paint costs at
// most one bar frame of the same view (ratio <= 1.0, so bars plus arrows stay within two frames;
// 16 ms is printed for reference, the machine's load moves both alike), and a click's cone
// <= 250 ms (median; there the cone is the whole graph). --check exits 1 when a budget is missed.
// Times are the painting thread's CPU time, as in bench_frame.

#include "benchtiming.h"
#include "model/analysis/dependencycone.h"
#include "model/capture/lanebuilder.h"
#include "model/io/largeallocations.h"
#include "widgets/overlays/dependencyarrowsoverlay.h"
#include "widgets/render/timelineindex.h"
#include "widgets/render/timelinepainter.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QTextStream>
#include <algorithm>
#include <functional>

using namespace lanescope;
using namespace lanescope::bench;

namespace {

constexpr int kCores = 72;
constexpr QSize kFrame(1920, 1080);

// Back-to-back kernels on every core; each task depends on two earlier tasks a few waves back
// one to three waves back (mostly finished by then; a few are not, which gives hb_violations).
CapturePtr syntheticCapture(std::size_t tasks)
{
    auto c = std::make_shared<Capture>();
    c->info.level = 2;
    c->info.numCores = kCores;
    for (int core = 0; core < kCores; ++core)
        c->info.coreTypes.push_back(core < 24 ? CoreType::Aic : CoreType::Aiv);
    std::vector<double> clock(kCores, 0.0);
    std::uint32_t seed = 12345;
    auto next = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return seed >> 8;
    };
    std::vector<DepNode> nodes;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> edges;
    for (std::size_t i = 0; i < tasks; ++i) {
        const int core = int(i % kCores);
        TaskRow r;
        r.taskId = i;
        r.coreId = core;
        r.coreType = c->info.coreTypes[std::size_t(core)];
        r.funcId = int((i / kCores) % 24);
        r.receiveUs = clock[std::size_t(core)] + 0.1 + 0.6 * (next() % 1000) / 1000.0;
        r.startUs = r.receiveUs + 0.2;
        r.endUs = r.startUs + 1.0 + 2.0 * (next() % 1000) / 1000.0;
        r.dispatchUs = r.receiveUs - 0.3;
        r.finishUs = r.endUs + 0.4;
        r.flags = TaskRow::HasAicpu | TaskRow::HasReceive;
        clock[std::size_t(core)] = r.endUs;
        c->rows.push_back(r);
        DepNode n;
        n.taskId = i;
        n.flags = DepNode::InTasks;
        nodes.push_back(n);
        for (int k = 0; k < 2 && i >= 8 * kCores; ++k)
            edges.emplace_back(i - kCores - next() % (2 * kCores), i);
    }
    c->deps.build(std::move(nodes), std::move(edges));
    buildLanes(*c);
    return c;
}

} // namespace

int main(int argc, char **argv)
{
    applyLargeAllocationPolicy(); // measured as the application runs (app/main.cpp)
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    std::size_t tasks = 100'000;
    int runs = 9;
    bool check = false;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QStringLiteral("--tasks") && i + 1 < args.size())
            tasks = args[++i].toULongLong();
        else if (args[i] == QStringLiteral("--runs") && i + 1 < args.size())
            runs = std::max(1, args[++i].toInt());
        else if (args[i] == QStringLiteral("--check"))
            check = true;
    }
    QTextStream out(stdout);

    const CapturePtr capture = syntheticCapture(tasks);
    QImage image(kFrame, QImage::Format_ARGB32_Premultiplied);
    TimelinePainter painter;
    TimelinePaintOptions options;
    TimelineViewport vp;
    vp.widthPx = kFrame.width();
    vp.heightPx = kFrame.height();
    vp.headerWidthPx = kTimelineHeaderWidthPx;
    vp.rulerHeightPx = kTimelineRulerHeightPx;
    const TimelineIndex &index = painter.indexFor(*capture);
    const TimelineLayout layout(*capture, options.metrics);
    const TimeRange full = fitRange(index.extent());

    auto overlay = std::make_shared<DependencyArrowsOverlay>(capture);
    auto paintOverlay = [&](TimeRange range) {
        QPainter p(&image);
        const TimelineViewport v = vp.withRange(range);
        const TimelineOverlayContext context{*capture, v, layout, index, options.colours};
        overlay->paint(p, context);
    };

    // Floor: the bar frame of the full view.
    auto barFrame = [&](TimeRange range) {
        QPainter p(&image);
        painter.paint(p, *capture, vp.withRange(range), options);
    };
    barFrame(full); // warm-up
    const double floorMs = medianCpuMs(runs, [&] { barFrame(full); });

    // "All in view": the first frame builds the arrows of the whole graph once.
    overlay->setShowAllInView(true);
    const double firstAllMs = medianCpuMs(1, [&] { paintOverlay(full); });
    const double allFullMs = medianCpuMs(runs, [&] { paintOverlay(full); });
    const auto allFullStats = overlay->stats();

    // A zoom with about 2 000 arrows in view, found by halving the span around the middle.
    const double mid = (full.startUs + full.endUs) / 2;
    double span = full.span();
    TimeRange zoom = full;
    for (int i = 0; i < 200; ++i) {
        zoom = {mid - span / 2, mid + span / 2};
        paintOverlay(zoom);
        if (overlay->stats().arrowsInView <= 2000)
            break;
        span *= 0.9;
    }
    const double allZoomMs = medianCpuMs(runs, [&] { paintOverlay(zoom); });
    const auto allZoomStats = overlay->stats();
    overlay->setShowAllInView(false);

    // Selected task in the middle: its full cone, computed on the click, painted at both views.
    const std::uint64_t selected = tasks / 2;
    std::size_t coneEdges = 0;
    const double coneMs = medianCpuMs(runs, [&] {
        auto cone = dependencyCone(capture->deps, selected, kFullDependencyCone);
        coneEdges = cone.size();
        overlay->setCone(std::move(cone));
    });
    const double coneFullMs = medianCpuMs(runs, [&] { paintOverlay(full); });
    const auto coneFullStats = overlay->stats();
    const double coneZoomMs = medianCpuMs(runs, [&] { paintOverlay(zoom); });
    const auto coneZoomStats = overlay->stats();

    struct Result
    {
        QString name;
        double ms;
        double budgetMs;
        DependencyArrowsOverlay::Stats stats;
    };
    const Result results[] = {
        {QStringLiteral("all in view, full view"), allFullMs, 16.0, allFullStats},
        {QStringLiteral("all in view, zoomed (%1 us)").arg(zoom.span(), 0, 'f', 1), allZoomMs, 16.0,
         allZoomStats},
        {QStringLiteral("full cone of one task, full view"), coneFullMs, 16.0, coneFullStats},
        {QStringLiteral("full cone of one task, zoomed"), coneZoomMs, 16.0, coneZoomStats},
    };
    out << "tasks: " << capture->rows.size() << ", unique edges: " << capture->deps.edges().size() << " on "
        << kCores << " cores, frame " << kFrame.width() << "x" << kFrame.height() << ", median of " << runs
        << " runs\n";
    out << QStringLiteral("floor (bar frame, full view): %1 ms\n").arg(floorMs, 0, 'f', 3);
    out << QStringLiteral("first all-in-view frame (builds every arrow once): %1 ms\n")
               .arg(firstAllMs, 0, 'f', 1);
    bool missed = false;
    for (const Result &r : results) {
        const double ratio = floorMs > 0 ? r.ms / floorMs : 0.0;
        const bool ok = ratio <= 1.0;
        missed |= !ok;
        out << QStringLiteral("%1: %2 ms (%3x floor; budget 1.0x, reference %4 ms): %5   [in view %6, drawn "
                              "%7, violations %8, "
                              "counted instead %9]\n")
                   .arg(r.name)
                   .arg(r.ms, 0, 'f', 3)
                   .arg(ratio, 0, 'f', 2)
                   .arg(r.budgetMs, 0, 'f', 0)
                   .arg(ok ? QStringLiteral("ok") : QStringLiteral("MISSED"))
                   .arg(r.stats.arrowsInView)
                   .arg(r.stats.arrowsDrawn)
                   .arg(r.stats.violationsDrawn)
                   .arg(r.stats.overCap ? QStringLiteral("yes") : QStringLiteral("no"));
    }
    const bool coneOk = coneMs <= 250.0;
    missed |= !coneOk;
    out << QStringLiteral(
               "click: full cone of task %1 (%2 edges) computed and laid out: %3 ms, budget 250 ms: %4\n")
               .arg(selected)
               .arg(coneEdges)
               .arg(coneMs, 0, 'f', 3)
               .arg(coneOk ? QStringLiteral("ok") : QStringLiteral("MISSED"));
    out.flush();
    return check && missed ? 1 : 0;
}
