#pragma once

#include "readerror.h"

#include <QStringList>
#include <cstdint>
#include <mutex>
#include <vector>

namespace lanescope {

// Progress over the files of one load, reported as one: the bytes read of all of them over their
// sizes together. The records and deps.json are read side by side and the runs of a retained
// folder one after another; each reports its own bytes, and a bar fed those directly would jump
// between them. The whole never goes back.
class CombinedProgress
{
public:
    // `control` must outlive this; `files` are every file the load reads with a progress report.
    CombinedProgress(const LoadControl &control, const QStringList &files);

    // The control to read `file` (one of those given) with: cancelled with the load, and its
    // progress counts toward the whole. A file not given reads with `control` itself.
    LoadControl forFile(const QString &file) const;
    std::int64_t totalBytes() const { return m_total; }
    // Every file is read: reports the whole (the readers' last reports fall short of their ends).
    void finish() const;

private:
    void report(std::size_t slot, std::int64_t done) const;

    const LoadControl &m_control;
    QStringList m_files;
    std::vector<std::int64_t> m_sizes;
    std::int64_t m_total = 0;
    // Readers on two threads report: one at a time, and only a larger whole, so the bar never
    // steps back.
    mutable std::mutex m_mutex;
    mutable std::vector<std::int64_t> m_done;
    mutable std::int64_t m_reported = -1;
};

} // namespace lanescope
