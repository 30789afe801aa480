#include "widgets/text/countertooltip.h"

#include "widgets/text/timeformat.h"

#include <QCoreApplication>
#include <algorithm>

namespace lanescope {

QString describeCounterAt(const CounterTrack &counter, double us)
{
    const std::size_t n = std::min(counter.timesUs.size(), counter.values.size());
    if (n == 0 || us < counter.timesUs.front() || us > counter.timesUs[n - 1])
        return {};
    const auto it =
        std::upper_bound(counter.timesUs.begin(), counter.timesUs.begin() + std::ptrdiff_t(n), us);
    const auto i = std::size_t(it - counter.timesUs.begin() - 1);
    const double value = counter.values[i];
    QString title =
        counter.series.isEmpty() ? counter.name : counter.name + QStringLiteral(" · ") + counter.series;
    if (!counter.note.isEmpty())
        title += u' ' + counter.note;
    QString text = QCoreApplication::translate("CounterTooltip", "%1\nat %2: %3")
                       .arg(title, formatDuration(us), QString::number(value, 'g', 10));
    if (counter.capacity && *counter.capacity > 0)
        text += QCoreApplication::translate("CounterTooltip", " of %1 (%2% of capacity)")
                    .arg(QString::number(*counter.capacity, 'g', 10))
                    .arg(100.0 * value / *counter.capacity, 0, 'f', 1);
    else if (!counter.pointLabel.empty())
        text += QCoreApplication::translate("CounterTooltip", " (capacity unknown)");
    if (i < counter.pointLabel.size() && counter.pointLabel[i] >= 0 &&
        counter.pointLabel[i] < counter.pointLabels.size())
        text += QCoreApplication::translate("CounterTooltip", "\nscope %1")
                    .arg(counter.pointLabels.at(counter.pointLabel[i]));
    else if (!counter.pointLabel.empty())
        text += QCoreApplication::translate("CounterTooltip", "\nscope unknown");
    return text;
}

} // namespace lanescope
