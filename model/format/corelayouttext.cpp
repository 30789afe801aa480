#include "model/format/corelayouttext.h"

#include <algorithm>

namespace lanescope {

QString coreLayoutText(const CaptureInfo &info)
{
    const auto aic = std::count(info.coreTypes.begin(), info.coreTypes.end(), CoreType::Aic);
    QString text = QStringLiteral("%1 cores: %2 AIC + %3 AIV")
                       .arg(info.numCores)
                       .arg(aic)
                       .arg(qint64(info.coreTypes.size()) - aic);
    if (info.coreTypesInferred)
        text += QStringLiteral(", typed by the cluster pattern (inferred)");
    return text;
}

} // namespace lanescope
