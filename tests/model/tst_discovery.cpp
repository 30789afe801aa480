#include "model/io/discovery.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace lanescope;

namespace {
void write(const QString &path, const QByteArray &content = "{}")
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
}
QString name(const QString &path)
{
    return path.isEmpty() ? QString() : QFileInfo(path).fileName();
}
} // namespace

class TestDiscovery : public QObject
{
    Q_OBJECT

private slots:
    void kindFromName_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("kind");
        QTest::newRow("current") << "chip_swimlane_records.json" << int(MainFileKind::Records);
        QTest::newRow("current zst") << "chip_swimlane_records.json.zst" << int(MainFileKind::Records);
        QTest::newRow("l2 swimlane") << "l2_swimlane_records.json" << int(MainFileKind::Records);
        QTest::newRow("l2 perf ts") << "l2_perf_records_20250101_120000.json" << int(MainFileKind::Records);
        QTest::newRow("first era") << "perf_swimlane_20240101_000000.json" << int(MainFileKind::Records);
        QTest::newRow("merged") << "merged_swimlane_20250101_120000.json" << int(MainFileKind::ChromeTrace);
        QTest::newRow("cpm") << "CPM_observed.json" << int(MainFileKind::ChromeTrace);
        QTest::newRow("l3 multi-rank") << "l3_swimlane.json" << int(MainFileKind::ChromeTrace);
        QTest::newRow("l3 multi-rank ts zst")
            << "l3_swimlane_20260901_101010.json.zst" << int(MainFileKind::ChromeTrace);
        QTest::newRow("scope stats") << "scope_stats.jsonl" << int(MainFileKind::ScopeStats);
        QTest::newRow("deps is a companion") << "deps.json" << int(MainFileKind::None);
        QTest::newRow("other") << "notes.json" << int(MainFileKind::None);
    }
    void kindFromName()
    {
        QFETCH(QString, file);
        QFETCH(int, kind);
        QCOMPARE(int(lanescope::kindFromName(file)), kind);
    }

    void directoryFindsCaptureAndSiblings()
    {
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        write(d.filePath("chip_swimlane_records.json"));
        write(d.filePath("deps.json"));
        write(d.filePath("name_map_case.json"));
        write(d.filePath("scope_stats/scope_stats.jsonl"));
        write(d.filePath("run.log"), "[mono_ns=1][T0x1][TIMING] f: [STRACE] v=1 pid=1\n");
        write(d.filePath("other.log"), "no markers here\n");
        ReadError err;
        const DiscoveredFiles f = discoverCapture(tmp.path(), &err);
        QVERIFY2(!err.isSet(), qPrintable(err.toString()));
        QCOMPARE(int(f.kind), int(MainFileKind::Records));
        QCOMPARE(name(f.main), QStringLiteral("chip_swimlane_records.json"));
        QCOMPARE(name(f.deps), QStringLiteral("deps.json"));
        QCOMPARE(name(f.nameMap), QStringLiteral("name_map_case.json"));
        QVERIFY(f.scopeStats.endsWith(QStringLiteral("scope_stats/scope_stats.jsonl")));
        QCOMPARE(name(f.hostLog), QStringLiteral("run.log"));
        QVERIFY(f.notes.isEmpty());
    }

    void companionOpensTheCaptureBesideIt()
    {
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        write(d.filePath("l2_swimlane_records.json.zst"));
        write(d.filePath("deps.json.zst"));
        ReadError err;
        const DiscoveredFiles f = discoverCapture(d.filePath("deps.json.zst"), &err);
        QVERIFY(!err.isSet());
        QCOMPARE(name(f.main), QStringLiteral("l2_swimlane_records.json.zst"));
        QCOMPARE(name(f.deps), QStringLiteral("deps.json.zst"));
    }

    // A directory conversion (supplement §2.9) writes the multi-rank trace above the rank<r>/d<k>/
    // leaves: the whole picture opens, not a "several captures" error.
    void multiRankDirectoryOpensItsTrace()
    {
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        write(d.filePath("rank0/d0/chip_swimlane_records.json"));
        write(d.filePath("rank1/d0/chip_swimlane_records.json"));
        write(d.filePath("l3_swimlane.json"));
        ReadError err;
        const DiscoveredFiles f = discoverCapture(tmp.path(), &err);
        QVERIFY2(!err.isSet(), qPrintable(err.toString()));
        QCOMPARE(int(f.kind), int(MainFileKind::ChromeTrace));
        QCOMPARE(name(f.main), QStringLiteral("l3_swimlane.json"));
    }

    void severalNameMapsAreNotGuessed()
    {
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        write(d.filePath("chip_swimlane_records.json"));
        write(d.filePath("name_map_a.json"));
        write(d.filePath("name_map_b.json"));
        ReadError err;
        const DiscoveredFiles f = discoverCapture(d.filePath("chip_swimlane_records.json"), &err);
        QVERIFY(f.nameMap.isEmpty());
        QCOMPARE(f.notes.size(), 1);
        QVERIFY(f.notes.front().contains(QStringLiteral("name_map_a.json")));
    }

    void newestRecordsFileWins()
    {
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        write(d.filePath("l2_perf_records_20250101_120000.json"));
        write(d.filePath("l2_perf_records_20250102_080000.json"));
        ReadError err;
        QCOMPARE(name(discoverCapture(tmp.path(), &err).main),
                 QStringLiteral("l2_perf_records_20250102_080000.json"));
    }

    void contentDecidesForUnknownNames_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("kind");
        QTest::newRow("trace object")
            << QByteArray("{\"traceEvents\": []}") << int(MainFileKind::ChromeTrace);
        QTest::newRow("bare array") << QByteArray("  [{\"ph\":\"X\"}]") << int(MainFileKind::ChromeTrace);
        QTest::newRow("records") << QByteArray("{\"chip_swimlane_level\": 2, \"aicore_tasks\": []}")
                                 << int(MainFileKind::Records);
        QTest::newRow("host log") << QByteArray("x [STRACE] v=1 pid=3\n") << int(MainFileKind::HostLog);
        QTest::newRow("scope stats") << QByteArray("{\"version\": 6, \"task_window_max\": [1,2,3,4]}\n")
                                     << int(MainFileKind::ScopeStats);
    }
    void contentDecidesForUnknownNames()
    {
        QFETCH(QByteArray, content);
        QFETCH(int, kind);
        QTemporaryDir tmp;
        const QString path = QDir(tmp.path()).filePath("capture.dat");
        write(path, content);
        ReadError err;
        const DiscoveredFiles f = discoverCapture(path, &err);
        QVERIFY2(!err.isSet(), qPrintable(err.toString()));
        QCOMPARE(int(f.kind), kind);
    }

    void errorsNameThePath_data()
    {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty dir") << ""
                                   << "no capture found";
        QTest::newRow("missing") << "missing"
                                 << "no such file";
        QTest::newRow("garbage") << "garbage"
                                 << "not a capture";
        QTest::newRow("lonely deps") << "deps"
                                     << "companion file";
        QTest::newRow("two leaves") << "leaves"
                                    << "2 captures";
    }
    void errorsNameThePath()
    {
        QFETCH(QString, layout);
        QFETCH(QString, message);
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        QString open = tmp.path();
        if (layout == "missing")
            open = d.filePath("nothing-here");
        if (layout == "garbage") {
            open = d.filePath("blob.bin");
            write(open, QByteArray("\x00\x01\x02garbage", 10));
        }
        if (layout == "deps") {
            open = d.filePath("deps.json");
            write(open);
        }
        if (layout == "leaves") {
            write(d.filePath("dfx_outputs/case_a/chip_swimlane_records.json"));
            write(d.filePath("dfx_outputs/case_b/chip_swimlane_records.json"));
        }
        ReadError err;
        const DiscoveredFiles f = discoverCapture(open, &err);
        QCOMPARE(int(f.kind), int(MainFileKind::None));
        QVERIFY2(err.toString().contains(message), qPrintable(err.toString()));
        QVERIFY(err.toString().startsWith(open));
    }

    // rank<N>/d<M>/ leaves under one prefix are one L3 output (supplement §2.9), by rank then device.
    void rankLeavesAreOneOutput_data()
    {
        QTest::addColumn<QStringList>("leaves");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("two ranks") << QStringList{"rank1/d0", "rank0/d0"}
                                   << QStringList{"rank0/d0", "rank1/d0"};
        QTest::newRow("ranks and devices, numeric order") << QStringList{"rank10/d0", "rank2/d1", "rank2/d0"}
                                                          << QStringList{"rank2/d0", "rank2/d1", "rank10/d0"};
    }
    void rankLeavesAreOneOutput()
    {
        QFETCH(QStringList, leaves);
        QFETCH(QStringList, expected);
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        for (const QString &leaf : leaves)
            write(d.filePath(QStringLiteral("out/") + leaf + QStringLiteral("/chip_swimlane_records.json")));
        ReadError err;
        const DiscoveredFiles f = discoverCapture(d.filePath(QStringLiteral("out")), &err);
        QVERIFY2(!err.isSet(), qPrintable(err.toString()));
        QCOMPARE(int(f.kind), int(MainFileKind::Records));
        QStringList found;
        for (const QString &dir : f.rankDirs)
            found << QDir(d.filePath(QStringLiteral("out"))).relativeFilePath(dir);
        QCOMPARE(found, expected);
        QCOMPARE(rankLeafName(f.rankDirs.front()), QStringLiteral("rank %1 · d%2")
                                                       .arg(expected.front().section(u'/', 0, 0).mid(4),
                                                            expected.front().section(u'/', 1, 1).mid(1)));
    }

    // dispatch_identity.json (upstream §2.8) beside the records: found from the directory, from the
    // records file, and opening the sidecar itself opens the capture it belongs to.
    void dispatchIdentityBesideTheRecords_data()
    {
        QTest::addColumn<QString>("open");
        QTest::newRow("directory") << QString();
        QTest::newRow("records file") << QStringLiteral("chip_swimlane_records.json");
        QTest::newRow("the sidecar") << QStringLiteral("dispatch_identity.json");
    }
    void dispatchIdentityBesideTheRecords()
    {
        QFETCH(QString, open);
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        write(d.filePath("chip_swimlane_records.json"));
        write(d.filePath("dispatch_identity.json"));
        ReadError err;
        const DiscoveredFiles f = discoverCapture(open.isEmpty() ? tmp.path() : d.filePath(open), &err);
        QVERIFY2(!err.isSet(), qPrintable(err.toString()));
        QCOMPARE(name(f.main), QStringLiteral("chip_swimlane_records.json"));
        QCOMPARE(f.dispatchIdentity, d.filePath("dispatch_identity.json"));
        QVERIFY(f.runDispatchIdentities.isEmpty());
    }

    void noDispatchIdentityWhenThereIsNone()
    {
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        write(d.filePath("chip_swimlane_records.json"));
        write(d.filePath("sub/dispatch_identity.json")); // not beside the records: not theirs
        ReadError err;
        const DiscoveredFiles f = discoverCapture(tmp.path(), &err);
        QVERIFY2(!err.isSet(), qPrintable(err.toString()));
        QVERIFY(f.dispatchIdentity.isEmpty());
    }

    // Each rank<N>/d<M>/ leaf of an L3 output is loaded as a capture of its own, with its own sidecar.
    void rankLeafFindsItsOwnDispatchIdentity()
    {
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        write(d.filePath("out/rank0/d0/chip_swimlane_records.json"));
        write(d.filePath("out/rank0/d0/dispatch_identity.json"));
        write(d.filePath("out/rank1/d0/chip_swimlane_records.json"));
        ReadError err;
        const DiscoveredFiles all = discoverCapture(d.filePath("out"), &err);
        QCOMPARE(all.rankDirs.size(), 2);
        const DiscoveredFiles rank0 = discoverCapture(all.rankDirs[0], &err);
        QCOMPARE(rank0.dispatchIdentity, d.filePath("out/rank0/d0/dispatch_identity.json"));
        const DiscoveredFiles rank1 = discoverCapture(all.rankDirs[1], &err);
        QVERIFY2(!err.isSet(), qPrintable(err.toString()));
        QVERIFY(rank1.dispatchIdentity.isEmpty());
    }

    // A retained run's sidecar sits beside its records_e<epoch>.json, or else in the output prefix
    // with the other companions (inferred); one entry per run, in runFiles order.
    void retainedRunsFindTheirDispatchIdentity_data()
    {
        QTest::addColumn<QStringList>("sidecars");
        QTest::addColumn<QStringList>("expected"); // per run, relative to the prefix
        QTest::newRow("in the output prefix")
            << QStringList{"dispatch_identity.json"}
            << QStringList{"dispatch_identity.json", "dispatch_identity.json", "dispatch_identity.json"};
        QTest::newRow("beside the runs first")
            << QStringList{"dispatch_identity.json", "swimlane-1/dispatch_identity.json"}
            << QStringList{"dispatch_identity.json", "dispatch_identity.json",
                           "swimlane-1/dispatch_identity.json"};
        QTest::newRow("none") << QStringList{} << QStringList{"", "", ""};
    }
    void retainedRunsFindTheirDispatchIdentity()
    {
        QFETCH(QStringList, sidecars);
        QFETCH(QStringList, expected);
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        write(d.filePath("swimlane-0/records_e1.json"));
        write(d.filePath("swimlane-0/records_e2.json"));
        write(d.filePath("swimlane-1/records_e3.json"));
        for (const QString &s : sidecars)
            write(d.filePath(s));
        ReadError err;
        const DiscoveredFiles f = discoverCapture(tmp.path(), &err);
        QVERIFY2(!err.isSet(), qPrintable(err.toString()));
        QCOMPARE(f.runFiles.size(), 3);
        QStringList found;
        for (const QString &s : f.runDispatchIdentities)
            found << (s.isEmpty() ? QString() : d.relativeFilePath(s));
        QCOMPARE(found, expected);
        QCOMPARE(f.dispatchIdentity, f.runDispatchIdentities.back()); // main is the last run
    }

    void singleDfxLeafIsOpened()
    {
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        write(d.filePath("dfx_outputs/chip_swimlane_records.json"));
        write(d.filePath("dfx_outputs/deps.json"));
        ReadError err;
        const DiscoveredFiles f = discoverCapture(tmp.path(), &err);
        QVERIFY(!err.isSet());
        QVERIFY(f.main.endsWith(QStringLiteral("dfx_outputs/chip_swimlane_records.json")));
        QCOMPARE(name(f.deps), QStringLiteral("deps.json"));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestDiscovery)
#include "tst_discovery.moc"
