#include "app/cli/rangeargument.h"

#include <cmath>

namespace lanescope {

namespace {
std::optional<double> parseTime(const QString &text, bool *ok)
{
    *ok = true;
    if (text.trimmed().isEmpty())
        return std::nullopt;
    const double value = text.trimmed().toDouble(ok);
    if (*ok && !std::isfinite(value))
        *ok = false;
    return value;
}
} // namespace

QString parseRangeArgument(const QString &text, RangeArgument &range)
{
    const qsizetype colon = text.indexOf(u':');
    if (colon < 0)
        return QStringLiteral("--range wants START_US:END_US, got \"%1\"").arg(text);
    bool startOk = true, endOk = true;
    range.startUs = parseTime(text.left(colon), &startOk);
    range.endUs = parseTime(text.mid(colon + 1), &endOk);
    if (!startOk || !endOk)
        return QStringLiteral("--range wants numbers in microseconds, got \"%1\"").arg(text);
    if (range.startUs && range.endUs && *range.endUs <= *range.startUs)
        return QStringLiteral("--range end must be after its start, got \"%1\"").arg(text);
    return {};
}

} // namespace lanescope
