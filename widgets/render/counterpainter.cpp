#include "widgets/render/counterpainter.h"

#include "widgets/render/countergeometry.h"
#include "widgets/style/slicepalette.h"

#include <QPolygon>
#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

void CounterPainter::drawCounter(const TimelineRow &row)
{
    const CounterTrack &counter = m_f.c.counters[std::size_t(row.index)];
    const std::size_t n = std::min(counter.timesUs.size(), counter.values.size());
    if (n == 0)
        return;
    const auto range = m_f.index.counterRange(std::size_t(row.index));
    const double peak = range.second;
    const CounterGeometry geometry =
        counterGeometry(counter, range, m_f.rowTop(row), row.height, m_f.o.counterScale);
    const auto yOf = [&geometry](double v) { return geometry.yOf(v); };

    // The highest value held during each pixel column. The value of a sample holds until the
    // next one; the track ends at its last sample.
    const auto &times = counter.timesUs;
    const int width = m_f.vp.plotWidth();
    std::vector<double> columnMax(std::size_t(width), std::numeric_limits<double>::quiet_NaN());
    auto raise = [&](int c, double v) {
        double &slot = columnMax[std::size_t(c)];
        if (std::isnan(slot) || v > slot)
            slot = v;
    };
    std::size_t i = std::size_t(
        std::upper_bound(times.begin(), times.begin() + std::ptrdiff_t(n), m_f.vp.t0Us) - times.begin());
    i = i > 0 ? i - 1 : 0;
    double held = std::numeric_limits<double>::quiet_NaN();
    int lastColumn = -1;
    for (; i < n && times[i] <= m_f.vp.t1Us; ++i) {
        const int c = std::clamp(m_f.column(times[i]) - m_f.vp.plotLeft(), 0, width - 1);
        if (!std::isnan(held)) {
            for (int fill = lastColumn + 1; fill <= c; ++fill)
                raise(fill, held);
        }
        const double v = std::isfinite(counter.values[i]) ? counter.values[i] : 0.0;
        raise(c, v);
        held = v;
        lastColumn = c;
        ++m_f.stats.counterPoints;
    }
    if (i < n && !std::isnan(held)) { // the next sample lies beyond the plot: hold to its edge
        for (int fill = lastColumn + 1; fill < width; ++fill)
            raise(fill, held);
    }

    const QColor colour = QColor::fromRgb(
        nameColour(counter.series.isEmpty() ? counter.name : counter.name + u'/' + counter.series));
    QColor fill = colour;
    fill.setAlpha(80);
    const int zeroY = yOf(std::clamp(0.0, geometry.lowest, geometry.highest));
    QPolygon line;
    for (int c = 0; c < width;) {
        if (std::isnan(columnMax[std::size_t(c)])) {
            ++c;
            continue;
        }
        int end = c + 1; // columns [c, end) share one value: one rectangle, one line segment
        while (end < width && columnMax[std::size_t(end)] == columnMax[std::size_t(c)])
            ++end;
        const int y = yOf(columnMax[std::size_t(c)]);
        const int x0 = m_f.vp.plotLeft() + c;
        const int x1 = m_f.vp.plotLeft() + end;
        if (y != zeroY)
            m_f.p.fillRect(QRect(QPoint(x0, std::min(y, zeroY)), QPoint(x1 - 1, std::max(y, zeroY) - 1)),
                           fill);
        if (!line.isEmpty() && line.last().x() != x0)
            line << QPoint(line.last().x(), zeroY) << QPoint(x0, zeroY); // a gap without samples
        line << QPoint(x0, y) << QPoint(x1, y);
        c = end;
    }
    m_f.p.setPen(QPen(colour.darker(130), 1));
    m_f.p.setBrush(Qt::NoBrush);
    m_f.p.drawPolyline(line);
    drawCounterCeilingAndPeak(
        counter, geometry.capacityLine ? std::optional<int>(yOf(*counter.capacity)) : std::nullopt, yOf(peak),
        peak);
}

// The capacity as a dashed ceiling (when on the scale) and a small triangle on the peak,
// red once the peak reaches 80 % of the capacity (the scope-stats plot's "danger" level).
void CounterPainter::drawCounterCeilingAndPeak(const CounterTrack &counter, std::optional<int> capacityY,
                                               int peakY, double peak)
{
    const QColor danger(200, 40, 40);
    if (capacityY) {
        m_f.p.setPen(QPen(danger, 1, Qt::DashLine));
        m_f.p.drawLine(m_f.vp.plotLeft(), *capacityY, m_f.vp.plotRight() - 1, *capacityY);
    }
    if (!counter.peakUs || *counter.peakUs < m_f.vp.t0Us || *counter.peakUs > m_f.vp.t1Us)
        return;
    const bool hot = counter.capacity && *counter.capacity > 0 && peak >= 0.8 * *counter.capacity;
    const QColor colour = hot ? danger : m_f.o.colours.text;
    const int x = m_f.column(*counter.peakUs);
    const QPoint tip(x, peakY - 1);
    const QPoint marker[3] = {tip, tip + QPoint(-4, -6), tip + QPoint(4, -6)};
    m_f.p.save();
    m_f.p.setRenderHint(QPainter::Antialiasing, true);
    m_f.p.setPen(Qt::NoPen);
    m_f.p.setBrush(colour);
    m_f.p.drawPolygon(marker, 3);
    m_f.p.restore();
}

} // namespace lanescope
