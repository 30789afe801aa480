#include "app/window/capturewatcher.h"

#include <QFileInfo>

namespace lanescope {

CaptureWatcher::CaptureWatcher(QObject *parent, int quietMs) : QObject(parent)
{
    m_quiet.setSingleShot(true);
    m_quiet.setInterval(quietMs);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &CaptureWatcher::noteChange);
    connect(&m_quiet, &QTimer::timeout, this, [this] {
        // An editor or producer that replaces the file drops it from the watch list: add it back.
        for (const QString &f : std::as_const(m_pending))
            if (QFileInfo::exists(f) && !m_watcher.files().contains(f))
                m_watcher.addPath(f);
        emit changed(std::exchange(m_pending, {}));
    });
}

void CaptureWatcher::watch(const QStringList &files)
{
    if (!m_watcher.files().isEmpty())
        m_watcher.removePaths(m_watcher.files());
    m_files.clear();
    for (const QString &f : files)
        if (!f.isEmpty() && !f.startsWith(QLatin1String(":/")) && QFileInfo::exists(f))
            m_files << f;
    if (!m_files.isEmpty())
        m_watcher.addPaths(m_files);
}

void CaptureWatcher::noteChange(const QString &file)
{
    if (!m_pending.contains(file))
        m_pending << file;
    m_quiet.start();
}

} // namespace lanescope
