#pragma once

#include "model/capture/capture.h"

namespace lanescope {

// A capture whose metadata and scheduler streams name no runtime (field supplement §1): when some
// task id has ring bits ((ring << 32) | local, the tensormap_and_ringbuffer layout), that runtime is
// taken, marked as inferred from the task ids. Otherwise the runtime stays unknown.
void inferRuntimeFromTaskIds(Capture &capture);

} // namespace lanescope
