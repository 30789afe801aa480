#include "app/window/recentfiles.h"

#include <QFileInfo>
#include <QSettings>

namespace lanescope {

namespace {
const QString kKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QSettings &settings, QObject *parent) : QObject(parent), m_settings(settings)
{
    m_paths = m_settings.value(kKey).toStringList().mid(0, kMaxEntries);
}

void RecentFiles::add(const QString &path)
{
    if (path.startsWith(QLatin1String(":/")))
        return;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_paths.removeAll(absolute);
    m_paths.prepend(absolute);
    while (m_paths.size() > kMaxEntries)
        m_paths.removeLast();
    save();
}

void RecentFiles::remove(const QString &path)
{
    if (m_paths.removeAll(QFileInfo(path).absoluteFilePath()) > 0)
        save();
}

void RecentFiles::clear()
{
    m_paths.clear();
    save();
}

void RecentFiles::save()
{
    m_settings.setValue(kKey, m_paths);
    emit changed();
}

} // namespace lanescope
