#include "coretypeinference.h"

#include <algorithm>

namespace lanescope {

std::optional<std::vector<CoreType>> clusterCoreTypes(const std::vector<CoreType> &coreTypes, int numCores)
{
    if (coreTypes.empty())
        return std::nullopt;
    const bool uniform =
        std::all_of(coreTypes.begin(), coreTypes.end(), [&](CoreType t) { return t == coreTypes.front(); });
    if (!uniform)
        return std::nullopt;
    for (const MixedPart &part : kMixedParts) {
        if (numCores != part.cores)
            continue;
        std::vector<CoreType> types(std::size_t(part.cores), CoreType::Aiv);
        std::fill_n(types.begin(), part.aic, CoreType::Aic);
        return types;
    }
    return std::nullopt;
}

void reviseUniformCoreTypes(Capture &capture, const QString &fileName)
{
    CaptureInfo &info = capture.info;
    std::optional<std::vector<CoreType>> types = clusterCoreTypes(info.coreTypes, info.numCores);
    if (!types)
        return;
    const int aic = int(std::count(types->begin(), types->end(), CoreType::Aic));
    capture.warn(
        QStringLiteral("%1: metadata.core_types lists %2 × \"%3\" for a %4-core part, which has "
                       "%5 AIC and %6 AIV cores; the lanes are typed by the cluster pattern "
                       "instead (cores 0–%7 AIC, %5–%8 AIV), inferred")
            .arg(fileName)
            .arg(info.coreTypes.size())
            .arg(info.coreTypes.front() == CoreType::Aic ? QStringLiteral("aic") : QStringLiteral("aiv"))
            .arg(info.numCores)
            .arg(aic)
            .arg(info.numCores - aic)
            .arg(aic - 1)
            .arg(info.numCores - 1));
    info.coreTypes = std::move(*types);
    info.coreTypesInferred = true;
}

} // namespace lanescope
