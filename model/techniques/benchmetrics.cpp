#include "benchmetrics.h"

#include "model/analysis/benchmarkrounds.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

double stdevOf(const std::vector<double> &v)
{
    double mean = 0;
    for (double x : v)
        mean += x;
    mean /= double(v.size());
    double sq = 0;
    for (double x : v)
        sq += (x - mean) * (x - mean);
    return std::sqrt(sq / double(v.size() - 1));
}

struct Walls
{
    std::vector<double> host;
    std::vector<double> device;
};

Walls wallsOf(const Capture &capture)
{
    Walls w;
    for (const BenchmarkRound &r : benchmarkRounds(capture.hostLog).rounds) {
        w.host.push_back(r.hostWallUs);
        w.device.push_back(r.deviceWallUs);
    }
    return w;
}

} // namespace

QString benchAbsentReason(int rounds)
{
    return rounds == 0
               ? QStringLiteral("needs the benchmark rounds of a host log ([STRACE] chip.run per launch); "
                                "none are loaded")
               : QStringLiteral("needs at least two benchmark rounds in the host log; it holds one launch, "
                                "the instrumented swimlane run, whose wall clock is not a benchmark");
}

QString hostDominatedNote()
{
    return QStringLiteral("the time is on the host; nothing in pages 00–05 will move it");
}

std::vector<double> benchRoundValues(const Capture &capture, const QString &id)
{
    const Walls w = wallsOf(capture);
    if (w.host.size() < 2)
        return {};
    if (id == QLatin1String("M21.host_median_us"))
        return w.host;
    if (id == QLatin1String("M21.device_median_us"))
        return w.device;
    if (id == QLatin1String("M21")) {
        std::vector<double> share;
        for (std::size_t k = 0; k < w.host.size(); ++k)
            if (w.host[k] > 0)
                share.push_back((w.host[k] - w.device[k]) / w.host[k]);
        return share;
    }
    return {};
}

void setBenchMetrics(const Capture &capture, MetricSet &set)
{
    const Walls w = wallsOf(capture);
    auto put = [&](const char *id, std::optional<double> value, const QString &reason) {
        const QString key = QString::fromLatin1(id);
        set.values[key] = MetricValue{key, value, value ? QString() : reason, {}};
    };
    if (w.host.size() < 2) {
        for (const MetricDefinition &d : metricDefinitions())
            if (d.metric == QLatin1String("M21"))
                set.values[d.id] = MetricValue{d.id, std::nullopt, benchAbsentReason(int(w.host.size())), {}};
        return;
    }
    const double host = medianOf(w.host), device = medianOf(w.device);
    put("M21", host > 0 ? std::optional<double>((host - device) / host) : std::nullopt,
        QStringLiteral("the median host wall is 0"));
    put("M21.host_median_us", host, {});
    put("M21.host_min_us", *std::min_element(w.host.begin(), w.host.end()), {});
    put("M21.host_stdev_us", stdevOf(w.host), {});
    put("M21.device_median_us", device, {});
    put("M21.device_min_us", *std::min_element(w.device.begin(), w.device.end()), {});
    put("M21.device_stdev_us", stdevOf(w.device), {});
    put("M21.rounds", double(w.host.size()), {});
}

double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace lanescope
