#pragma once

#include <QObject>
#include <QStringList>

class QLocalServer;

namespace lanescope {

// One Lanescope window per user: a second start (a double-click on another capture, or
// `lanescope PATH` in a terminal) hands its paths to the running instance over a local socket
// and exits.
class SingleInstance : public QObject
{
    Q_OBJECT

public:
    explicit SingleInstance(QString serverName = defaultServerName(), QObject *parent = nullptr);

    // Sends `paths` (made absolute) to a running instance. True when one took them.
    bool forwardToRunning(const QStringList &paths, int timeoutMs = 2000) const;
    // Becomes the running instance; replaces a socket left behind by a crashed one.
    bool listen();

    static QString defaultServerName();

signals:
    // Paths another start asked to open (possibly empty: just bring the window forward).
    void pathsReceived(const QStringList &paths);

private:
    void readRequest();

    QString m_serverName;
    QLocalServer *m_server = nullptr;
};

} // namespace lanescope
