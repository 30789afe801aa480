#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>

// `lanescope mcp --http 0`: the real binary serving MCP's Streamable HTTP transport on the loopback
// address, asked as a client and as a hostile page would ask it.
class TestMcpHttp : public QObject
{
    Q_OBJECT

    QProcess m_server;
    QUrl m_url;
    QNetworkAccessManager m_network;

    struct Reply
    {
        int status = 0;
        QByteArray body;
    };

    Reply send(const QByteArray &verb, const QByteArray &body, const QByteArray &origin = {})
    {
        QNetworkRequest request(m_url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        request.setRawHeader("Accept", "application/json, text/event-stream");
        if (!origin.isEmpty())
            request.setRawHeader("Origin", origin);
        QNetworkReply *reply = m_network.sendCustomRequest(request, verb, body);
        QSignalSpy finished(reply, &QNetworkReply::finished);
        if (!finished.wait(60000))
            return {};
        Reply r{reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll()};
        reply->deleteLater();
        return r;
    }

    static QByteArray initialize()
    {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
               "\"2025-06-18\","
               "\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}";
    }

private slots:
    void initTestCase()
    {
        m_server.start(QStringLiteral(LANESCOPE_BINARY),
                       {QStringLiteral("mcp"), QStringLiteral("--http"), QStringLiteral("0")});
        QVERIFY(m_server.waitForStarted());
        // The address served is the first line on stderr.
        m_server.setReadChannel(QProcess::StandardError);
        QByteArray said;
        while (!said.contains('\n') && m_server.waitForReadyRead(30000))
            said += m_server.readAllStandardError();
        const QRegularExpressionMatch m =
            QRegularExpression(QStringLiteral("serving (http://127\\.0\\.0\\.1:\\d+/mcp)"))
                .match(QString::fromUtf8(said));
        QVERIFY2(m.hasMatch(), said.constData());
        m_url = QUrl(m.captured(1));
    }

    void cleanupTestCase()
    {
        m_server.kill();
        m_server.waitForFinished();
    }

    void answersInitialize()
    {
        const Reply r = send("POST", initialize());
        QCOMPARE(r.status, 200);
        const QJsonObject result =
            QJsonDocument::fromJson(r.body).object().value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("protocolVersion")).toString(), QStringLiteral("2025-06-18"));
        QCOMPARE(
            result.value(QStringLiteral("serverInfo")).toObject().value(QStringLiteral("name")).toString(),
            QStringLiteral("lanescope"));
    }

    void originIsChecked_data()
    {
        QTest::addColumn<QByteArray>("origin");
        QTest::addColumn<int>("status");
        QTest::newRow("none") << QByteArray() << 200;
        QTest::newRow("localhost") << QByteArray("http://localhost:6274") << 200;
        QTest::newRow("loopback") << QByteArray("http://127.0.0.1") << 200;
        QTest::newRow("another site") << QByteArray("http://evil.example") << 403;
        QTest::newRow("rebinding") << QByteArray("http://127.0.0.1.evil.example") << 403;
        QTest::newRow("null") << QByteArray("null") << 403;
    }

    void originIsChecked()
    {
        QFETCH(QByteArray, origin);
        QFETCH(int, status);
        QCOMPARE(send("POST", initialize(), origin).status, status);
    }

    void notificationIsAccepted()
    {
        const Reply r = send("POST", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        QCOMPARE(r.status, 202);
        QVERIFY(r.body.isEmpty());
    }

    void getIsNotOffered() { QCOMPARE(send("GET", {}).status, 405); }

    void toolsAnswerOverHttp()
    {
        const Reply r = send("POST", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
        QCOMPARE(r.status, 200);
        QCOMPARE(QJsonDocument::fromJson(r.body)
                     .object()
                     .value(QStringLiteral("result"))
                     .toObject()
                     .value(QStringLiteral("tools"))
                     .toArray()
                     .size(),
                 7);
        const Reply bad = send("POST", "{not json");
        QCOMPARE(QJsonDocument::fromJson(bad.body)
                     .object()
                     .value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("code"))
                     .toInt(),
                 -32700);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestMcpHttp)
#include "tst_mcphttp.moc"
