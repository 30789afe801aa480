#include "containmentplacement.h"

#include "model/capture/int128.h"

#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace lanescope {

namespace {

const QString kRunSpan = QStringLiteral("chip.run");
const QString kRunnerSpan = QStringLiteral("chip.run.runner_run");
const QString kDeviceWallSpan = QStringLiteral("chip.run.runner_run.device_wall");
const QString kAicpuLaunchSpan = QStringLiteral("chip.run.runner_run.aicpu_launch");
const QString kPhasePrefix = QStringLiteral("chip.run.runner_run.device_wall.");

constexpr double kNsPerSecond = 1e9;

QString invocation(const HostWindow &w)
{
    return QStringLiteral("pid %1 inv %2").arg(w.pid).arg(w.inv);
}

// a + b without overflow: hostile logs can put any int64 into ts and dur.
std::int64_t saturatingAdd(std::int64_t a, std::int64_t b)
{
    std::int64_t sum = 0;
    if (!__builtin_add_overflow(a, b, &sum))
        return sum;
    return b > 0 ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::min();
}

bool fail(QString *reason, const QString &why)
{
    if (reason)
        *reason = why;
    return false;
}

// The four fields are written together, so a partial or non-integer set is no identity rather
// than half a key; a synchronous launch writes both ids 0 and names no dispatch either (§2.2).
std::optional<DispatchKey> hostIdentity(const HostSpan &root)
{
    static const QString names[] = {QStringLiteral("run_id"), QStringLiteral("dispatch_id"),
                                    QStringLiteral("slot_id"), QStringLiteral("generation")};
    std::int64_t values[4] = {};
    bool found[4] = {};
    for (const auto &[k, v] : root.attributes)
        for (int i = 0; i < 4; ++i)
            if (k == names[i]) {
                bool ok = false;
                values[i] = v.toLongLong(&ok);
                if (!ok)
                    return std::nullopt;
                found[i] = true;
            }
    if (!(found[0] && found[1] && found[2] && found[3]) || (values[0] == 0 && values[1] == 0))
        return std::nullopt;
    return DispatchKey{values[0], values[1], values[2], values[3]};
}

} // namespace

const HostWindow::Phase *HostWindow::phase(const QString &name) const
{
    for (const Phase &p : phases)
        if (p.name == name)
            return &p;
    return nullptr;
}

double nsToCycles(std::int64_t ns, std::int64_t frequencyHz)
{
    // Python divides the exact product once; the quotient and remainder keep that exact here.
    const Int128 product = Int128(ns) * frequencyHz;
    const Int128 q = product / 1'000'000'000, r = product % 1'000'000'000;
    return double((long double)q + (long double)r / 1e9L);
}

std::int64_t roundHalfEven(double x)
{
    // nearbyint follows the rounding mode, which is round-to-nearest-even unless someone changed it.
    return std::int64_t(std::nearbyint(x));
}

double ContainmentPlacement::hostNsOfCycles(double cycles) const
{
    return hostNsOfDevicePhase((cycles - join.originCycles) * kNsPerSecond / double(frequencyHz));
}

HostWindows hostWindows(const std::vector<HostSpan> &spans)
{
    // Later spans of one name replace earlier ones, as the converter's dict does.
    std::map<std::pair<std::int64_t, std::int64_t>, std::map<QString, const HostSpan *>> byInvocation;
    for (const HostSpan &s : spans)
        byInvocation[{s.pid, s.inv}][s.name] = &s;

    HostWindows out;
    for (const auto &[key, named] : byInvocation) {
        const auto runner = named.find(kRunnerSpan);
        const auto wall = named.find(kDeviceWallSpan);
        if (runner == named.end() || wall == named.end())
            continue;
        const HostSpan &r = *runner->second;
        HostWindow w;
        w.pid = key.first;
        w.inv = key.second;
        w.startNs = r.tsNs;
        w.durationNs = r.durNs;
        w.deviceWallNs = wall->second->durNs;
        w.runnerOnHostClock = !r.deviceClock;
        w.deviceWallOnDeviceClock = wall->second->deviceClock;
        if (const auto launch = named.find(kAicpuLaunchSpan); launch != named.end()) {
            const HostSpan &l = *launch->second;
            if (l.deviceClock || l.durNs != 0 || l.tsNs < r.tsNs || l.tsNs > saturatingAdd(r.tsNs, r.durNs)) {
                out.error =
                    QStringLiteral(
                        "%1: invalid AICPU launch marker (line %2): expected Host clock, zero duration "
                        "and a time within the runner window")
                        .arg(invocation(w))
                        .arg(l.line);
                out.windows.clear();
                return out;
            }
            w.aicpuLaunchNs = l.tsNs;
        }
        for (const auto &[name, span] : named)
            if (name.startsWith(kPhasePrefix) && span->durNs > 0)
                w.phases.push_back({name.mid(kPhasePrefix.size()), span->tsNs, span->durNs});
        if (const auto root = named.find(kRunSpan); root != named.end()) {
            const HostSpan &s = *root->second;
            w.rootNs = std::make_pair(s.tsNs, saturatingAdd(s.tsNs, s.durNs));
            w.identity = hostIdentity(s);
            for (const auto &[k, v] : s.attributes)
                if (k == QLatin1String("run_epoch")) {
                    w.rootHasRunEpoch = true;
                    bool ok = false;
                    const qlonglong e = v.toLongLong(&ok);
                    w.rootRunEpoch = ok ? std::optional<std::int64_t>(e) : std::nullopt;
                }
        }
        out.windows.push_back(std::move(w));
    }
    return out;
}

