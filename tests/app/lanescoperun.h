#pragma once

// Runs the real `lanescope` binary: the command line is a contract users script against.

#include <QByteArray>
#include <QProcess>
#include <QStringList>

struct LanescopeRun
{
    int exitCode = -1; // -1: did not finish within the time limit
    QByteArray out;
    QByteArray err;
};

inline LanescopeRun runLanescope(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(LANESCOPE_BINARY), args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}
