#pragma once

#include "capture.h"

#include <QString>
#include <cstdint>

namespace lanescope {

// A5 host_build_graph with an AICore-resident scheduler (supplement §7 "Worker View"): the task rows
// use the worker id of the scheduler stream as core_id, and only the stream records the physical
// core. Lanes stay keyed and named by core_id, as the reference draws them; these say what the id is.

// Whether the capture's core ids are worker ids: an AICore producer wrote its scheduler streams or
// its scheduler_tasks.
bool coreIdsAreWorkerIds(const Capture &capture);

// The AICore stream whose worker_id is `coreId`, or nullptr. Matched on worker_id alone: the rows use
// neither physical_core_id nor scheduler_id, and the empty slots of the stream placement only carry
// a made-up worker id. When several streams name the worker, the first one.
const SchedulerStream *streamOfWorker(const Capture &capture, std::int64_t coreId);

// A core lane's detail: "worker 3 · physical core 17", "worker 3 · physical core unknown" when no
// stream names the worker; empty when the core ids are plain core ids.
QString workerCoreDetail(const Capture &capture, std::int64_t coreId);

// An AICore scheduler lane's detail: "worker 3 · physical core 17 · scheduler 0", naming what the
// stream recorded ("scheduler 1 · physical core 1 · no worker_id" for a stream without a worker id).
QString aicoreStreamDetail(const SchedulerStream &stream);

} // namespace lanescope
