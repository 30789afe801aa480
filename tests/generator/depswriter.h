#pragma once

#include "generatoroptions.h"
#include "workload.h"

#include <QString>

namespace lanescope {

// Writes deps.json as dep_gen does (§4): compact, ids as decimal strings, allocations absent from
// tasks[] but present as creator-edge producers, dummies with kernel_ids all -1, one edge per
// consumer argument (so (pred, succ) pairs repeat). DepsShape::V1Pairs writes the first format.
bool writeDeps(const Workload &workload, const GeneratorOptions &options, const QString &path);

} // namespace lanescope
