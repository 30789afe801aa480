#include "beforeafterpair.h"

#include "model/io/loader.h"

namespace lanescope {

QString beforeAfterCatalogue()
{
    return QStringLiteral(LANESCOPE_SAMPLES "/../techniques/catalogue.json");
}

QString beforeAfterPath(const char *which)
{
    return QStringLiteral(LANESCOPE_SAMPLES "/before-after/") + QLatin1String(which);
}

CapturePtr loadPair(const char *which)
{
    return loadCapture(beforeAfterPath(which)).capture;
}

} // namespace lanescope
