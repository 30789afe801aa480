#pragma once

#include "model/capture/capture.h"

#include <QString>
#include <optional>
#include <vector>

namespace lanescope {

// A mixed part: its core count and how many of its cores are AIC (the rest are AIV). AIC ids come
// first, AIV ids after them (field supplement §2).
struct MixedPart
{
    int cores = 0;
    int aic = 0;
};

// The a2a3 parts seen in the field: 72 cores (24 AIC + 48 AIV) and 60 cores (20 AIC + 40 AIV).
inline constexpr MixedPart kMixedParts[] = {{72, 24}, {60, 20}};

// Some real files list one type for every core of a mixed part (60 × "aic" on a 20 + 40 part).
// Such a table cannot be right: when `coreTypes` is uniform and `numCores` is a mixed part's, this
// returns the cluster pattern's types (the part's AIC ids first, then its AIV ids); otherwise
// nothing, and the file's table stands.
std::optional<std::vector<CoreType>> clusterCoreTypes(const std::vector<CoreType> &coreTypes, int numCores);

// Applies clusterCoreTypes() to a capture read from `fileName`: replaces its table, marks the
// typing inferred and warns, naming the file and what was assumed.
void reviseUniformCoreTypes(Capture &capture, const QString &fileName);

} // namespace lanescope
