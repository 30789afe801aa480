// Cancel benchmark: how long an abandoned opening or analysis keeps its thread after the cancel
// request. The loading page's Cancel, the window's close and the loader's destructor wait exactly
// that long, so this is the budget the unit tests leave out (they check that every long step hears
// a cancel, tests/model/tst_cancelpoint.cpp, and the order of events, tests/model/tst_captureloader.cpp
// and tests/app/tst_windowlifetime.cpp).
//
//   bench_cancel [--tasks N] [--repeat K] [--check] [--dir DIR]
//
// The run (level 4, with deps.json, default 100k tasks) is opened K times whole (openDocument, the
// snapshot cache off; default 5); then, K times each, an opening is cancelled at every tenth
// (10 % … 90 %) of the median whole time and the time from the request to its return is taken.
// The same for the run's whole analysis. Budget for both: the worst of those medians is at most
// 100 ms, as a person waits for it (every sort and loop over rows looks at the flag every few
// thousand items: model/capture/cancelpoint.h). The ratio to the whole is printed beside it.
// With --check the exit status is 1 when the budget is missed.

#include "capturegenerator.h"
#include "model/io/largeallocations.h"
#include "model/session/capturedocument.h"

#include <QCoreApplication>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using namespace lanescope;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

// Starts `work` (given the cancel flag it watches), asks it to stop after `afterMs`, and returns
// how long it took to return from then on (0 when it finished before the request).
template <typename Work> double cancelLatencyMs(Work work, double afterMs)
{
    std::atomic<bool> cancel{false};
    std::atomic<bool> finished{false};
    Clock::time_point returned;
    std::thread worker([&] {
        work(cancel);
        returned = Clock::now();
        finished = true;
    });
    std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(afterMs));
    const Clock::time_point requested = Clock::now();
    cancel = true;
    worker.join();
    return finished && returned > requested
               ? std::chrono::duration<double, std::milli>(returned - requested).count()
               : 0.0;
}

// The latencies of cancelling `work` at 10 % … 90 % of its whole time, printed; the worst median.
template <typename Work> double worstLatencyMs(QTextStream &out, Work work, double wholeMs, int repeat)
{
    out << "cancelled at  latency(ms)  latency/whole\n";
    double worst = 0;
    for (const double at : {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}) {
        std::vector<double> latencies;
        for (int i = 0; i < repeat; ++i)
            latencies.push_back(cancelLatencyMs(work, at * wholeMs));
        const double latencyMs = median(latencies);
        worst = std::max(worst, latencyMs);
        out << QStringLiteral("%1 %       %2  %3\n")
                   .arg(int(at * 100), 3)
                   .arg(latencyMs, 11, 'f', 1)
                   .arg(latencyMs / wholeMs, 13, 'f', 3);
    }
    return worst;
}

} // namespace

int main(int argc, char **argv)
{
    applyLargeAllocationPolicy(); // measured as the application runs (app/main.cpp)
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    std::uint64_t tasks = 100'000;
    int repeat = 5;
    bool check = false;
    QString keepDir;
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--tasks") && i + 1 < args.size() && args[i + 1].toULongLong() > 0)
            tasks = args[++i].toULongLong();
        else if (args[i] == QLatin1String("--repeat") && i + 1 < args.size() && args[i + 1].toInt() >= 1)
            repeat = args[++i].toInt();
        else if (args[i] == QLatin1String("--check"))
            check = true;
        else if (args[i] == QLatin1String("--dir") && i + 1 < args.size())
            keepDir = args[++i];
        else {
            QTextStream(stderr) << "usage: bench_cancel [--tasks N] [--repeat K] [--check] [--dir DIR]\n";
            return 1;
        }
    }
    constexpr double kBudgetMs = 100;

    QTemporaryDir tmp;
    const QString dir = keepDir.isEmpty() ? tmp.path() : keepDir;
    GeneratorOptions o;
    o.seed = 7;
    o.level = 4;
    o.tasks = tasks;
    const GeneratedCapture g = generateCapture(o, dir);
    if (!g.ok()) {
        QTextStream(stderr) << "generation failed: " << g.error << '\n';
        return 1;
    }
    const OpenedDocument opened = openDocument(dir);
    if (!opened.ok()) {
        QTextStream(stderr) << opened.error.toString() << '\n';
        return 1;
    }
    const CaptureDocument &document = *opened.document;
    const Capture &run = *document.runs.defaultRun();
    QTextStream out(stdout);

    // Opening: the window's whole pipeline (read, derived tracks, index, facts), cancelled from the
    // loading page's button.
    std::vector<double> opens;
    for (int i = 0; i < repeat; ++i) {
        const Clock::time_point start = Clock::now();
        openDocument(dir);
        opens.push_back(msSince(start));
    }
    const double openMs = median(opens);
    out << "rows " << run.rows.size() << ", whole opening " << QString::number(openMs, 'f', 1) << " ms\n";
    const double openWorstMs = worstLatencyMs(
        out,
        [&](std::atomic<bool> &cancel) {
            LoadControl control;
            control.cancel = &cancel;
            openDocument(dir, control);
        },
        openMs, repeat);
    const bool openOk = openWorstMs <= kBudgetMs;
    out << "worst opening latency " << QString::number(openWorstMs, 'f', 1) << " ms"
        << (openOk ? " ok" : " MISSED") << " (<= " << kBudgetMs << " ms)\n";

    std::vector<double> whole;
    for (int i = 0; i < repeat; ++i) {
        const Clock::time_point start = Clock::now();
        analyseRun(document, run);
        whole.push_back(msSince(start));
    }
    const double wholeMs = median(whole);
    out << "whole analysis " << QString::number(wholeMs, 'f', 1) << " ms\n";
    const double worstMs = worstLatencyMs(
        out,
        [&](std::atomic<bool> &cancel) {
            AnalysisControl control;
            control.cancel = &cancel;
            analyseRun(document, run, control);
        },
        wholeMs, repeat);
    const bool ok = worstMs <= kBudgetMs;
    out << "worst analysis latency " << QString::number(worstMs, 'f', 1) << " ms" << (ok ? " ok" : " MISSED")
        << " (<= " << kBudgetMs << " ms)\n";
    return check && !(ok && openOk) ? 1 : 0;
}
