#pragma once

#include <QStringList>

namespace lanescope {

// Group names in `leading`'s order, then every name of `natural` that `leading` lacks, placed right
// after the name that comes before it in `natural` (first when none does). Applying a remembered
// order to a capture is mergeGroupOrder(remembered, captureGroups) less the names the capture
// lacks; remembering a capture's order keeps the places of groups it lacks with
// mergeGroupOrder(captureOrder, remembered).
QStringList mergeGroupOrder(const QStringList &leading, const QStringList &natural);

} // namespace lanescope
