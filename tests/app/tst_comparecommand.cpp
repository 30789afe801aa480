#include "beforeafterpair.h"
#include "capturegenerator.h"
#include "lanescoperun.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

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

    // A copy of the bundled Before whose last `tasks` tasks lost their AICore rows, as a capture
    // cut short would; its deps.json still lists them.
    QString cutShortBefore(int tasks)
    {
        const QString dir = m_dir.filePath(QStringLiteral("cut%1").arg(tasks));
        QDir().mkpath(dir);
        QJsonObject records =
            QJsonDocument::fromJson(readAll(m_before + QStringLiteral("/chip_swimlane_records.json")))
                .object();
        QJsonArray rows = records.value(QStringLiteral("aicore_tasks")).toArray();
        // Row: [core, task token, reg id, start, end, receive_to_start]; the last to end go.
        std::map<qint64, double> endOf;
        for (const QJsonValue &r : rows)
            endOf[qint64(r[1].toDouble())] = std::max(endOf[qint64(r[1].toDouble())], r[4].toDouble());
        std::vector<std::pair<double, qint64>> byEnd;
        for (const auto &[task, end] : endOf)
            byEnd.emplace_back(end, task);
        std::sort(byEnd.rbegin(), byEnd.rend());
        std::set<qint64> gone;
        for (int i = 0; i < tasks; ++i)
            gone.insert(byEnd[std::size_t(i)].second);
        QJsonArray kept;
        for (const QJsonValue &r : rows)
            if (!gone.count(qint64(r[1].toDouble())))
                kept.append(r);
        records.insert(QStringLiteral("aicore_tasks"), kept);
        QFile out(dir + QStringLiteral("/chip_swimlane_records.json"));
        if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(records).toJson()) < 0)
            return {};
        out.close();
        QFile::copy(m_before + QStringLiteral("/deps.json"), dir + QStringLiteral("/deps.json"));
        return dir;
    }

    // Missing work is never a win: the task count counts tasks that ran, and the guard names what
    // is missing, so `comparable` is false with the reason.
    void cutShortSideIsNotComparable()
    {
        const QString cut = cutShortBefore(3);
        QVERIFY(!cut.isEmpty());
        const LanescopeRun run =
            runLanescope({QStringLiteral("compare"), m_before, cut, QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(root.value(QStringLiteral("comparable")).toBool(true), false);
        const QJsonArray reasons = root.value(QStringLiteral("reasons")).toArray();
        QCOMPARE(reasons.size(), 1);
        QVERIFY2(reasons[0].toString().startsWith(
                     QStringLiteral("After: 3 of 2048 tasks have no rows (cut short?)")),
                 qPrintable(reasons[0].toString()));
        const QJsonObject tasks =
            metricById(root.value(QStringLiteral("metrics")).toArray(), QStringLiteral("M1"));
        QCOMPARE(tasks.value(QStringLiteral("before")).toDouble(), 2048.0);
        QCOMPARE(tasks.value(QStringLiteral("after")).toDouble(), 2045.0);
        // The makespan attribution says how much of the change the missing work explains.
        const QJsonObject missing = root.value(QStringLiteral("makespan_attribution"))
                                        .toObject()
                                        .value(QStringLiteral("missing_work"))
                                        .toObject();
        QCOMPARE(missing.value(QStringLiteral("after_tasks_without_rows")).toInt(), 3);
        QVERIFY(missing.value(QStringLiteral("explains_us")).toDouble() < 0);
        // A capture against itself: every change exactly zero.
        const LanescopeRun self =
            runLanescope({QStringLiteral("compare"), m_before, m_before, QStringLiteral("--json")});
        for (const QJsonValue &m :
             QJsonDocument::fromJson(self.out).object().value(QStringLiteral("metrics")).toArray())
            if (m.toObject().value(QStringLiteral("delta")).isDouble())
                QCOMPARE(m.toObject().value(QStringLiteral("delta")).toDouble(), 0.0);
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
        QVERIFY(text.contains("## Task diff\n\nMatched by function: only 512 of 2048 bars"));
        QVERIFY(text.contains("| tile_matmul | 1024 | 256 | 256 |"));
        QVERIFY(text.contains("## Where the makespan change came from"));
        for (const char *picture : {"review.diff.png", "review.waterfall.png"}) {
            QVERIFY2(text.contains(picture), picture);
            QVERIFY2(!QImage(m_dir.filePath(QString::fromLatin1(picture))).isNull(), picture);
        }
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
        QCOMPARE(page.count("src=\"data:image/png;base64,"),
                 3); // the timelines, the Diff view, the waterfall
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
        QTest::newRow("three without --vs") << QStringList{b, a, a} << 1 << "BEFORE... --vs AFTER...";
        QTest::newRow("nothing after --vs") << QStringList{b, a, "--vs"} << 1 << "0 after it";
        QTest::newRow("--vs twice") << QStringList{b, "--vs", a, "--vs", a} << 1 << "--vs is given twice";
        QTest::newRow("bad fail-on") << QStringList{b, a, "--fail-on", "improved"} << 1
                                     << "--fail-on wants regressed or broken";
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

    // A capture against itself, for every technique: only unchanged or held (or not comparable
    // when neither side gives the value), and --fail-on regressed exits 0.
    void selfCompare_data()
    {
        QTest::addColumn<QString>("technique");
        for (const char *t : {"general", "01a", "02c", "03a", "05a", "06a"})
            QTest::newRow(t) << QString::fromLatin1(t);
    }
    void selfCompare()
    {
        QFETCH(QString, technique);
        const LanescopeRun run = runLanescope(
            {QStringLiteral("compare"), m_before, m_before, QStringLiteral("--technique"), technique,
             QStringLiteral("--json"), QStringLiteral("--fail-on"), QStringLiteral("regressed,broken")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        for (const QJsonValue &v : root.value(QStringLiteral("metrics")).toArray()) {
            const QJsonObject m = v.toObject();
            const QString verdict = m.value(QStringLiteral("verdict")).toString();
            if (m.value(QStringLiteral("before")).isNull()) {
                QCOMPARE(verdict, QStringLiteral("not comparable"));
                continue;
            }
            const QString want = m.value(QStringLiteral("expected")).toString() == QLatin1String("unchanged")
                                     ? QStringLiteral("held")
                                     : QStringLiteral("unchanged");
            QVERIFY2(verdict == want, qPrintable(m.value(QStringLiteral("id")).toString() + u' ' + verdict));
        }
    }

    // --fail-on regressed: adding a write chain back (03a reversed) regresses M3, so the exit is 3;
    // without --fail-on the same comparison exits 0.
    void failOnRegressed()
    {
        GeneratorOptions o;
        o.workload = WorkloadKind::WriteDisjoint;
        o.hostLog = false;
        const QString before = m_dir.filePath(QStringLiteral("disjoint"));
        QVERIFY(generateCapture(o, before).ok());
        o.workload = WorkloadKind::WriteChain;
        const QString after = m_dir.filePath(QStringLiteral("chain"));
        QVERIFY(generateCapture(o, after).ok());
        const QStringList args = {QStringLiteral("compare"), before, after, QStringLiteral("--technique"),
                                  QStringLiteral("03a")};
        LanescopeRun run =
            runLanescope(args + QStringList{QStringLiteral("--fail-on"), QStringLiteral("regressed")});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.out.contains("] regressed"));
        QVERIFY(run.err.contains("--fail-on"));
        run = runLanescope(args + QStringList{QStringLiteral("--fail-on=broken")}); // M1 and M22 held
        QCOMPARE(run.exitCode, 0);
        run = runLanescope(args);
        QCOMPARE(run.exitCode, 0);
        run = runLanescope({QStringLiteral("compare"), before, before, QStringLiteral("--technique"),
                            QStringLiteral("03a"), QStringLiteral("--fail-on"), QStringLiteral("regressed")});
        QCOMPARE(run.exitCode, 0);
    }

    // BEFORE... --vs AFTER...: several captures per side; JSON says how many and keeps each run.
    void severalCapturesPerSide()
    {
        const LanescopeRun run =
            runLanescope({QStringLiteral("compare"), m_before, m_before, QStringLiteral("--vs"), m_after,
                          QStringLiteral("--technique"), QStringLiteral("01a"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(root.value(QStringLiteral("runs")).toObject().value(QStringLiteral("before")).toInt(), 2);
        QCOMPARE(root.value(QStringLiteral("runs")).toObject().value(QStringLiteral("after")).toInt(), 1);
        const QJsonObject tasks =
            metricById(root.value(QStringLiteral("metrics")).toArray(), QStringLiteral("M1"));
        QCOMPARE(tasks.value(QStringLiteral("before_runs")).toArray(), (QJsonArray{2048.0, 2048.0}));
        QCOMPARE(tasks.value(QStringLiteral("after_runs")).toArray(), QJsonArray{512.0});
        const QJsonObject spread = tasks.value(QStringLiteral("before_spread")).toObject();
        QCOMPARE(spread.value(QStringLiteral("runs")).toInt(), 2);
        QCOMPARE(spread.value(QStringLiteral("min")).toDouble(), 2048.0);
        QCOMPARE(spread.value(QStringLiteral("stdev")).toDouble(), 0.0);
        QCOMPARE(tasks.value(QStringLiteral("verdict")).toString(), QStringLiteral("improved"));
    }

    // --every-run: every run epoch of a file is a repeated run; the text shows the spread.
    void everyRun()
    {
        GeneratorOptions o;
        o.workload = WorkloadKind::SpmdBefore;
        o.hostLog = false;
        o.runs = 3;
        o.shape = RecordShape::Upstream; // several runs in one file need the upstream shape
        const QString path = m_dir.filePath(QStringLiteral("three-runs"));
        QVERIFY(generateCapture(o, path).ok());
        LanescopeRun run = runLanescope(
            {QStringLiteral("compare"), path, path, QStringLiteral("--every-run"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(root.value(QStringLiteral("runs")).toObject().value(QStringLiteral("before")).toInt(), 3);
        const QJsonObject makespan =
            metricById(root.value(QStringLiteral("metrics")).toArray(), QStringLiteral("M5"));
        QCOMPARE(makespan.value(QStringLiteral("before_runs")).toArray().size(), 3);
        QCOMPARE(makespan.value(QStringLiteral("verdict")).toString(), QStringLiteral("unchanged"));

        run = runLanescope({QStringLiteral("compare"), path, path, QStringLiteral("--every-run")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("runs: 3 before, 3 after"), run.out.constData());
        QVERIFY2(run.out.contains(", 3 runs)"), run.out.constData());

        run = runLanescope({QStringLiteral("compare"), path, path, QStringLiteral("--every-run"),
                            QStringLiteral("--run"), QStringLiteral("1")});
        QCOMPARE(run.exitCode, 1);
    }

    // A host log with benchmark rounds: M21 per round as the side's runs, and a host-dominated
    // side gets the chapter's note.
    void benchRounds()
    {
        GeneratorOptions o;
        o.workload = WorkloadKind::SpmdBefore;
        o.hostLog = false;
        const QString before = m_dir.filePath(QStringLiteral("bench-b"));
        const QString after = m_dir.filePath(QStringLiteral("bench-a"));
        QVERIFY(generateCapture(o, before).ok());
        QVERIFY(generateCapture(o, after).ok());
        QVERIFY(QFile::copy(QStringLiteral(LANESCOPE_FIXTURES "/hostlog/bench_rounds.log"),
                            before + QStringLiteral("/strace.log")));
        QVERIFY(QFile::copy(QStringLiteral(LANESCOPE_FIXTURES "/hostlog/bench_rounds_simpler_run.log"),
                            after + QStringLiteral("/strace.log")));
        const LanescopeRun run =
            runLanescope({QStringLiteral("compare"), before, after, QStringLiteral("--technique"),
                          QStringLiteral("06a"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        const QJsonObject share =
            metricById(root.value(QStringLiteral("metrics")).toArray(), QStringLiteral("M21"));
        QCOMPARE(share.value(QStringLiteral("before_runs")).toArray().size(), 4);
        QCOMPARE(share.value(QStringLiteral("after_runs")).toArray().size(), 2);
        QCOMPARE(share.value(QStringLiteral("after")).toDouble(), (2.0 / 3 + 0.8) / 2);
        // Before's per-round shares reach from 0.104 to 1 (a round without device_wall): the rise is
        // inside that range.
        QCOMPARE(share.value(QStringLiteral("verdict")).toString(), QStringLiteral("inconclusive"));
        QVERIFY(share.value(QStringLiteral("reason"))
                    .toString()
                    .contains(QStringLiteral("within run-to-run spread")));
        // Host walls: Before 2000, 1010, 1020, 1040 µs (median 1030, range 990), After 3000, 5000
        // (median 4000, range 2000): +2970 µs is beyond the spread. Device walls: 902.5 → 1000,
        // inside Before's range of 1500, so the invariant held.
        const QJsonArray metrics = root.value(QStringLiteral("metrics")).toArray();
        const QJsonObject host = metricById(metrics, QStringLiteral("M21.host_median_us"));
        QCOMPARE(host.value(QStringLiteral("before")).toDouble(), 1030.0);
        QCOMPARE(host.value(QStringLiteral("after")).toDouble(), 4000.0);
        QCOMPARE(host.value(QStringLiteral("verdict")).toString(), QStringLiteral("regressed"));
        const QJsonObject device = metricById(metrics, QStringLiteral("M21.device_median_us"));
        QCOMPARE(device.value(QStringLiteral("before")).toDouble(), 902.5);
        QCOMPARE(device.value(QStringLiteral("verdict")).toString(), QStringLiteral("held"));
        const QJsonArray notes = root.value(QStringLiteral("notes")).toArray();
        QCOMPARE(notes.size(), 1);
        QVERIFY(notes.first().toString().startsWith(QStringLiteral("After: host-side share")));
        QVERIFY(notes.first().toString().endsWith(
            QStringLiteral("the time is on the host; nothing in pages 00–05 will move it")));
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

LANESCOPE_TEST_GUILESS_MAIN(TestCompareCommand)
#include "tst_comparecommand.moc"