std::optional<ContainmentJoin> joinOrigin(const HostWindow &window, const ContainmentCapture &capture,
                                          QString *reason)
{
    const std::int64_t f = capture.frequencyHz;
    if (f <= 0 || capture.extent.empty()) {
        fail(reason, f <= 0 ? QStringLiteral("the capture has no usable clock_freq_hz")
                            : QStringLiteral("the capture holds no device-clock records to place"));
        return std::nullopt;
    }
    ContainmentJoin j;
    double lo = -std::numeric_limits<double>::infinity();
    double hi = std::numeric_limits<double>::infinity();
    // records within the window: the first is at or after its start, the last at or before its end.
    auto narrow = [&](std::int64_t startNs, std::int64_t durationNs, const CycleBounds &records,
                      const QString &source) {
        hi = std::min(hi, double(records.lo) - nsToCycles(startNs, f));
        lo = std::max(lo, double(records.hi) - nsToCycles(saturatingAdd(startNs, durationNs), f));
        j.sources << source;
    };
    for (const auto &[name, records] : {std::pair{QStringLiteral("sched"), &capture.sched},
                                        std::pair{QStringLiteral("orch"), &capture.orch}}) {
        const HostWindow::Phase *p = window.phase(name);
        if (p && !records->empty())
            narrow(p->tsNs, p->durNs, *records, name);
    }
    narrow(0, window.deviceWallNs, capture.extent, QStringLiteral("device_wall"));
    if (lo > hi) {
        fail(reason,
             QStringLiteral("%1 and this capture cannot describe one run: the device windows they report do "
                            "not overlap")
                 .arg(invocation(window)));
        return std::nullopt;
    }
    j.loCycles = lo;
    j.hiCycles = hi;
    j.originCycles = (lo + hi) / 2.0;
    j.residualNs = roundHalfEven((hi - lo) * kNsPerSecond / double(f));
    return j;
}

std::optional<ContainmentPlacement> placeInWindow(const HostWindow &window, const ContainmentCapture &capture,
                                                  const ContainmentJoin &join, QString *reason)
{
    ContainmentPlacement p;
    p.window = window;
    p.join = join;
    p.frequencyHz = capture.frequencyHz;
    const double f = double(capture.frequencyHz);
    std::vector<double> drawn;
    if (!capture.extent.empty() && f > 0)
        for (const std::uint64_t c : {capture.extent.lo, capture.extent.hi})
            drawn.push_back((double(c) - join.originCycles) * kNsPerSecond / f);
    for (const HostWindow::Phase &ph : window.phases) {
        drawn.push_back(double(ph.tsNs));
        drawn.push_back(double(ph.tsNs) + double(ph.durNs));
    }
    p.loPhaseNs = drawn.empty() ? 0.0 : *std::min_element(drawn.begin(), drawn.end());
    p.hiPhaseNs = drawn.empty() ? double(window.deviceWallNs) : *std::max_element(drawn.begin(), drawn.end());
    p.headNs = std::min(0.0, p.loPhaseNs);
    p.extentNs = std::max(double(window.deviceWallNs), p.hiPhaseNs) - p.headNs;
    p.outerSlackNs = double(window.durationNs) - p.extentNs;
    p.placeLoNs = double(window.startNs);
    if (window.aicpuLaunchNs)
        p.placeLoNs = std::max(p.placeLoNs, double(*window.aicpuLaunchNs));
    p.placeHiNs = double(window.startNs) + p.outerSlackNs;
    p.slackNs = p.placeHiNs - p.placeLoNs;
    if (p.outerSlackNs < 0) {
        fail(reason, QStringLiteral("%1 draws %2 µs of device work but its %3 window is only %4 µs wide")
                         .arg(invocation(window))
                         .arg(p.extentNs / 1000.0, 0, 'f', 1)
                         .arg(kRunnerSpan)
                         .arg(double(window.durationNs) / 1000.0, 0, 'f', 1));
        return std::nullopt;
    }
    if (p.slackNs < 0) {
        fail(reason,
             QStringLiteral("%1 has no legal placement: its %2 marker would put the device block outside the "
                            "runner window")
                 .arg(invocation(window), kAicpuLaunchSpan));
        return std::nullopt;
    }
    return p;
}

