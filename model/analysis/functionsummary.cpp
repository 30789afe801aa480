#include "functionsummary.h"

#include "model/capture/labels.h"

#include <map>

namespace lanescope {

namespace {
struct Sums
{
    std::size_t count = 0, withReceive = 0;
    double exec = 0, latency = 0, head = 0, tail = 0, propagation = 0, local = 0;
};

FunctionStats finish(int funcId, const QString &name, const Sums &s, bool hasAicpu)
{
    FunctionStats f;
    f.funcId = funcId;
    f.name = name;
    f.count = s.count;
    f.totalExecUs = s.exec;
    if (s.count == 0)
        return f;
    const double n = double(s.count);
    f.avgExecUs = s.exec / n;
    f.avgLocalSetupUs = s.local / n;
    if (hasAicpu) {
        f.totalLatencyUs = s.latency;
        f.avgLatencyUs = s.latency / n;
        f.execPct = s.latency > 0 ? s.exec / s.latency * 100.0 : 0.0;
        f.avgHeadOhUs = s.head / n;
        f.avgTailOhUs = s.tail / n;
        if (s.withReceive > 0)
            f.avgPropagationUs = s.propagation / double(s.withReceive);
    }
    return f;
}
} // namespace

FunctionSummary functionSummary(const Capture &c, double fromUs, double toUs)
{
    FunctionSummary summary;
    summary.hasAicpu = !c.info.level || *c.info.level >= 2;
    std::map<int, Sums> groups;
    Sums all;
    for (const TaskRow &r : c.rows) {
        if (r.startUs < fromUs || r.startUs >= toUs)
            continue;
        if (summary.hasAicpu && !r.hasAicpu()) {
            ++summary.rowsWithoutAicpu;
            continue;
        }
        for (Sums *s : {&groups[r.funcId], &all}) {
            ++s->count;
            s->exec += r.durationUs();
            s->local += r.localSetupUs();
            if (summary.hasAicpu) {
                s->latency += r.finishUs - r.dispatchUs;
                s->head += r.startUs - r.dispatchUs;
                s->tail += r.finishUs - r.endUs;
                if (r.flags & TaskRow::HasReceive) {
                    s->propagation += r.receiveUs - r.dispatchUs;
                    ++s->withReceive;
                }
            }
        }
    }
    for (const auto &[funcId, sums] : groups)
        summary.functions.push_back(finish(funcId, functionName(funcId, c.names), sums, summary.hasAicpu));
    summary.total = finish(-1, QStringLiteral("TOTAL"), all, summary.hasAicpu);
    return summary;
}

} // namespace lanescope
