#include "combinedprogress.h"

#include <QFileInfo>

#include <algorithm>

namespace lanescope {

CombinedProgress::CombinedProgress(const LoadControl &control, const QStringList &files)
    : m_control(control), m_files(files), m_done(std::size_t(files.size()), 0)
{
    for (const QString &file : files) {
        m_sizes.push_back(std::max<std::int64_t>(QFileInfo(file).size(), 0));
        m_total += m_sizes.back();
    }
}

LoadControl CombinedProgress::forFile(const QString &file) const
{
    const qsizetype slot = m_files.indexOf(file);
    if (slot < 0 || !m_control.progress)
        return m_control;
    LoadControl control = m_control;
    control.progress = [this, slot](std::int64_t done, std::int64_t) { report(std::size_t(slot), done); };
    return control;
}

void CombinedProgress::finish() const
{
    if (!m_control.progress)
        return;
    for (std::size_t slot = 0; slot < m_sizes.size(); ++slot)
        report(slot, m_sizes[slot]);
}

void CombinedProgress::report(std::size_t slot, std::int64_t done) const
{
    // A compressed file's reader counts the bytes it took from the file, so the sizes on disk add up.
    const std::lock_guard lock(m_mutex);
    m_done[slot] = std::clamp<std::int64_t>(done, 0, m_sizes[slot]);
    std::int64_t sum = 0;
    for (const std::int64_t part : m_done)
        sum += part;
    if (sum <= m_reported)
        return;
    m_reported = sum;
    m_control.progress(sum, m_total);
}

} // namespace lanescope
