#include "runtimeinference.h"

#include "model/capture/cancelpoint.h"

namespace lanescope {

void inferRuntimeFromTaskIds(Capture &capture)
{
    CaptureInfo &info = capture.info;
    if (!info.runtime.isEmpty())
        return;
    CancelPoints cancelPoints;
    for (const TaskRow &r : capture.rows) {
        cancelPoints.tick();
        if (r.taskId >> 32 != 0) {
            info.runtime = QStringLiteral("tensormap_and_ringbuffer");
            info.runtimeSource = CaptureInfo::RuntimeSource::TaskIds;
            return;
        }
    }
}

} // namespace lanescope
