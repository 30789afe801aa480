#include "widgets/text/countertooltip.h"

#include "model/format/countertext.h"
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
    // The value in the counter's one unit, as its lane header and the Rings panel write it.
    QString text = QCoreApplication::translate("CounterTooltip", "%1\nat %2: %3")
                       .arg(title, formatDuration(us), formatCounterValue(value, counter.unit));
    if (counter.capacity && *counter.capacity > 0)
        text += QCoreApplication::translate("CounterTooltip", " of %1 (%2% of capacity)")
                    .arg(formatCounterValue(*counter.capacity, counter.unit),
                         capacityPercentText(value, *counter.capacity));
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
