#include "lanescoperun.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace {

const QString kWindows = QStringLiteral(LANESCOPE_FIXTURES "/field/dfx-windows");

QString windowPath(int index)
{
    const QDir dir(kWindows);
    return index == 0 ? dir.absolutePath() : dir.absoluteFilePath(QStringLiteral("window_%1").arg(index));
}

} // namespace

// `--window I` of the headless verbs and the `windows` of `info` (field spec §3): a kernel-mode
// output folder holds window 0 and a window_<i>/ per further window.
class TestDfxWindowOption : public QObject
{
    Q_OBJECT

private slots:
    void infoListsEveryWindowWithItsLaunches()
    {
        const LanescopeRun r = runLanescope({"info", kWindows, "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(r.err).trimmed(),
                 QStringLiteral("3 DFX windows in this folder; using window 0 — --window to choose"));
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QJsonArray expected;
        for (const auto &[index, launches] : {std::pair{0, 1}, {1, 2}, {2, 1}})
            expected.append(
                QJsonObject{{"index", index}, {"path", windowPath(index)}, {"launches", launches}});
        QCOMPARE(j.value("windows").toArray(), expected);
        QCOMPARE(j.value("rows").toInt(), 2); // window 0's
        // What looked like a window and was not is said, each with its reason.
        const QString warnings = QString::fromUtf8(QJsonDocument(j.value("warnings").toArray()).toJson());
        for (const char *skipped :
             {"window_3: no records file", "window_4: not a folder", "window_x: not a window"})
            QVERIFY2(warnings.contains(QLatin1String(skipped)), qPrintable(warnings));

        const LanescopeRun text = runLanescope({"info", kWindows});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("windows:   3 (0: 1 launch, 1: 2 launches, 2: 1 launch)\n"),
                 text.out.constData());
    }

