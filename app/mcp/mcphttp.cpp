#include "app/mcp/mcphttp.h"

#include "app/mcp/mcpserver.h"

#include <QCoreApplication>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QUrl>

namespace lanescope {

namespace {

QByteArray header(const QHttpServerRequest &request, const QByteArray &name)
{
    for (const auto &[key, value] : request.headers())
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    return {};
}

// A page of another site must not reach a local server through the browser (DNS rebinding): only
// requests without an Origin (agents, command-line clients) or from a local page are served.
bool originAllowed(const QByteArray &origin)
{
    if (origin.isEmpty())
        return true;
    const QString host = QUrl(QString::fromUtf8(origin)).host();
    return host == QLatin1String("localhost") || host == QLatin1String("127.0.0.1") ||
           host == QLatin1String("::1");
}

QHttpServerResponse jsonResponse(const std::string &body, QHttpServerResponse::StatusCode status)
{
    return QHttpServerResponse(QByteArrayLiteral("application/json"), QByteArray::fromStdString(body),
                               status);
}

} // namespace

int runMcpHttpCommand(const QStringList &args, QTextStream &err)
{
    bool ok = false;
    const uint port = args.value(1).toUInt(&ok);
    if (args.size() != 2 || args[0] != QLatin1String("--http") || !ok || port > 65535) {
        err << "usage: lanescope mcp [--http PORT]\n";
        return 1;
    }
    McpServer mcp;
    QHttpServer http;
    http.route(QStringLiteral("/mcp"), [&mcp](const QHttpServerRequest &request) {
        using Status = QHttpServerResponse::StatusCode;
        if (!originAllowed(header(request, "Origin")))
            return jsonResponse(
                R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"forbidden origin"}})",
                Status::Forbidden);
        // No stream of the server's own messages is offered, so GET (and session DELETE) is refused
        // as the transport allows.
        if (request.method() != QHttpServerRequest::Method::Post)
            return QHttpServerResponse(Status::MethodNotAllowed);
        const std::optional<std::string> answer = mcp.handleLine(request.body().toStdString());
        if (!answer)
            return QHttpServerResponse(Status::Accepted);
        return jsonResponse(*answer, Status::Ok);
    });
    const quint16 bound = http.listen(QHostAddress::LocalHost, quint16(port));
    if (bound == 0) {
        err << "lanescope mcp: cannot listen on 127.0.0.1:" << port << '\n';
        return 2;
    }
    err << "lanescope mcp: serving http://127.0.0.1:" << bound << "/mcp\n";
    err.flush();
    return QCoreApplication::exec();
}

} // namespace lanescope
