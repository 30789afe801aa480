#include "beforeafterpair.h"
#include "capturegenerator.h"
#include "lanescoperun.h"
#include "testmain.h"

#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

using namespace lanescope;

// `lanescope mcp`: the real binary driven as an agent's client drives it, one JSON-RPC message a
// line on its stdin, and its answers held against what the CLI verbs print for the same question.
class TestMcpServer : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QProcess m_server;
    int m_nextId = 1;
    const QString m_before = beforeAfterPath("before");
    const QString m_after = beforeAfterPath("after");
    const QString m_launches = QStringLiteral(LANESCOPE_FIXTURES "/field/three-launches");

    // Sends one line and returns the server's next line, parsed; an empty object when none came.
    QJsonObject exchange(const QByteArray &line)
    {
        m_server.write(line + '\n');
        while (!m_server.canReadLine())
            if (!m_server.waitForReadyRead(60000))
                return {};
        return QJsonDocument::fromJson(m_server.readLine()).object();
    }

    QJsonObject request(const QString &method, const QJsonObject &params = {})
    {
        const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                  {QStringLiteral("id"), m_nextId++},
                                  {QStringLiteral("method"), method},
                                  {QStringLiteral("params"), params}};
        return exchange(QJsonDocument(message).toJson(QJsonDocument::Compact));
    }

    // A tools/call's result (content, structuredContent, isError).
    QJsonObject call(const QString &tool, const QJsonObject &arguments)
    {
        return request(QStringLiteral("tools/call"),
                       {{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}})
            .value(QStringLiteral("result"))
            .toObject();
    }

    QString open(const QString &path)
    {
        const QJsonObject result = call(QStringLiteral("open_capture"), {{QStringLiteral("path"), path}});
        return result.value(QStringLiteral("structuredContent"))
            .toObject()
            .value(QStringLiteral("capture"))
            .toString();
    }

    static QJsonObject cliJson(const QStringList &args)
    {
        const LanescopeRun r = runLanescope(args);
        if (r.exitCode != 0)
            qWarning("%s", r.err.constData());
        return QJsonDocument::fromJson(r.out).object();
    }

    // What the CLI says on stderr when it fails: its last line, the message itself.
    static QString cliError(const QStringList &args)
    {
        const LanescopeRun r = runLanescope(args);
        const QStringList lines = QString::fromUtf8(r.err).trimmed().split(u'\n');
        return r.exitCode == 0 ? QString() : lines.last();
    }

    static QJsonObject structured(const QJsonObject &result)
    {
        return result.value(QStringLiteral("structuredContent")).toObject();
    }