    // Any other input has no windows: `windows` is there, empty, and nothing is said on stderr.
    void otherInputsHaveNoWindows_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("capture folder") << QStringLiteral(LANESCOPE_FIXTURES "/field/mid-generation");
        QTest::newRow("a window's own folder") << windowPath(2);
    }
    void otherInputsHaveNoWindows()
    {
        QFETCH(QString, path);
        const LanescopeRun r = runLanescope({"info", path, "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value("windows").toArray(), QJsonArray());
        QVERIFY2(!r.err.contains("window"), r.err.constData());
        QVERIFY(!runLanescope({"info", path}).out.contains("windows:"));
    }

    // --window I works exactly as if the window's folder had been given: the same output, byte for
    // byte, and no note about the other windows.
    void windowOpensAsItsOwnFolder_data()
    {
        QTest::addColumn<QStringList>("verb"); // the verb and its options, without the input
        QTest::addColumn<int>("window");
        QTest::newRow("info 1") << QStringList{"info", "--json"} << 1;
        QTest::newRow("info 2") << QStringList{"info", "--json"} << 2;
        QTest::newRow("info 0") << QStringList{"info", "--json"} << 0;
        QTest::newRow("analyze 1") << QStringList{"analyze", "--json"} << 1;
        QTest::newRow("analyze 2") << QStringList{"analyze", "--json"} << 2;
    }
    void windowOpensAsItsOwnFolder()
    {
        QFETCH(QStringList, verb);
        QFETCH(int, window);
        const LanescopeRun chosen = runLanescope(
            QStringList{verb.front(), kWindows, QStringLiteral("--window"), QString::number(window)} +
            verb.mid(1));
        QCOMPARE(chosen.exitCode, 0);
        QVERIFY2(!chosen.err.contains("DFX windows"), chosen.err.constData());
        if (window == 0) { // the folder itself: its windows are listed as ever
            QCOMPARE(chosen.out, runLanescope(QStringList{verb.front(), kWindows} + verb.mid(1)).out);
            return;
        }
        const LanescopeRun direct = runLanescope(QStringList{verb.front(), windowPath(window)} + verb.mid(1));
        QCOMPARE(direct.exitCode, 0);
        QCOMPARE(chosen.out, direct.out);
        if (verb.front() == QLatin1String("info")) {
            const QJsonObject j = QJsonDocument::fromJson(chosen.out).object();
            QCOMPARE(j.value("sources").toObject().value("records").toString(),
                     windowPath(window) + QStringLiteral("/chip_swimlane_records.json"));
            QCOMPARE(j.value("sources").toObject().value("deps").toString(),
                     windowPath(window) + QStringLiteral("/deps.json"));
            QCOMPARE(j.value("rows").toInt(), window == 1 ? 2 : 1); // window 1's last launch
            QCOMPARE(j.value("runs").toArray().size(), window == 1 ? 2 : 1);
        }
    }

    // A window that is not there is one line naming those that are, from every verb.
    void aMissingWindowIsOneLine_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString none =
            kWindows + QStringLiteral(": no DFX window %1 in this folder (it holds windows 0, 1, 2)");
        QTest::newRow("info 7") << QStringList{"info", kWindows, "--window", "7"} << none.arg(7);
        QTest::newRow("info 3 (no records)") << QStringList{"info", kWindows, "--window", "3"} << none.arg(3);
        QTest::newRow("analyze 4 (a file)")
            << QStringList{"analyze", kWindows, "--json", "--window", "4"} << none.arg(4);
        QTest::newRow("export") << QStringList{"export", kWindows, "-o", "never.png", "--window", "9"}
                                << none.arg(9);
        QTest::newRow("compare") << QStringList{"compare", kWindows, kWindows, "--json", "--window", "9"}
                                 << none.arg(9);
        QTest::newRow("diff") << QStringList{"diff", kWindows, kWindows, "-o", "never.png", "--window", "9"}
                              << none.arg(9);
        const QString plain = QStringLiteral(LANESCOPE_FIXTURES "/field/mid-generation");
        QTest::newRow("no windows at all")
            << QStringList{"info", plain, "--window", "1"}
            << plain +
                   QStringLiteral(": no DFX windows here (--window needs a kernel-mode output folder with "
                                  "window_<i> folders)");
    }
    void aMissingWindowIsOneLine()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir tmp; // where an export would have gone: it must not be written
        args.replaceInStrings(QStringLiteral("never.png"),
                              QDir(tmp.path()).filePath(QStringLiteral("never.png")));
        const LanescopeRun r = runLanescope(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QString::fromUtf8(r.err).trimmed(), message);
        QVERIFY(r.out.isEmpty());
        QVERIFY(!QFile::exists(QDir(tmp.path()).filePath(QStringLiteral("never.png"))));
    }

    void aBadIndexIsAUsageError_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("word") << "one";
        QTest::newRow("negative") << "-1";
        QTest::newRow("missing") << "";
    }
    void aBadIndexIsAUsageError()
    {
        QFETCH(QString, value);
        QStringList args{"info", kWindows, "--window"};
        if (!value.isEmpty())
            args << value;
        const LanescopeRun r = runLanescope(args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("--window needs a DFX window index"), r.err.constData());
    }

    // From above the output folder (a dfx_outputs/ holding it), --window picks among its windows.
    void windowBelowDfxOutputs()
    {
        QTemporaryDir tmp;
        const QString output = QDir(tmp.path()).filePath(QStringLiteral("dfx_outputs/run_0001"));
        const QStringList files{"chip_swimlane_records.json", "deps.json",
                                "window_2/chip_swimlane_records.json", "window_2/deps.json"};
        for (const QString &f : files) {
            QVERIFY(QDir().mkpath(QFileInfo(output + u'/' + f).absolutePath()));
            QVERIFY(QFile::copy(kWindows + u'/' + f, output + u'/' + f));
        }
        const LanescopeRun r = runLanescope({"info", tmp.path(), "--json", "--window", "2"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value("sources").toObject().value("records").toString(),
                 output + QStringLiteral("/window_2/chip_swimlane_records.json"));
        const LanescopeRun missing = runLanescope({"info", tmp.path(), "--window", "1"});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("(it holds windows 0, 2)"), missing.err.constData());
        const LanescopeRun plain = runLanescope({"info", tmp.path(), "--json"});
        QCOMPARE(plain.exitCode, 0);
        QVERIFY2(plain.err.contains("2 DFX windows in this folder; using window 0"), plain.err.constData());
        QCOMPARE(QJsonDocument::fromJson(plain.out).object().value("windows").toArray().size(), 2);
    }

    // The other verbs take it too, and work on the window chosen.
    void exportDrawsTheWindowChosen()
    {
        QTemporaryDir tmp;
        const QString out = QDir(tmp.path()).filePath(QStringLiteral("window1.svg"));
        const LanescopeRun r = runLanescope({"export", kWindows, "--window", "1", "-o", out});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.err.contains("DFX windows"), r.err.constData());
        QVERIFY(QFileInfo(out).size() > 0);
        const LanescopeRun compared =
            runLanescope({"compare", kWindows, kWindows, "--window", "2", "--json"});
        QCOMPARE(compared.exitCode, 0);
        QVERIFY2(!compared.err.contains("DFX windows"), compared.err.constData());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestDfxWindowOption)
#include "tst_dfxwindowoption.moc"
