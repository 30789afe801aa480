#include "loadprogresstext.h"

#include "bytestext.h"

#include <QLocale>
#include <QStringList>
#include <cmath>

namespace lanescope {

QString timeLeftText(double seconds)
{
    // Rounded up: "about 0 s left" would read as done.
    const auto whole = std::int64_t(std::ceil(std::max(seconds, 0.0)));
    if (whole < 60)
        return QStringLiteral("about %1 s").arg(std::max<std::int64_t>(whole, 1));
    if (whole % 60 == 0)
        return QStringLiteral("about %1 min").arg(whole / 60);
    return QStringLiteral("about %1 min %2 s").arg(whole / 60).arg(whole % 60);
}

QString loadProgressText(std::int64_t done, std::int64_t total, const LoadRate::Reading &rate)
{
    // Read: what is left (lanes, derived tracks, index) has no bytes to count.
    if (total > 0 && done >= total)
        return QStringLiteral("%1 read · laying out the timeline…").arg(formatBytes(total));
    QStringList parts;
    if (total > 0)
        parts << QStringLiteral("%1 of %2").arg(formatBytes(done), formatBytes(total));
    // Grouped as the window groups its row counts, in the user's locale.
    if (rate.recordsPerSecond)
        parts << QStringLiteral("%1 rows/s")
                     .arg(QLocale().toString(qlonglong(std::llround(*rate.recordsPerSecond))));
    else if (rate.bytesPerSecond)
        parts << QStringLiteral("%1/s").arg(formatBytes(std::llround(*rate.bytesPerSecond)));
    if (rate.secondsLeft && total > 0)
        parts << timeLeftText(*rate.secondsLeft) + QStringLiteral(" left");
    return parts.join(QStringLiteral(" · "));
}

} // namespace lanescope
