#include "counttext.h"

namespace lanescope {

QString countText(std::int64_t n, const QString &singular, const QString &plural)
{
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? singular : plural);
}

} // namespace lanescope
