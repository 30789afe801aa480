#include "app/window/singleinstance.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalServer>
#include <QLocalSocket>

#include <unistd.h>

namespace lanescope {

namespace {
// One request: a JSON array of absolute paths and a newline; the reply is "ok\n".
constexpr char kAck[] = "ok\n";
} // namespace

SingleInstance::SingleInstance(QString serverName, QObject *parent)
    : QObject(parent), m_serverName(std::move(serverName))
{
}

QString SingleInstance::defaultServerName()
{
    // LANESCOPE_INSTANCE_NAME keeps test runs away from a user's running window.
    const QString override = qEnvironmentVariable("LANESCOPE_INSTANCE_NAME");
    return override.isEmpty() ? QStringLiteral("org.lanescope.Lanescope-%1").arg(::getuid()) : override;
}

bool SingleInstance::forwardToRunning(const QStringList &paths, int timeoutMs) const
{
    QLocalSocket socket;
    socket.connectToServer(m_serverName);
    if (!socket.waitForConnected(timeoutMs))
        return false;
    QJsonArray array;
    for (const QString &p : paths)
        array.append(p.startsWith(QLatin1String(":/")) ? p : QFileInfo(p).absoluteFilePath());
    socket.write(QJsonDocument(array).toJson(QJsonDocument::Compact) + '\n');
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    while (socket.bytesAvailable() < qint64(sizeof kAck) - 1)
        if (!socket.waitForReadyRead(timeoutMs))
            return false;
    return socket.readAll() == kAck;
}

bool SingleInstance::listen()
{
    delete m_server;
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    if (!m_server->listen(m_serverName)) {
        // Nobody answered forwardToRunning(), so a socket file left here is stale.
        QLocalServer::removeServer(m_serverName);
        if (!m_server->listen(m_serverName))
            return false;
    }
    connect(m_server, &QLocalServer::newConnection, this, &SingleInstance::readRequest);
    return true;
}

void SingleInstance::readRequest()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        auto handle = [this, socket] {
            if (!socket->canReadLine())
                return;
            const QJsonArray array = QJsonDocument::fromJson(socket->readLine()).array();
            QStringList paths;
            for (const QJsonValue &v : array)
                if (v.isString())
                    paths << v.toString();
            socket->write(kAck);
            socket->flush();
            emit pathsReceived(paths);
        };
        connect(socket, &QLocalSocket::readyRead, this, handle);
        handle(); // the request may have arrived before the connection was picked up
    }
}

} // namespace lanescope
