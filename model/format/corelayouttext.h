#pragma once

#include "model/capture/capture.h"

#include <QString>

namespace lanescope {

// How a capture's cores are typed, in one line for the file info: "72 cores: 24 AIC + 48 AIV",
// and ", typed by the cluster pattern (inferred)" when metadata.core_types was not trusted.
QString coreLayoutText(const CaptureInfo &info);

} // namespace lanescope
