#include "widgets/render/scanlinebars.h"

#include <algorithm>
#include <cstring>

namespace lanescope {

void ScanlineBars::begin(const RasterTarget &target, const QRect &band)
{
    clearLine();
    m_target = &target;
    m_device = target.clippedToDevice(band);
    if (!m_device.isEmpty() && m_line.size() < std::size_t(m_device.right() + 1))
        m_line.resize(std::size_t(m_device.right() + 1)); // new pixels are 0: unwritten
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
    int first = m_runs.front().first;
    int last = m_runs.front().second;
    for (const auto &[from, to] : m_runs) { // a head's run lies inside its bar's
        first = std::min(first, from);
        last = std::max(last, to);
    }
    // Many short runs (a zoomed-out frame's one-pixel marks) cost a call each per row; where they
    // lie a few dozen pixels apart or closer, going over the whole span and writing the pixels
    // that were written, in one loop the compiler vectorises, is far cheaper. Written pixels are
    // opaque, so never 0.
    const bool masked = m_runs.size() > 1 && std::size_t(last - first) < kMaskedSpanPerRun * m_runs.size();
    for (int y = m_device.top(); y <= m_device.bottom(); ++y) {
        QRgb *row = m_target->line(y);
        if (masked) {
            const QRgb *line = m_line.data();
            for (int x = first; x < last; ++x)
                row[x] = line[x] != 0 ? line[x] : row[x];
        } else {
            for (const auto &[from, to] : m_runs)
                std::memcpy(row + from, m_line.data() + from, std::size_t(to - from) * sizeof(QRgb));
        }
    }
    clearLine();
}

void ScanlineBars::clearLine()
{
    for (const auto &[from, to] : m_runs)
        std::fill(m_line.begin() + from, m_line.begin() + to, 0);
    m_runs.clear();
}

} // namespace lanescope
