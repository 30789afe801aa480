#pragma once

#include "workload.h"

#include <QString>

namespace lanescope {

// name_map_<case>.json (§5): level 2, orchestrator_name, func id -> kernel name. Functions without
// a name are left out, as the producers do for unnamed callables.
bool writeNameMap(const Workload &workload, const QString &path);

} // namespace lanescope
