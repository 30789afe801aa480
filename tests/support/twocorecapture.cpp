#include "twocorecapture.h"

namespace lanescope {

namespace {

Slice bar(double start, double end, std::uint32_t ref)
{
    Slice s;
    s.startUs = start;
    s.endUs = end;
    s.ref = ref;
    s.label = 1;
    return s;
}

TaskRow taskRow(std::uint64_t task, int core, CoreType type, double start, double end)
{
    TaskRow r;
    r.taskId = task;
    r.coreId = core;
    r.coreType = type;
    r.receiveUs = start;
    r.startUs = start;
    r.endUs = end;
    return r;
}

} // namespace

std::shared_ptr<Capture> twoCoreCapture()
{
    auto c = std::make_shared<Capture>();
    c->info.level = 1;
    c->info.numCores = 2;
    c->info.coreTypes = {CoreType::Aic, CoreType::Aiv};
    c->rows = {taskRow(1, 0, CoreType::Aic, 100, 300), taskRow(2, 0, CoreType::Aic, 500, 600),
               taskRow(3, 1, CoreType::Aiv, 0, 1000)};
    Lane aic;
    aic.group = QStringLiteral("AICore");
    aic.name = QStringLiteral("AIC_0");
    aic.kind = LaneKind::Worker;
    aic.laneSource = 0;
    aic.slices = {bar(100, 300, 0), bar(500, 600, 1)};
    Lane aiv = aic;
    aiv.name = QStringLiteral("AIV_1");
    aiv.laneSource = 1;
    aiv.slices = {bar(0, 1000, 2)};
    c->lanes = {aic, aiv};
    return c;
}

std::shared_ptr<Capture> twoCoreCaptureWithPlacedHost()
{
    auto c = twoCoreCapture();
    Lane host;
    host.group = QStringLiteral("Host");
    host.name = QStringLiteral("pid 12345 tid 12345");
    host.kind = LaneKind::Host;
    host.hostClock = true;
    host.slices = {bar(550, 650, 0)};
    c->lanes.insert(c->lanes.begin(), host);
    c->info.hostPlacement.method = HostPlacement::Method::Containment;
    c->info.hostPlacement.highUs = 50;
    c->info.hostPlacement.inferred = true;
    return c;
}

} // namespace lanescope
