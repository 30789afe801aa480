#include "hostlogwriter.h"

#include "bufferedfile.h"
#include "capturedatabuilder.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

namespace lanescope {

namespace {

struct Span
{
    std::string name;
    int depth = 0;
    std::int64_t ts = 0;
    std::int64_t dur = 0;
    bool deviceClock = false;
    std::string attributes;
};

std::string percentEncoded(const QString &s)
{
    static const char hex[] = "0123456789ABCDEF";
    std::string out;
    for (const unsigned char c : s.toUtf8()) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                           c == '_' || c == '-' || c == '.';
        if (plain) {
            out.push_back(char(c));
        } else {
            out.push_back('%');
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
    return out;
}

std::string hexString(std::uint64_t v)
{
    static const char hex[] = "0123456789abcdef";
    std::string out;
    do {
        out.insert(out.begin(), hex[v & 15]);
        v >>= 4;
    } while (v);
    return out;
}

} // namespace

int writeHostLog(const SimulatedRun &run, const GeneratorOptions &o, const QString &path)
{
    BufferedFile f(path);
    if (!f.isOpen())
        return -1;
    const std::int64_t pid = 41000 + std::int64_t(o.seed % 20000);
    const std::uint64_t threadHandle = 0x7f3a2c1b4740ull + (o.seed % 4096) * 0x1000;
    const std::string hid = hexString(0x9e3779b97f4a7c15ull ^ (o.seed * 0x100000001b3ull));
    const std::int64_t host0 = std::int64_t(hostClockOriginNs(o)) + 1'000'000'000;

    // Device windows (ns on the simulation axis).
    std::int64_t orchStart = std::numeric_limits<std::int64_t>::max(), orchEnd = 0;
    if (!run.submitsOnHost)
        for (const auto &s : run.submits) {
            orchStart = std::min(orchStart, s.startNs);
            orchEnd = std::max(orchEnd, s.endNs);
        }
    std::int64_t schedStart = std::numeric_limits<std::int64_t>::max(), schedEnd = 0;
    for (const auto &lane : run.scheduler)
        for (const auto &p : lane) {
            schedStart = std::min(schedStart, p.startNs);
            schedEnd = std::max(schedEnd, p.endNs);
        }
    const std::int64_t prologue = 82'000; // preamble .. sm_reset before the first device record
    const auto dev = [&](std::int64_t simNs) { return prologue + simNs - run.deviceStartNs; };
    // The records' cycle stamps are truncated to the counter's tick, so a window that hugs their
    // nanosecond extent could miss its first or last record by a tick: the device's own phase
    // timer brackets them, so the phase windows reach one tick further on either side.
    const std::int64_t tick = (1'000'000'000 + o.clockFreqHz - 1) / std::max<std::int64_t>(o.clockFreqHz, 1);
    const std::int64_t deviceWall = prologue + (run.deviceEndNs - run.deviceStartNs) + 12'000;

    std::vector<Span> device = {
        {"chip.run.runner_run.device_wall.preamble", 3, 0, 18'000, true, {}},
        {"chip.run.runner_run.device_wall.so_load", 3, 18'000, 42'000, true, {}},
        {"chip.run.runner_run.device_wall.graph_build", 3, 60'000, 9'000, true, {}},
        {"chip.run.runner_run.device_wall.config_validate", 3, 69'000, 3'000, true, {}},
        {"chip.run.runner_run.device_wall.arena_wire", 3, 72'000, 6'000, true, {}},
        {"chip.run.runner_run.device_wall.sm_reset", 3, 78'000, 4'000, true, {}},
    };
    if (orchEnd > 0) {
        device.push_back({"chip.run.runner_run.device_wall.orch",
                          3,
                          dev(orchStart) - tick,
                          orchEnd - orchStart + 2 * tick,
                          true,
                          {}});
        device.push_back({"chip.run.runner_run.device_wall.post_orch", 3, dev(orchEnd), 5'000, true, {}});
    }
    if (schedEnd > 0)
        device.push_back({"chip.run.runner_run.device_wall.sched",
                          3,
                          dev(schedStart) - tick,
                          schedEnd - schedStart + 2 * tick,
                          true,
                          {}});

    const std::int64_t bindTs = host0 + 4'000;
    const std::int64_t bindDur = 150'000;
    const std::int64_t runnerTs = bindTs + bindDur + 3'000;
    const std::int64_t runnerDur = deviceWall + 45'000;
    const std::int64_t claimTs = runnerTs + runnerDur + 2'000;
    const std::int64_t validateTs = claimTs + 8'000 + 1'000;
    const std::int64_t runEnd = validateTs + 20'000 + 3'000;

    std::vector<Span> spans;
    spans.push_back({"chip.run.bind.args", 2, bindTs + 2'000, 60'000, false, " ntensor=12"});
    spans.push_back({"chip.run.bind", 1, bindTs, bindDur, false, {}});
    for (const auto &d : device)
        spans.push_back(d);
    spans.push_back({"chip.run.runner_run.device_wall", 2, 0, deviceWall, true, {}});
    spans.push_back({"chip.run.runner_run", 1, runnerTs, runnerDur, false, " run_id=1"});
    spans.push_back({"chip.run.claim_release", 1, claimTs, 8'000, false, {}});
    spans.push_back({"chip.run.validate", 1, validateTs, 20'000, false, {}});
    spans.push_back({"chip.run", 0, host0, runEnd - host0, false, " case=" + percentEncoded(o.caseName)});

    auto prefix = [&](std::int64_t mono, const char *level, const char *func) {
        f.put("[mono_ns=")
            .put(mono)
            .put("][T0x")
            .put(hexString(threadHandle))
            .put("][")
            .put(level)
            .put("] ")
            .put(func)
            .put(": ");
    };
    prefix(host0 - 900'000, "INFO", "simpler_init");
    f.put("device 0 opened, platform ").put(o.clockFreqHz >= 1'000'000'000 ? "a5" : "a2a3").put('\n');
    f.put("[CLOCK_ANCHOR] v=1 pid=").put(pid).put(" mono_ns=").put(host0 - 800'000);
    f.put(" wall_ns=")
        .put(std::int64_t(1'760'000'000'000'000'000) + std::int64_t(o.seed % 1000) * 1'000'000'000)
        .put('\n');

    int records = 0;
    for (const auto &s : spans) {
        // Host spans print when they close; device spans when the runner drains them at its end.
        const std::int64_t mono = s.deviceClock ? runnerTs + runnerDur - 1'000 : s.ts + s.dur;
        prefix(mono, "TIMING", "strace_emit");
        f.put("[STRACE] v=1 pid=").put(pid).put(" tid=").put(pid).put(" inv=1 hid=").put(hid);
        f.put(" depth=")
            .put(std::int32_t(s.depth))
            .put(" name=")
            .put(s.name)
            .put(" ts=")
            .put(s.ts)
            .put(" dur=")
            .put(s.dur);
        if (s.deviceClock)
            f.put(" clk=dev");
        f.put(s.attributes).put('\n');
        ++records;
    }
    prefix(runEnd + 50'000, "INFO", "simpler_run");
    f.put("completed 1 round\n");
    return f.close() ? records : -1;
}

} // namespace lanescope