private slots:
    void initTestCase()
    {
        GeneratorOptions o;
        o.seed = 4646;
        o.level = 4;
        o.tasks = 120;
        o.shape = RecordShape::Upstream;
        o.runs = 2;
        QVERIFY(generateCapture(o, m_dir.path()).ok());
        m_server.start(QStringLiteral(LANESCOPE_BINARY), {QStringLiteral("mcp")});
        QVERIFY(m_server.waitForStarted());
        const QJsonObject answer = request(
            QStringLiteral("initialize"),
            {{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
             {QStringLiteral("capabilities"), QJsonObject()},
             {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("test")},
                                                        {QStringLiteral("version"), QStringLiteral("1")}}}});
        const QJsonObject result = answer.value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("protocolVersion")).toString(), QStringLiteral("2025-06-18"));
        QCOMPARE(
            result.value(QStringLiteral("serverInfo")).toObject().value(QStringLiteral("name")).toString(),
            QStringLiteral("lanescope"));
        const QJsonObject capabilities = result.value(QStringLiteral("capabilities")).toObject();
        QVERIFY(capabilities.value(QStringLiteral("tools")).isObject());
        QVERIFY(capabilities.value(QStringLiteral("resources")).isObject());
        // A notification is not answered: the next answer is the ping's.
        m_server.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"
                       "\n");
        const QJsonObject pong = request(QStringLiteral("ping"));
        QCOMPARE(pong.value(QStringLiteral("id")).toInt(), m_nextId - 1);
        QVERIFY(pong.value(QStringLiteral("result")).isObject());
    }

    void cleanupTestCase()
    {
        m_server.closeWriteChannel();
        QVERIFY(m_server.waitForFinished(30000));
        QCOMPARE(m_server.exitCode(), 0);
    }

    void listsEveryToolWithItsSchemas_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QStringList>("required");
        QTest::newRow("open_capture")
            << QStringLiteral("open_capture") << QStringList{QStringLiteral("path")};
        QTest::newRow("analyze") << QStringLiteral("analyze") << QStringList{QStringLiteral("capture")};
        QTest::newRow("query") << QStringLiteral("query")
                               << QStringList{QStringLiteral("capture"), QStringLiteral("sql")};
        QTest::newRow("compare") << QStringLiteral("compare")
                                 << QStringList{QStringLiteral("before"), QStringLiteral("after")};
        QTest::newRow("suggest") << QStringLiteral("suggest") << QStringList{QStringLiteral("capture")};
        QTest::newRow("region") << QStringLiteral("region")
                                << QStringList{QStringLiteral("capture"), QStringLiteral("start_us"),
                                               QStringLiteral("end_us")};
        QTest::newRow("render") << QStringLiteral("render") << QStringList{QStringLiteral("capture")};
    }

    void listsEveryToolWithItsSchemas()
    {
        QFETCH(QString, tool);
        QFETCH(QStringList, required);
        const QJsonArray tools = request(QStringLiteral("tools/list"))
                                     .value(QStringLiteral("result"))
                                     .toObject()
                                     .value(QStringLiteral("tools"))
                                     .toArray();
        QCOMPARE(tools.size(), 7);
        QJsonObject found;
        for (const QJsonValue &t : tools)
            if (t.toObject().value(QStringLiteral("name")).toString() == tool)
                found = t.toObject();
        QVERIFY(!found.isEmpty());
        QVERIFY(!found.value(QStringLiteral("description")).toString().isEmpty());
        const QJsonObject input = found.value(QStringLiteral("inputSchema")).toObject();
        QCOMPARE(input.value(QStringLiteral("type")).toString(), QStringLiteral("object"));
        QStringList declared;
        for (const QJsonValue &v : input.value(QStringLiteral("required")).toArray())
            declared << v.toString();
        QCOMPARE(declared, required);
        for (const QString &name : required)
            QVERIFY2(input.value(QStringLiteral("properties")).toObject().contains(name), qPrintable(name));
        QCOMPARE(
            found.value(QStringLiteral("outputSchema")).toObject().value(QStringLiteral("type")).toString(),
            QStringLiteral("object"));
    }

    // open_capture gives what `info --json` prints, and one id per capture however its path is spelt.
    void openCaptureGivesInfo_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("three launches") << m_launches;
        QTest::newRow("two runs") << m_dir.path();
        QTest::newRow("before") << m_before;
    }

    void openCaptureGivesInfo()
    {
        QFETCH(QString, path);
        const QJsonObject result = call(QStringLiteral("open_capture"), {{QStringLiteral("path"), path}});
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), false);
        const QJsonObject answer = structured(result);
        const QJsonObject info = cliJson({QStringLiteral("info"), path, QStringLiteral("--json")});
        QVERIFY(!info.isEmpty());
        QCOMPARE(answer.value(QStringLiteral("info")).toObject(), info);
        QCOMPARE(answer.value(QStringLiteral("runs")), info.value(QStringLiteral("runs")));
        QCOMPARE(answer.value(QStringLiteral("launches")), info.value(QStringLiteral("launches")));
        QCOMPARE(answer.value(QStringLiteral("windows")), info.value(QStringLiteral("windows")));
        // The text content is a copy of the structured answer.
        const QJsonArray content = result.value(QStringLiteral("content")).toArray();
        QCOMPARE(QJsonDocument::fromJson(
                     content.first().toObject().value(QStringLiteral("text")).toString().toUtf8())
                     .object(),
                 answer);
        const QString id = answer.value(QStringLiteral("capture")).toString();
        QVERIFY(id.startsWith(u'c'));
        QCOMPARE(open(path + QStringLiteral("/")), id);
        QCOMPARE(open(path), id);
        // … and its summary is a resource.
        const QString uri = QStringLiteral("lanescope://capture/") + id;
        bool listed = false;
        for (const QJsonValue &r : request(QStringLiteral("resources/list"))
                                       .value(QStringLiteral("result"))
                                       .toObject()
                                       .value(QStringLiteral("resources"))
                                       .toArray())
            listed = listed || r.toObject().value(QStringLiteral("uri")).toString() == uri;
        QVERIFY(listed);
        const QJsonArray contents = request(QStringLiteral("resources/read"), {{QStringLiteral("uri"), uri}})
                                        .value(QStringLiteral("result"))
                                        .toObject()
                                        .value(QStringLiteral("contents"))
                                        .toArray();
        QCOMPARE(QJsonDocument::fromJson(
                     contents.first().toObject().value(QStringLiteral("text")).toString().toUtf8())
                     .object(),
                 info);
    }

    void queryGivesTheCliRows_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::newRow("per function") << QStringLiteral("SELECT name, COUNT(*) AS n, AVG(end_ts - start_ts) "
                                                        "AS exec FROM task GROUP BY name ORDER BY name");
        QTest::newRow("tasks with NULLs") << QStringLiteral(
            "SELECT task_id, core_id, dispatch_ts, receive_ts FROM task ORDER BY task_id, core_id LIMIT 20");
        QTest::newRow("runs") << QStringLiteral("SELECT * FROM run");
        QTest::newRow("text and null") << QStringLiteral("SELECT 'x' AS a, NULL AS b, 2.5 AS c");
    }

    void queryGivesTheCliRows()
    {
        QFETCH(QString, sql);
        const QString id = open(m_dir.path());
        const QJsonObject result =
            call(QStringLiteral("query"), {{QStringLiteral("capture"), id}, {QStringLiteral("sql"), sql}});
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), false);
        const QJsonObject cli =
            cliJson({QStringLiteral("query"), m_dir.path(), sql, QStringLiteral("--json")});
        QVERIFY(!cli.value(QStringLiteral("rows")).toArray().isEmpty());
        QCOMPARE(structured(result), cli);
    }

    // A limit cuts the rows and says so.
    void queryTruncatesAtItsLimit()
    {
        const QString id = open(m_dir.path());
        const QString sql = QStringLiteral("SELECT id FROM slice ORDER BY id");
        const QJsonObject answer = structured(call(
            QStringLiteral("query"),
            {{QStringLiteral("capture"), id}, {QStringLiteral("sql"), sql}, {QStringLiteral("limit"), 7}}));
        QCOMPARE(answer.value(QStringLiteral("rows")).toArray().size(), 7);
        QCOMPARE(answer.value(QStringLiteral("truncated")).toBool(), true);
        const QJsonArray all = cliJson({QStringLiteral("query"), m_dir.path(), sql, QStringLiteral("--json")})
                                   .value(QStringLiteral("rows"))
                                   .toArray();
        QVERIFY(all.size() > 7);
        for (qsizetype i = 0; i < 7; ++i)
            QCOMPARE(answer.value(QStringLiteral("rows")).toArray().at(i), all.at(i));
    }

    void analyzeGivesTheCliReport_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("firstRun");
        QTest::newRow("last run") << m_dir.path() << false;
        QTest::newRow("first run") << m_dir.path() << true;
        QTest::newRow("before") << m_before << false;
    }

    void analyzeGivesTheCliReport()
    {
        QFETCH(QString, path);
        QFETCH(bool, firstRun);
        QJsonObject arguments{{QStringLiteral("capture"), open(path)}};
        QStringList cliArgs{QStringLiteral("analyze"), path, QStringLiteral("--json")};
        if (firstRun) {
            const QJsonArray runs = cliJson({QStringLiteral("info"), path, QStringLiteral("--json")})
                                        .value(QStringLiteral("runs"))
                                        .toArray();
            QCOMPARE(runs.size(), 2);
            const int epoch = runs.first().toObject().value(QStringLiteral("run_epoch")).toInt();
            arguments[QStringLiteral("run")] = epoch;
            cliArgs << QStringLiteral("--run") << QString::number(epoch);
        }
        const QJsonObject result = call(QStringLiteral("analyze"), arguments);
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), false);
        const QJsonObject cli = cliJson(cliArgs);
        QCOMPARE(structured(result).value(QStringLiteral("run_epoch")),
                 cli.value(QStringLiteral("run_epoch")));
        QVERIFY(!cli.value(QStringLiteral("functions")).toArray().isEmpty());
        QCOMPARE(structured(result), cli);
    }

    void compareGivesTheCliVerdicts_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::newRow("general") << QStringLiteral("general");
        QTest::newRow("01a") << QStringLiteral("01a");
    }

    void compareGivesTheCliVerdicts()
    {
        QFETCH(QString, technique);
        const QJsonObject result =
            call(QStringLiteral("compare"), {{QStringLiteral("before"), open(m_before)},
                                             {QStringLiteral("after"), open(m_after)},
                                             {QStringLiteral("technique"), technique}});
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), false);
        const QJsonObject cli = cliJson({QStringLiteral("compare"), m_before, m_after,
                                         QStringLiteral("--technique"), technique, QStringLiteral("--json")});
        QVERIFY(!cli.value(QStringLiteral("metrics")).toArray().isEmpty());
        QCOMPARE(structured(result), cli);
    }

    // render draws what `export` writes, pixel for pixel.
    void renderDrawsAsExportDoes_data()
    {
        QTest::addColumn<QString>("range");
        QTest::newRow("whole") << QString();
        QTest::newRow("part") << QStringLiteral("0:40");
    }

    void renderDrawsAsExportDoes()
    {
        QFETCH(QString, range);
        QJsonObject arguments{{QStringLiteral("capture"), open(m_before)}};
        QStringList exportArgs{QStringLiteral("export"), m_before, QStringLiteral("-o"),
                               m_dir.filePath(QStringLiteral("cli.png"))};
        if (!range.isEmpty()) {
            arguments[QStringLiteral("start_us")] = range.section(u':', 0, 0).toDouble();
            arguments[QStringLiteral("end_us")] = range.section(u':', 1, 1).toDouble();
            exportArgs << QStringLiteral("--range") << range;
        }
        const QJsonObject result = call(QStringLiteral("render"), arguments);
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), false);
        const QJsonObject image = result.value(QStringLiteral("content")).toArray().first().toObject();
        QCOMPARE(image.value(QStringLiteral("type")).toString(), QStringLiteral("image"));
        QCOMPARE(image.value(QStringLiteral("mimeType")).toString(), QStringLiteral("image/png"));
        const QImage drawn = QImage::fromData(
            QByteArray::fromBase64(image.value(QStringLiteral("data")).toString().toLatin1()), "PNG");
        QVERIFY(!drawn.isNull());
        QCOMPARE(drawn.width(), structured(result).value(QStringLiteral("width")).toInt());
        QCOMPARE(drawn.height(), structured(result).value(QStringLiteral("height")).toInt());
        QCOMPARE(runLanescope(exportArgs).exitCode, 0);
        const QImage exported(m_dir.filePath(QStringLiteral("cli.png")));
        QCOMPARE(drawn.convertToFormat(QImage::Format_ARGB32),
                 exported.convertToFormat(QImage::Format_ARGB32));
    }

    // The Region dock's counts: over the whole run every task starts and ends inside.
    void regionCountsEveryTaskOfTheRun()
    {
        const QString id = open(m_before);
        const QJsonObject info = cliJson({QStringLiteral("info"), m_before, QStringLiteral("--json")});
        const QJsonArray span = info.value(QStringLiteral("time_range_us")).toArray();
        const QJsonObject answer = structured(
            call(QStringLiteral("region"), {{QStringLiteral("capture"), id},
                                            {QStringLiteral("start_us"), span.at(0).toDouble() - 1},
                                            {QStringLiteral("end_us"), span.at(1).toDouble() + 1}}));
        const int tasks = info.value(QStringLiteral("tasks")).toInt();
        QVERIFY(tasks > 0);
        QCOMPARE(answer.value(QStringLiteral("started")).toInt(), tasks);
        QCOMPARE(answer.value(QStringLiteral("ended")).toInt(), tasks);
        QVERIFY(!answer.value(QStringLiteral("lanes")).toArray().isEmpty());
        QVERIFY(answer.value(QStringLiteral("engines"))
                    .toObject()
                    .value(QStringLiteral("aic"))
                    .toObject()
                    .value(QStringLiteral("busy_us"))
                    .toDouble() > 0);
    }

    // Every suggestion names a rule, the techniques it points at and the numbers it rests on.
    void suggestGivesRulesWithEvidence()
    {
        const QJsonObject result =
            call(QStringLiteral("suggest"), {{QStringLiteral("capture"), open(m_before)}});
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), false);
        const QJsonArray suggestions = structured(result).value(QStringLiteral("suggestions")).toArray();
        QVERIFY(!suggestions.isEmpty());
        for (const QJsonValue &v : suggestions) {
            const QJsonObject s = v.toObject();
            QVERIFY(s.value(QStringLiteral("rule")).toString().startsWith(u'R'));
            QVERIFY(!s.value(QStringLiteral("techniques")).toArray().isEmpty());
            QVERIFY(!s.value(QStringLiteral("numbers")).toArray().isEmpty());
            QVERIFY(s.value(QStringLiteral("evidence")).isObject());
        }
    }

    // A failing tool is a tool result flagged isError, carrying the verb's one-line message.
    void toolErrorsCarryTheCliMessage_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QJsonObject>("arguments");
        QTest::addColumn<QStringList>("cli"); // the verb failing alike; empty: the text is the server's own
        QTest::addColumn<QString>("expected");
        const QString missing = m_dir.filePath(QStringLiteral("no-such-capture"));
        QTest::newRow("missing path")
            << QStringLiteral("open_capture") << QJsonObject{{QStringLiteral("path"), missing}}
            << QStringList{QStringLiteral("info"), missing, QStringLiteral("--json")} << QString();
        QTest::newRow("bad sql") << QStringLiteral("query")
                                 << QJsonObject{{QStringLiteral("sql"),
                                                 QStringLiteral("SELECT * FORM slice")}}
                                 << QStringList{QStringLiteral("query"), m_dir.path(),
                                                QStringLiteral("SELECT * FORM slice")}
                                 << QString();
        QTest::newRow("unknown technique")
            << QStringLiteral("compare") << QJsonObject{{QStringLiteral("technique"), QStringLiteral("99z")}}
            << QStringList{QStringLiteral("compare"), m_before, m_after, QStringLiteral("--technique"),
                           QStringLiteral("99z")}
            << QString();
        QTest::newRow("unknown capture")
            << QStringLiteral("analyze") << QJsonObject{{QStringLiteral("capture"), QStringLiteral("c999")}}
            << QStringList() << QStringLiteral("no capture \"c999\"");
        QTest::newRow("range past the end")
            << QStringLiteral("render") << QJsonObject{{QStringLiteral("start_us"), 1e12}}
            << QStringList{QStringLiteral("export"),  m_before,
                           QStringLiteral("-o"),      m_dir.filePath(QStringLiteral("never.png")),
                           QStringLiteral("--range"), QStringLiteral("1000000000000:")}
            << QString();
    }

    void toolErrorsCarryTheCliMessage()
    {
        QFETCH(QString, tool);
        QFETCH(QJsonObject, arguments);
        QFETCH(QStringList, cli);
        QFETCH(QString, expected);
        if (tool == QLatin1String("query"))
            arguments[QStringLiteral("capture")] = open(m_dir.path());
        if (tool == QLatin1String("render"))
            arguments[QStringLiteral("capture")] = open(m_before);
        if (tool == QLatin1String("compare")) {
            arguments[QStringLiteral("before")] = open(m_before);
            arguments[QStringLiteral("after")] = open(m_after);
        }
        const QJsonObject result = call(tool, arguments);
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), true);
        const QString text = result.value(QStringLiteral("content"))
                                 .toArray()
                                 .first()
                                 .toObject()
                                 .value(QStringLiteral("text"))
                                 .toString();
        if (cli.isEmpty()) {
            QVERIFY2(text.startsWith(expected), qPrintable(text));
        } else {
            // The verb's message, the last line it prints before failing (warnings may come first).
            expected = cliError(cli);
            QVERIFY(!expected.isEmpty());
            QCOMPARE(text.trimmed().split(u'\n').last(), expected);
        }
    }

    // Protocol errors are JSON-RPC errors, and the server answers on after them.
    void protocolErrors_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<int>("code");
        QTest::newRow("not json") << QByteArray("{\"jsonrpc\": \"2.0\", \"id\": 1, ") << -32700;
        QTest::newRow("unknown method")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"frobnicate\"}") << -32601;
        QTest::newRow("unknown tool") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/"
                                                    "call\",\"params\":{\"name\":\"nope\",\"arguments\":{}}}")
                                      << -32602;
        QTest::newRow("not a request") << QByteArray("[1, 2]") << -32600;
        QTest::newRow("unknown resource")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"resources/"
                          "read\",\"params\":{\"uri\":\"lanescope://capture/c999\"}}")
            << -32002;
    }

    void protocolErrors()
    {
        QFETCH(QByteArray, line);
        QFETCH(int, code);
        const QJsonObject answer = exchange(line);
        QCOMPARE(answer.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(),
                 code);
        QVERIFY(!answer.contains(QStringLiteral("result")));
        QVERIFY(request(QStringLiteral("ping")).value(QStringLiteral("result")).isObject());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestMcpServer)
#include "tst_mcpserver.moc"