std::optional<std::size_t> matchHostWindow(const std::vector<HostWindow> &windows,
                                           const ContainmentCapture &capture, QString *reason)
{
    if (windows.empty()) {
        fail(reason, QStringLiteral("the host log has no invocation with both %1 and its device_wall")
                         .arg(kRunnerSpan));
        return std::nullopt;
    }
    // Filters 1 to 5 in the converter's order. Each keeps what passes; the first to keep nothing
    // is what the reason names, so a user can tell a wrong sidecar from a wrong log.
    std::vector<std::size_t> candidates;
    for (std::size_t i = 0; i < windows.size(); ++i)
        candidates.push_back(i);
    auto narrow = [&](auto keep, const QString &why) {
        std::vector<std::size_t> kept;
        for (std::size_t i : candidates)
            if (keep(windows[i]))
                kept.push_back(i);
        if (kept.empty())
            return fail(reason, QStringLiteral("none of the %1 host invocations with a %2 window fits this "
                                               "capture: %3")
                                    .arg(windows.size())
                                    .arg(kRunnerSpan, why));
        candidates = std::move(kept);
        return true;
    };
    if (!narrow([](const HostWindow &w) { return w.runnerOnHostClock && w.deviceWallOnDeviceClock; },
                QStringLiteral("none has a host-clock runner_run around a clk=dev device_wall")))
        return std::nullopt;
    if (capture.hostPid &&
        !narrow([&](const HostWindow &w) { return w.pid == *capture.hostPid; },
                QStringLiteral("no window of host pid %1 (dispatch_identity.json)").arg(*capture.hostPid)))
        return std::nullopt;
    // A window naming no dispatch comes from an older log or a synchronous launch: not a mismatch.
    if (capture.identity &&
        !narrow([&](const HostWindow &w) { return !w.identity || *w.identity == *capture.identity; },
                QStringLiteral("no window of dispatch %1 (dispatch_identity.json)")
                    .arg(capture.identity->toString())))
        return std::nullopt;
    // Only host-clock records bound the invocation: its root chip.run holds every submit and upload.
    if (capture.hostRecordsNs &&
        !narrow(
            [&](const HostWindow &w) {
                return w.rootNs && w.rootNs->first <= capture.hostRecordsNs->first &&
                       capture.hostRecordsNs->second <= w.rootNs->second;
            },
            QStringLiteral("no root %1 contains the capture's host records [%2, %3] ns")
                .arg(kRunSpan)
                .arg(capture.hostRecordsNs->first)
                .arg(capture.hostRecordsNs->second)))
        return std::nullopt;
    if (!narrow([](const HostWindow &w) { return w.startNs > 0 && w.durationNs > 0 && w.deviceWallNs > 0; },
                QStringLiteral("none has a positive runner_run start and duration and device_wall")))
        return std::nullopt;
    // Filter 6, the run epoch (§4.4): only when the capture names its epoch.
    if (capture.runEpoch && !candidates.empty()) {
        std::set<std::int64_t> pids;
        bool anyCarries = false;
        for (std::size_t i : candidates) {
            pids.insert(windows[i].pid);
            anyCarries = anyCarries || windows[i].rootHasRunEpoch;
        }
        if (pids.size() > 1) {
            fail(reason, QStringLiteral(
                             "the capture carries run_epoch %1, but candidate host invocations come from %2 "
                             "processes and a run epoch is per process")
                             .arg(*capture.runEpoch)
                             .arg(pids.size()));
            return std::nullopt;
        }
        if (anyCarries) {
            std::vector<std::size_t> same;
            for (std::size_t i : candidates)
                if (windows[i].rootRunEpoch == capture.runEpoch)
                    same.push_back(i);
            if (same.size() != 1) {
                fail(reason,
                     QStringLiteral("no single host invocation carries this capture's run_epoch %1 (%2 do)")
                         .arg(*capture.runEpoch)
                         .arg(same.size()));
                return std::nullopt;
            }
            candidates = same;
        }
    }
    if (candidates.size() != 1) { // filter 7; the filters above never leave none
        fail(reason,
             QStringLiteral("%1 host invocations could hold this capture; placement needs exactly one")
                 .arg(candidates.size()));
        return std::nullopt;
    }
    return candidates.front();
}

ContainmentOutcome placeByContainment(const std::vector<HostSpan> &spans, const ContainmentCapture &capture)
{
    ContainmentOutcome out;
    const HostWindows found = hostWindows(spans);
    if (!found.error.isEmpty()) {
        out.reason = found.error;
        return out;
    }
    const auto index = matchHostWindow(found.windows, capture, &out.reason);
    if (!index)
        return out;
    const HostWindow &w = found.windows[*index];
    const auto join = joinOrigin(w, capture, &out.reason);
    if (!join)
        return out;
    out.placement = placeInWindow(w, capture, *join, &out.reason);
    return out;
}

} // namespace lanescope
