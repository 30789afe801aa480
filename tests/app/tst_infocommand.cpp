#include "lanescoperun.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

// Drives the real `lanescope` binary: the command line is a contract users script against.
class TestInfoCommand : public QObject
{
    Q_OBJECT

    static QString writeFile(const QDir &dir, const QString &name, const QByteArray &content)
    {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(content);
        return f.fileName();
    }

    // Level 2 at 1 MHz (1 cycle = 1 µs). Base = min positive over receive, end, dispatch, finish = 103.
    // Row 1 (AIC_0): receive 2, start 7, end 47, dispatch 0, finish 52.
    // Row 2 (AIV_1): receive 17, start 17, end 37, dispatch 12, finish 42. Total Test Time = 52 - 0.
    static QByteArray levelTwo()
    {
        return R"({"chip_swimlane_level": 2,
 "metadata": {"clock_freq_hz": 1000000, "num_cores": 2, "core_types": ["aic", "aiv"]},
 "aicore_tasks": [[0, 1, 100, 110, 150, 5], [1, 4294967298, 200, 120, 140, 0]],
 "aicpu_tasks": [[0, 100, 103, 155], [1, 200, 115, 145]]})";
    }

private slots:
    // info --json says how host lanes meet the device axis, and how far off they may be.
    void jsonGivesTheHostPlacement_data()
    {
        QTest::addColumn<bool>("withAlignment");
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("lowUs");
        QTest::addColumn<double>("highUs");
        // The fixture's bounded record: min and max 1000 ns before and 500 ns after its anchor.
        QTest::newRow("bounded clock_alignment") << true << "bounded" << -1.0 << 0.5;
        QTest::newRow("none") << false << "none" << 0.0 << 0.0;
    }
    void jsonGivesTheHostPlacement()
    {
        QFETCH(bool, withAlignment);
        QFETCH(QString, method);
        QFETCH(double, lowUs);
        QFETCH(double, highUs);
        QTemporaryDir tmp;
        const QDir dir(tmp.path());
        QFile records(QStringLiteral(LANESCOPE_FIXTURES "/records/level2_bounded_alignment.json"));
        QVERIFY(records.open(QIODevice::ReadOnly));
        QByteArray content = records.readAll();
        if (!withAlignment)
            content.replace("\"status\": \"bounded\"", "\"status\": \"unavailable\"");
        writeFile(dir, QStringLiteral("chip_swimlane_records.json"), content);
        QFile log(QStringLiteral(LANESCOPE_FIXTURES "/hostlog/bounded_alignment.log"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        writeFile(dir, QStringLiteral("host.log"), log.readAll());
        const LanescopeRun r = runLanescope({"info", tmp.path(), "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject p =
            QJsonDocument::fromJson(r.out).object()[QStringLiteral("host_placement")].toObject();
        QCOMPARE(p[QStringLiteral("method")].toString(), method);
        if (method == QLatin1String("none")) {
            QVERIFY(p[QStringLiteral("low_us")].isNull());
            return;
        }
        QCOMPARE(p[QStringLiteral("low_us")].toDouble(), lowUs);
        QCOMPARE(p[QStringLiteral("high_us")].toDouble(), highUs);
        QVERIFY(p[QStringLiteral("inferred")].toBool());
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown option") << QStringList{"--frobnicate"};
        QTest::newRow("info without path") << QStringList{"info"};
        QTest::newRow("info with two paths") << QStringList{"info", "a", "b"};
        QTest::newRow("info unknown flag") << QStringList{"info", "a", "--xml"};
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        const LanescopeRun r = runLanescope(args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("usage"));
    }

    // A mistyped verb is said to be one, with the verbs listed, instead of opening a window on it.
    void unknownVerbListsTheVerbs_data()
    {
        QTest::addColumn<QString>("word");
        QTest::newRow("frobnicate") << "frobnicate";
        QTest::newRow("typo of info") << "inf";
    }
    void unknownVerbListsTheVerbs()
    {
        QFETCH(QString, word);
        const LanescopeRun r = runLanescope({word});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(
            QString::fromUtf8(r.err).trimmed(),
            QStringLiteral("lanescope: no such command or file: %1 (the commands are info, analyze, export, "
                           "compare, diff, query, mcp; see lanescope --help)")
                .arg(word));
    }

    void unreadableInputExitsTwoWithOneLine_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expect");
        QTest::newRow("missing") << QByteArray() << "no such file";
        QTest::newRow("bad level") << QByteArray(
                                          R"({"chip_swimlane_level": 9, "metadata": {"clock_freq_hz": 1}})")
                                   << "byte";
        QTest::newRow("clock zero")
            << QByteArray(
                   R"({"chip_swimlane_level": 1, "metadata": {"clock_freq_hz": 0}, "aicore_tasks": []})")
            << "clock_freq_hz";
        QTest::newRow("garbage") << QByteArray("\x7f\x45\x4c\x46\x02\x01\x01", 7) << "not a capture";
    }
    void unreadableInputExitsTwoWithOneLine()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expect);
        QTemporaryDir tmp;
        QString path = QDir(tmp.path()).filePath(QStringLiteral("chip_swimlane_records.json"));
        if (expect == QLatin1String("not a capture"))
            path = writeFile(QDir(tmp.path()), QStringLiteral("capture.bin"), content);
        else if (!content.isEmpty())
            writeFile(QDir(tmp.path()), QStringLiteral("chip_swimlane_records.json"), content);
        const LanescopeRun r = runLanescope({"info", path});
        QCOMPARE(r.exitCode, 2);
        const QString err = QString::fromUtf8(r.err).trimmed();
        QCOMPARE(err.count(QLatin1Char('\n')), 0);
        QVERIFY2(err.startsWith(path), qPrintable(err));
        QVERIFY2(err.contains(expect), qPrintable(err));
        QVERIFY(r.out.isEmpty());
    }

    void jsonDescribesTheCapture()
    {
        QTemporaryDir tmp;
        const QString records =
            writeFile(QDir(tmp.path()), QStringLiteral("chip_swimlane_records.json"), levelTwo());
        const LanescopeRun r = runLanescope({"info", tmp.path(), "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value("format").toString(), QStringLiteral("chip_swimlane_records"));
        QCOMPARE(j.value("level").toInt(), 2);
        QCOMPARE(j.value("clock_freq_hz").toInteger(), 1000000);
        QCOMPARE(j.value("rows").toInt(), 2);
        QCOMPARE(j.value("tasks").toInt(), 2);
        QCOMPARE(j.value("makespan_us").toDouble(), 52.0);
        QCOMPARE(j.value("time_range_us").toArray(), QJsonArray({0.0, 52.0}));
        const QJsonObject sources = j.value("sources").toObject();
        QCOMPARE(QFileInfo(sources.value("records").toString()), QFileInfo(records));
        QVERIFY(sources.value("deps").isNull());
        QVERIFY(sources.value("name_map").isNull());
        QVERIFY(sources.value("scope_stats").isNull());
        QStringList lanes;
        for (const QJsonValue &l : j.value("lanes").toArray())
            lanes << QStringLiteral("%1/%2=%3")
                         .arg(l["group"].toString(), l["name"].toString())
                         .arg(l["slices"].toInt());
        QCOMPARE(lanes, QStringList({"Scheduler View/AIC_0=1", "Scheduler View/AIV_1=1", "AICore/AIC_0=1",
                                     "AICore/AIV_1=1"}));
        QVERIFY(j.value("warnings").toArray().size() >= 1); // no deps.json
    }

    // A field capture's shape, runtime and core typing, each saying what was inferred (field
    // supplement §1, §2).
    void jsonGivesTheGenerationAndTheCoreTyping_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("generation");
        QTest::addColumn<bool>("typesInferred");
        QTest::newRow("uniform core_types")
            << QStringLiteral("uniform-core-types")
            << QStringLiteral("no scheduler phases, no run identity, launch "
                              "boundaries: 1, runtime inferred from the task ids "
                              "(tensormap_and_ringbuffer)")
            << true;
        QTest::newRow("mid-generation")
            << QStringLiteral("mid-generation")
            << QStringLiteral("scheduler record streams, no run identity, launch "
                              "boundaries: 1, runtime inferred from the scheduler "
                              "streams (tensormap_and_ringbuffer)")
            << false;
    }
    void jsonGivesTheGenerationAndTheCoreTyping()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, generation);
        QFETCH(bool, typesInferred);
        const LanescopeRun r =
            runLanescope({"info", QStringLiteral(LANESCOPE_FIXTURES "/field/") + fixture, "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value("generation").toString(), generation);
        QCOMPARE(j.value("runtime").toObject(),
                 (QJsonObject{{"name", "tensormap_and_ringbuffer"}, {"inferred", true}}));
        QCOMPARE(j.value("cores").toObject(),
                 (QJsonObject{{"count", 72}, {"aic", 24}, {"aiv", 48}, {"types_inferred", typesInferred}}));
    }

    // The build's report/perf_hints.log beside <output_dir>/dfx_outputs/ (perf-hints spec A.1): its
    // path, and its unique hints by code, a recompile's duplicate folded.
    void jsonGivesTheCompilerHints_data()
    {
        QTest::addColumn<QByteArray>("log"); // empty: no report folder at all
        QTest::addColumn<QJsonObject>("hints");
        const QByteArray ph001 =
            "[perf_hint PH001] TileInnermostDimGranularity: tile.load has innermost dim = 64B; recommended "
            ">= 128B for backend a5 (L2 cache line = 512B). Consider increasing tile shape on the innermost "
            "axis. at k.py:60:4\n";
        const QByteArray mr = "[perf_hint PH-MR-001] MemoryReuse: software pipelining requested depth 2 for "
                              "pipeline group 0 in Vec at k.py:12:5\n";
        QTest::newRow("recompiled") << (ph001 + mr + ph001 + mr)
                                    << QJsonObject{{"PH001", 1}, {"PH-MR-001", 1}};
        QTest::newRow("none") << QByteArray() << QJsonObject{};
    }
    void jsonGivesTheCompilerHints()
    {
        QFETCH(QByteArray, log);
        QFETCH(QJsonObject, hints);
        QTemporaryDir tmp;
        QDir out(tmp.path());
        QVERIFY(out.mkpath(QStringLiteral("out/dfx_outputs")));
        QVERIFY(out.cd(QStringLiteral("out")));
        writeFile(QDir(out.filePath(QStringLiteral("dfx_outputs"))),
                  QStringLiteral("chip_swimlane_records.json"), levelTwo());
        QString logPath;
        if (!log.isEmpty()) {
            QVERIFY(out.mkpath(QStringLiteral("report")));
            logPath = writeFile(QDir(out.filePath(QStringLiteral("report"))),
                                QStringLiteral("perf_hints.log"), log);
            QVERIFY(!logPath.isEmpty());
        }
        const LanescopeRun r = runLanescope({"info", out.filePath(QStringLiteral("dfx_outputs")), "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        const QJsonValue source = j.value("sources").toObject().value("perf_hints");
        if (logPath.isEmpty())
            QVERIFY(source.isNull());
        else
            QCOMPARE(QFileInfo(source.toString()), QFileInfo(logPath));
        QCOMPARE(j.value("hints").toObject(), hints);
    }

    // flows and edges let a user check that nothing was lost: every trace flow read, a flow that
    // finishes before it starts included, and every unique deps edge.
    void jsonCountsFlowsAndEdges_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QByteArray>("deps"); // written beside it as deps.json when not empty
        QTest::addColumn<int>("flows");
        QTest::addColumn<int>("edges");
        QTest::newRow("trace with a reverse-time flow") << "trace.json" << QByteArray(R"([
            {"name":"a","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
            {"name":"b","ph":"X","pid":1,"tid":2,"ts":20,"dur":10},
            {"name":"go","cat":"x","ph":"s","id":1,"pid":1,"tid":1,"ts":5},
            {"name":"go","cat":"x","ph":"f","id":1,"pid":1,"tid":2,"ts":25},
            {"name":"back","cat":"x","ph":"s","id":2,"pid":1,"tid":2,"ts":28},
            {"name":"back","cat":"x","ph":"f","id":2,"pid":1,"tid":1,"ts":3}
        ])") << QByteArray() << 2 << 0;
        QTest::newRow("records with deps")
            << "chip_swimlane_records.json" << levelTwo()
            << QByteArray(R"({"version": 1, "edges": [[0, 1], [0, 1], [1, 2], [0, 2]]})") << 0 << 3;
    }
    void jsonCountsFlowsAndEdges()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, content);
        QFETCH(QByteArray, deps);
        QFETCH(int, flows);
        QFETCH(int, edges);
        QTemporaryDir tmp;
        const QString path = writeFile(QDir(tmp.path()), fileName, content);
        if (!deps.isEmpty())
            writeFile(QDir(tmp.path()), QStringLiteral("deps.json"), deps);
        const LanescopeRun r = runLanescope({"info", deps.isEmpty() ? path : tmp.path(), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(j.contains("flows") && j.contains("edges"), r.out.constData());
        QCOMPARE(j.value("flows").toInt(-1), flows);
        QCOMPARE(j.value("edges").toInt(-1), edges);
    }

    // A merged trace shows its runs together (supplement §4.3): info must still say there are
    // several, and what the converter said about its timeline (§2.10).
    void jsonDescribesATrace_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QJsonArray>("epochs");
        QTest::addColumn<QJsonArray>("ranks");
        QTest::addColumn<QJsonArray>("slacks");
        QTest::addColumn<QString>("warning");
        QTest::newRow("newest merged")
            << "merged_swimlane_newest.json"
            << "containment_spliced" << QJsonArray({1, 2}) << QJsonArray() << QJsonArray({1500})
            << "trace holds events of 2 run epochs (1, 2); shown together";
        QTest::newRow("multi-rank") << "l3_swimlane_two_ranks.json"
                                    << "containment_spliced_multi_rank" << QJsonArray({1})
                                    << QJsonArray({0, 1}) << QJsonArray({1000, 2000})
                                    << "ranks are aligned only to within 3000 ns";
    }
    void jsonDescribesATrace()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, layout);
        QFETCH(QJsonArray, epochs);
        QFETCH(QJsonArray, ranks);
        QFETCH(QJsonArray, slacks);
        QFETCH(QString, warning);
        const LanescopeRun r =
            runLanescope({"info", QStringLiteral(LANESCOPE_FIXTURES "/traces/") + fixture, "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value("format").toString(), QStringLiteral("chrome_trace"));
        const QJsonObject trace = j.value("trace").toObject();
        QCOMPARE(trace.value("layout").toString(), layout);
        QCOMPARE(trace.value("run_epochs").toArray(), epochs);
        QCOMPARE(trace.value("ranks").toArray(), ranks);
        QJsonArray seenSlacks;
        for (const QJsonValue &p : trace.value("placements").toArray())
            seenSlacks << p["slack_ns"];
        QCOMPARE(seenSlacks, slacks);
        bool warned = false;
        for (const QJsonValue &w : j.value("warnings").toArray())
            warned |= w.toString().contains(warning);
        QVERIFY2(warned, r.out.constData());
    }

    void textOutputForPeople()
    {
        QTemporaryDir tmp;
        writeFile(QDir(tmp.path()), QStringLiteral("chip_swimlane_records.json"), levelTwo());
        const LanescopeRun r = runLanescope({"info", tmp.path()});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("makespan:  52.000 us (Total Test Time)"));
        QVERIFY(r.out.contains("AICore:"));
    }

    // The second `info` of an unchanged capture reads its snapshot from the user's cache and says
    // exactly what the first said; --no-cache neither reads nor keeps one.
    void reopeningFromTheCacheGivesTheSameJson_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("bundled sample") << QStringLiteral(LANESCOPE_SAMPLES "/sample-l4");
        QTest::newRow("several runs") << QStringLiteral(LANESCOPE_FIXTURES "/generated/upstream-runs");
        QTest::newRow("L3 ranks") << QStringLiteral(LANESCOPE_FIXTURES "/runs/l3");
        QTest::newRow("trace") << QStringLiteral(LANESCOPE_FIXTURES "/traces/merged_swimlane_small.json");
    }
    void reopeningFromTheCacheGivesTheSameJson()
    {
        QFETCH(QString, path);
        QTemporaryDir cache;
        const QByteArray previous = qgetenv("XDG_CACHE_HOME");
        qputenv("XDG_CACHE_HOME", QFile::encodeName(cache.path()));
        const QDir snapshots(cache.filePath(QStringLiteral("lanescope")));
        const auto count = [&] {
            return snapshots.entryList({QStringLiteral("*.snapshot")}, QDir::Files).size();
        };

        const LanescopeRun uncached = runLanescope({"info", path, "--json", "--no-cache"});
        QCOMPARE(uncached.exitCode, 0);
        QCOMPARE(count(), 0);
        const LanescopeRun first = runLanescope({"info", path, "--json"});
        QCOMPARE(count(), 1);
        const LanescopeRun reopened = runLanescope({"info", path, "--json"});
        qputenv("XDG_CACHE_HOME", previous);
        QCOMPARE(first.exitCode, 0);
        QCOMPARE(reopened.exitCode, 0);
        QCOMPARE(first.out, uncached.out);
        QCOMPARE(reopened.out, first.out);
        QCOMPARE(reopened.err, first.err);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestInfoCommand)
#include "tst_infocommand.moc"
