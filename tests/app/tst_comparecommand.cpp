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
#include <cmath>

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

    // The task diff and the makespan attribution in --json: the 01a pair changed its task set (a
    // quarter of the tiles), so it is compared per function; a capture against itself matches every
    // bar by identity with nothing moved.
    void taskDiff_data()
    {
        QTest::addColumn<QString>("after");
        QTest::addColumn<QString>("matchBy");
        QTest::addColumn<int>("matched");
        QTest::addColumn<int>("removed");
        QTest::addColumn<int>("removedTasks");
        QTest::addRow("tiling pair") << m_after << "function" << 512 << 1536 << 1536;
        QTest::addRow("itself") << m_before << "identity" << 2048 << 0 << 0;
    }
    void taskDiff()
    {
        QFETCH(QString, after);
        const LanescopeRun run =
            runLanescope({QStringLiteral("compare"), m_before, after, QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        const QJsonObject diff = root.value(QStringLiteral("task_diff")).toObject();
        QTEST(diff.value(QStringLiteral("match_by")).toString(), "matchBy");
        QTEST(diff.value(QStringLiteral("matched_rows")).toInt(), "matched");
        QTEST(diff.value(QStringLiteral("removed_rows")).toInt(), "removed");
        QTEST(diff.value(QStringLiteral("removed_tasks")).toInt(), "removedTasks");
        QCOMPARE(diff.value(QStringLiteral("added_rows")).toInt(), 0);
        const QJsonArray functions = diff.value(QStringLiteral("by_function")).toArray();
        QCOMPARE(functions.size(), 2);
        for (const QJsonValue &f : functions)
            for (const char *key : {"func_id", "name", "matched_rows", "mean_delta_us", "total_delta_us"})
                QVERIFY2(f.toObject().contains(QLatin1String(key)), key);

        // The waterfall's steps add up to the makespan change, which the metrics' M5 states too.
        const QJsonObject attribution = root.value(QStringLiteral("makespan_attribution")).toObject();
        QVERIFY(attribution.value(QStringLiteral("available")).toBool());
        double sum = 0;
        for (const QJsonValue &part : attribution.value(QStringLiteral("parts")).toArray())
            sum += part.toObject().value(QStringLiteral("delta_us")).toDouble();
        const double total = attribution.value(QStringLiteral("total_delta_us")).toDouble();
        QVERIFY2(std::abs(sum - total) < 1e-6, qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(total)));
        const QJsonObject makespan =
            metricById(root.value(QStringLiteral("metrics")).toArray(), QStringLiteral("M5"));
        QVERIFY(std::abs(makespan.value(QStringLiteral("delta")).toDouble() - total) < 1e-6);
        if (after == m_before) {
            QCOMPARE(total, 0.0);
            QVERIFY(diff.value(QStringLiteral("largest")).toArray().isEmpty());
        }
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
        QVERIFY(text.contains("## Task diff\n\nBars matched by function: only 512 of 2048 bars"));
        QVERIFY(text.contains("| tile_matmul | 1024 | 256 | 256 |"));
        QVERIFY(text.contains("## Where the makespan change came from"));
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
        QVERIFY(page.contains("<h2>Task diff</h2>"));
        QVERIFY(page.contains("<td>Core wait</td>"));
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
