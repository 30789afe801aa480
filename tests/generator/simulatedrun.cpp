#include "simulatedrun.h"

namespace lanescope {

const char *phaseKindName(SimPhaseKind kind)
{
    switch (kind) {
    case SimPhaseKind::Complete:
        return "complete";
    case SimPhaseKind::Dispatch:
        return "dispatch";
    case SimPhaseKind::Resolve:
        return "resolve";
    case SimPhaseKind::EarlyDispatch:
        return "early_dispatch";
    case SimPhaseKind::Dummy:
        return "dummy";
    case SimPhaseKind::DummyTask:
        return "dummy_task";
    case SimPhaseKind::PredicatedSkip:
        return "predicated_skip";
    }
    return "unknown";
}

} // namespace lanescope
