#pragma once

// The bundled before/after sample pair (technique 01a) and the technique catalogue beside the
// samples, for the comparison and techniques widget tests.

#include "model/io/loader.h"

#include <QString>

namespace lanescope {

inline const QString kCatalogue = QStringLiteral(LANESCOPE_SAMPLES "/../techniques/catalogue.json");

// `which` is "before" or "after".
inline CapturePtr loadPair(const char *which)
{
    return loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/before-after/") + QLatin1String(which)).capture;
}

} // namespace lanescope
