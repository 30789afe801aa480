#pragma once

#include "model/capture/capture.h"

namespace lanescope {

// `capture` as if it had been cut short: the rows of the `count` tasks that ended last are gone,
// while its graph still lists them.
CapturePtr withoutLastTasks(const Capture &capture, int count);

} // namespace lanescope
