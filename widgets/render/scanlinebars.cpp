#include "widgets/render/scanlinebars.h"

#include <algorithm>
#include <cstring>

namespace lanescope {

void ScanlineBars::begin(const RasterTarget &target, const QRect &band)
{
    m_target = &target;
    m_device = target.clippedToDevice(band);
    m_runs.clear();
    if (!m_device.isEmpty() && m_line.size() < std::size_t(m_device.right() + 1))
        m_line.resize(std::size_t(m_device.right() + 1));
}

void ScanlineBars::fill(int left, int right, QRgb colour)
{
    if (m_device.isEmpty())
        return;
    const int scale = m_target->scale;
    const int x0 = std::max(left * scale + m_target->dx, m_device.left());
    const int x1 = std::min(right * scale + m_target->dx, m_device.right() + 1);
    if (x1 <= x0)
        return;
    std::fill(m_line.begin() + x0, m_line.begin() + x1, colour);
    if (!m_runs.empty() && x0 <= m_runs.back().second && x0 >= m_runs.back().first)
        m_runs.back().second = std::max(m_runs.back().second, x1);
    else
        m_runs.emplace_back(x0, x1);
}

void ScanlineBars::end()
{
    if (m_device.isEmpty() || m_runs.empty())
        return;
    for (int y = m_device.top(); y <= m_device.bottom(); ++y) {
        QRgb *row = m_target->line(y);
        for (const auto &[first, last] : m_runs)
            std::memcpy(row + first, m_line.data() + first, std::size_t(last - first) * sizeof(QRgb));
    }
    m_runs.clear();
}

} // namespace lanescope
