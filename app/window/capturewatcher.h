#pragma once

#include <QFileSystemWatcher>
#include <QObject>
#include <QStringList>
#include <QTimer>

namespace lanescope {

// Notices when the files a capture was read from change on disk. Producers rewrite captures in
// several writes, so changes are reported once the files have been quiet for a moment.
class CaptureWatcher : public QObject
{
    Q_OBJECT

public:
    explicit CaptureWatcher(QObject *parent = nullptr, int quietMs = 500);

    void watch(const QStringList &files);
    QStringList files() const { return m_files; }

signals:
    void changed(const QStringList &files);

private:
    void noteChange(const QString &file);

    QFileSystemWatcher m_watcher;
    QTimer m_quiet;
    QStringList m_files;
    QStringList m_pending;
};

} // namespace lanescope
