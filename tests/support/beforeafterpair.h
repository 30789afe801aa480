#pragma once

// The bundled before/after sample pair (technique 01a) and the technique catalogue beside the
// samples, for the comparison, review and techniques tests.

#include "model/capture/capture.h"

#include <QString>

namespace lanescope {

QString beforeAfterCatalogue();
// `which` is "before" or "after": the capture directory of that side.
QString beforeAfterPath(const char *which);
// That side loaded; null when it cannot be read.
CapturePtr loadPair(const char *which);

} // namespace lanescope
