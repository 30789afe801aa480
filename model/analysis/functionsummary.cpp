#include "functionsummary.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/labels.h"

#include <map>

namespace lanescope {

namespace {
struct Sums
{
    std::size_t count = 0, valid = 0, withReceive = 0, validWithReceive = 0;
    double exec = 0, local = 0;                                             // all rows
    double validExec = 0, latency = 0, head = 0, tail = 0, propagation = 0; // valid rows
};

FunctionStats finish(int funcId, const QString &name, const Sums &s)
{
    FunctionStats f;
    f.funcId = funcId;
    f.name = name;
    f.count = s.count;
    f.validRows = s.valid;
    f.totalExecUs = s.exec;
    if (s.count == 0)
        return f;
    f.avgExecUs = s.exec / double(s.count);
    if (s.withReceive > 0)
        f.avgLocalSetupUs = s.local / double(s.withReceive);
    if (s.valid > 0) {
        const double n = double(s.valid);
        f.totalLatencyUs = s.latency;
        f.avgLatencyUs = s.latency / n;
        f.execPct = s.latency > 0 ? s.validExec / s.latency * 100.0 : 0.0;
        f.avgHeadOhUs = s.head / n;
        f.avgTailOhUs = s.tail / n;
        if (s.validWithReceive > 0)
            f.avgPropagationUs = s.propagation / double(s.validWithReceive);
    }
    return f;
}
} // namespace

FunctionSummary functionSummary(const Capture &c, double fromUs, double toUs)
{
    FunctionSummary summary;
    const bool levelHasAicpu = !c.info.level || *c.info.level >= 2;
    std::map<int, Sums> groups;
    Sums all;
    DispatchToStart toStart;
    CancelPoints cancelPoints;
    for (const TaskRow &r : c.rows) {
        cancelPoints.tick();
        if (r.startUs < fromUs || r.startUs >= toUs)
            continue;
        // Validity is per row, not per level (supplement §6.1).
        const bool valid = levelHasAicpu && r.hasAicpu(); // level 1 never has scheduler timing
        if (levelHasAicpu && !valid)
            ++summary.rowsWithoutAicpu;
        const bool receive = r.flags & TaskRow::HasReceive;
        for (Sums *s : {&groups[r.funcId], &all}) {
            ++s->count;
            s->exec += r.durationUs();
            if (receive) {
                s->local += r.localSetupUs();
                ++s->withReceive;
            }
            if (!valid)
                continue;
            ++s->valid;
            s->validExec += r.durationUs();
            s->latency += r.finishUs - r.dispatchUs;
            s->head += r.startUs - r.dispatchUs;
            s->tail += r.finishUs - r.endUs;
            if (receive) {
                s->propagation += r.receiveUs - r.dispatchUs;
                ++s->validWithReceive;
            }
        }
        if (valid) {
            const double d = r.startUs - r.dispatchUs;
            toStart.maxUs = all.valid == 1 ? d : std::max(toStart.maxUs, d);
            toStart.totalUs += d;
        }
    }
    summary.hasAicpu = all.valid > 0;
    for (const auto &[funcId, sums] : groups)
        summary.functions.push_back(finish(funcId, functionName(funcId, c.names), sums));
    summary.total = finish(-1, QStringLiteral("TOTAL"), all);
    if (all.valid > 0 && all.latency > 0) {
        const double n = double(all.valid);
        summary.footerAvgExecUs = all.validExec / n;
        summary.footerAvgLatencyUs = all.latency / n;
        summary.footerExecLatencyPct = all.validExec / all.latency * 100.0;
        summary.dispatchToStart = toStart;
    }
    return summary;
}

} // namespace lanescope
