#include "beforeafterpair.h"
#include "capturegenerator.h"
#include "lanescoperun.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace lanescope;

// Drives the real `lanescope compare` on the bundled 01a pair and on generated pairs.
class TestCompareCommand : public QObject
{
    Q_OBJECT

    const QString m_before = beforeAfterPath("before");
    const QString m_after = beforeAfterPath("after");
    QTemporaryDir m_dir;

    static QJsonObject metricById(const QJsonArray &metrics, const QString &id)
    {
        for (const QJsonValue &v : metrics)
            if (v.toObject().value(QStringLiteral("id")).toString() == id)
                return v.toObject();
        return {};
    }

    static QByteArray readAll(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private slots:
    void json()
    {
        const LanescopeRun run =
            runLanescope({QStringLiteral("compare"), m_before, m_after, QStringLiteral("--technique"),
                          QStringLiteral("01a"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QJsonParseError error;
        const QJsonObject root = QJsonDocument::fromJson(run.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(root.value(QStringLiteral("technique")).toString(), QStringLiteral("01a-larger-tiling"));
        QCOMPARE(root.value(QStringLiteral("comparable")).toBool(), true);
        QVERIFY(root.value(QStringLiteral("reasons")).toArray().isEmpty());
        const QJsonArray metrics = root.value(QStringLiteral("metrics")).toArray();
        QVERIFY(!metrics.isEmpty());
        for (const QJsonValue &v : metrics)
            for (const char *key : {"id", "name", "before", "after", "delta", "expected", "verdict"})
                QVERIFY2(v.toObject().contains(QLatin1String(key)), key);
        const QJsonObject tasks = metricById(metrics, QStringLiteral("M1"));
        QCOMPARE(tasks.value(QStringLiteral("before")).toDouble(), 2048.0);
        QCOMPARE(tasks.value(QStringLiteral("after")).toDouble(), 512.0);
        QCOMPARE(tasks.value(QStringLiteral("delta")).toDouble(), -1536.0);
        QCOMPARE(tasks.value(QStringLiteral("expected")).toString(), QStringLiteral("decrease"));
        QCOMPARE(tasks.value(QStringLiteral("verdict")).toString(), QStringLiteral("improved"));
        QCOMPARE(metricById(metrics, QStringLiteral("M5")).value(QStringLiteral("verdict")).toString(),
                 QStringLiteral("improved"));
    }

    // Different levels: the pair is not comparable and level-gated metrics say exactly why.
    void differentLevels()
    {
        GeneratorOptions o;
        o.workload = WorkloadKind::SpmdBefore;
        o.level = 1;
        o.hostLog = false;
        const QString before = m_dir.filePath(QStringLiteral("l1"));
        QVERIFY(generateCapture(o, before).ok());
        o.workload = WorkloadKind::SpmdAfter;
        o.level = 4;
        const QString after = m_dir.filePath(QStringLiteral("l4"));
        QVERIFY(generateCapture(o, after).ok());
        const LanescopeRun run =
            runLanescope({QStringLiteral("compare"), before, after, QStringLiteral("--technique=02b-spmd"),
                          QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(root.value(QStringLiteral("comparable")).toBool(), false);
        QVERIFY(root.value(QStringLiteral("reasons"))
                    .toArray()
                    .first()
                    .toString()
                    .startsWith(QStringLiteral("levels differ: Before is level 1, After is level 4")));
        const QJsonObject submits =
            metricById(root.value(QStringLiteral("metrics")).toArray(), QStringLiteral("M20"));
        QCOMPARE(submits.value(QStringLiteral("verdict")).toString(), QStringLiteral("not comparable"));
        QVERIFY(submits.value(QStringLiteral("before")).isNull());
        QVERIFY(submits.value(QStringLiteral("delta")).isNull());
        QCOMPARE(metricById(root.value(QStringLiteral("metrics")).toArray(), QStringLiteral("M1"))
                     .value(QStringLiteral("verdict"))
                     .toString(),
                 QStringLiteral("improved"));
    }

    // Markdown: the picture is written beside the report; HTML carries it inside.
    void reports()
    {
        const QString md = m_dir.filePath(QStringLiteral("review.md"));
        LanescopeRun run =
            runLanescope({QStringLiteral("compare"), m_before, m_after, QStringLiteral("-o"), md});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QByteArray text = readAll(md);
        QVERIFY(text.contains("# Before/after: general"));
        QVERIFY(text.contains("![Before above After on one time axis](review.timelines.png)"));
        QVERIFY(text.contains("| M5 | Makespan |"));
        const QImage picture(m_dir.filePath(QStringLiteral("review.timelines.png")));
        QVERIFY(!picture.isNull());
        QCOMPARE(picture.width(), 1600);
        QVERIFY(picture.height() > 200);
        QVERIFY(run.out.contains("review.md"));

        const QString html = m_dir.filePath(QStringLiteral("review.html"));
        run = runLanescope({QStringLiteral("compare"), m_before, m_after, QStringLiteral("--technique"),
                            QStringLiteral("01a"), QStringLiteral("-o"), html, QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(QJsonDocument::fromJson(run.out).isObject()); // --json still goes to stdout
        const QByteArray page = readAll(html);
        QVERIFY(page.contains("01a-larger-tiling"));
        const qsizetype at = page.indexOf("src=\"data:image/png;base64,");
        QVERIFY(at > 0);
        const qsizetype from = at + qsizetype(qstrlen("src=\"data:image/png;base64,"));
        const QByteArray png = QByteArray::fromBase64(page.mid(from, page.indexOf('"', from) - from));
        QVERIFY(!QImage::fromData(png, "PNG").isNull());
        // Nothing is written next to the captures.
        QVERIFY(!QFileInfo::exists(m_before + QStringLiteral("/review.timelines.png")));
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString b = beforeAfterPath("before");
        const QString a = beforeAfterPath("after");
        QTest::newRow("one capture") << QStringList{b} << 1 << "needs exactly two captures";
        QTest::newRow("unknown technique")
            << QStringList{b, a, "--technique", "99z"} << 1 << "unknown technique \"99z\"";
        QTest::newRow("bad report") << QStringList{b, a, "-o", "/tmp/x.pdf"} << 1
                                    << "the report must end in .md or .html";
        QTest::newRow("bad sim") << QStringList{b, a, "--sim", "maybe"} << 1
                                 << "--sim wants before, after or both";
        QTest::newRow("missing capture")
            << QStringList{b, "/nonexistent/capture"} << 2 << "/nonexistent/capture";
        QTest::newRow("unwritable report")
            << QStringList{b, a, "-o", "/nonexistent/dir/r.html"} << 2 << "cannot write";
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const LanescopeRun run = runLanescope(QStringList{QStringLiteral("compare")} + args);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
    }

    void simulatorTag()
    {
        const LanescopeRun run =
            runLanescope({QStringLiteral("compare"), m_before, m_after, QStringLiteral("--sim"),
                          QStringLiteral("after"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(root.value(QStringLiteral("comparable")).toBool(), false);
        QVERIFY(root.value(QStringLiteral("reasons"))
                    .toArray()
                    .first()
                    .toString()
                    .startsWith(QStringLiteral("After is a simulator run and Before an onboard run")));
        QCOMPARE(metricById(root.value(QStringLiteral("metrics")).toArray(), QStringLiteral("M5"))
                     .value(QStringLiteral("verdict"))
                     .toString(),
                 QStringLiteral("not comparable"));
    }
};

QTEST_GUILESS_MAIN(TestCompareCommand)
#include "tst_comparecommand.moc"
