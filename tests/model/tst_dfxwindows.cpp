#include "model/io/dfxwindows.h"
#include "model/io/discovery.h"
#include "model/session/capturedocument.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

const QString kWindows = QStringLiteral(LANESCOPE_FIXTURES "/field/dfx-windows");

void writeTo(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
}

QByteArray fixture(const QString &relative)
{
    QFile f(kWindows + u'/' + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QList<int> indexesOf(const DfxWindows &w)
{
    QList<int> out;
    for (const DfxWindow &window : w.windows)
        out << window.index;
    return out;
}

} // namespace

// The DFX windows of a kernel-mode output folder (field spec §3): window 0 in the folder,
// window i in window_<i>/, each with its records and deps.json; anything else named window_* is
// reported, never opened.
class TestDfxWindows : public QObject
{
    Q_OBJECT

private slots:
    void findsEveryWindowOfTheFixture()
    {
        DfxWindows found = findDfxWindows(kWindows);
        QCOMPARE(indexesOf(found), (QList<int>{0, 1, 2}));
        QCOMPARE(found.windows[0].path, QDir(kWindows).absolutePath());
        QCOMPARE(found.windows[1].path, QDir(kWindows).absoluteFilePath(QStringLiteral("window_1")));
        QCOMPARE(found.windows[2].records,
                 QDir(kWindows).absoluteFilePath(QStringLiteral("window_2/chip_swimlane_records.json")));
        // Listing reads no records file: the counts come apart.
        QVERIFY(!found.windows[1].launches);
        countLaunches(found);
        QCOMPARE(found.windows[0].launches, std::optional<std::uint64_t>(1));
        QCOMPARE(found.windows[1].launches, std::optional<std::uint64_t>(2));
        QCOMPARE(found.windows[2].launches, std::optional<std::uint64_t>(1));
        found.skipped.sort();
        QCOMPARE(found.skipped, (QStringList{QStringLiteral("window_3: no records file in it"),
                                             QStringLiteral("window_4: not a folder"),
                                             QStringLiteral("window_x: not a window folder name (window_<i>, "
                                                            "i from 1)")}));
        QCOMPARE(found.find(2)->index, 2);
        QVERIFY(!found.find(3));
        QCOMPARE(found.indexList(), QStringLiteral("0, 1, 2"));
    }

    // Each row adds one entry beside window 0 and a good window_1: never a window, never a hang,
    // always one line saying why.
    void skipsWhatIsNotAWindow_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("why");
        QTest::newRow("non-numeric suffix") << "records"
                                            << "window_x"
                                            << "not a window folder name";
        QTest::newRow("leading zero") << "records"
                                      << "window_02"
                                      << "not a window folder name";
        QTest::newRow("window_0 folder") << "records"
                                         << "window_0"
                                         << "not a window folder name";
        QTest::newRow("empty folder") << "empty"
                                      << "window_3"
                                      << "no records file in it";
        QTest::newRow("companions only") << "deps"
                                         << "window_3"
                                         << "no records file in it";
        QTest::newRow("a file") << "file"
                                << "window_4"
                                << "not a folder";
        QTest::newRow("link to itself") << "loop"
                                        << "window_5"
                                        << "a link that leads nowhere";
        QTest::newRow("broken link") << "broken"
                                     << "window_5"
                                     << "a link that leads nowhere";
        QTest::newRow("link to the folder") << "self"
                                            << "window_6"
                                            << "a link back to this folder";
        QTest::newRow("link to window 1") << "twin"
                                          << "window_7"
                                          << "the same folder as window_1";
    }
    void skipsWhatIsNotAWindow()
    {
        QFETCH(QString, kind);
        QFETCH(QString, name);
        QFETCH(QString, why);
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        writeTo(d.filePath("chip_swimlane_records.json"), fixture("chip_swimlane_records.json"));
        writeTo(d.filePath("window_1/chip_swimlane_records.json"),
                fixture("window_1/chip_swimlane_records.json"));
        const QString entry = d.filePath(name);
        if (kind == QLatin1String("records"))
            writeTo(entry + "/chip_swimlane_records.json", fixture("window_2/chip_swimlane_records.json"));
        else if (kind == QLatin1String("empty"))
            QVERIFY(d.mkdir(name));
        else if (kind == QLatin1String("deps"))
            writeTo(entry + "/deps.json", fixture("window_2/deps.json"));
        else if (kind == QLatin1String("file"))
            writeTo(entry, "not a folder");
        else if (kind == QLatin1String("loop"))
            QVERIFY(QFile::link(name, entry));
        else if (kind == QLatin1String("broken"))
            QVERIFY(QFile::link(QStringLiteral("gone"), entry));
        else if (kind == QLatin1String("self"))
            QVERIFY(QFile::link(QStringLiteral("."), entry));
        else if (kind == QLatin1String("twin"))
            QVERIFY(QFile::link(QStringLiteral("window_1"), entry));
        const DfxWindows found = findDfxWindows(tmp.path());
        QCOMPARE(indexesOf(found), (QList<int>{0, 1}));
        QCOMPARE(found.skipped.size(), 1);
        QVERIFY2(found.skipped.front().startsWith(name + QStringLiteral(": ") + why),
                 qPrintable(found.skipped.front()));
        // Opening the folder says what it passed over, and still opens window 0.
        ReadError error;
        const DiscoveredFiles files = discoverCapture(tmp.path(), &error);
        QVERIFY(!error.isSet());
        QCOMPARE(files.main, d.absoluteFilePath("chip_swimlane_records.json"));
        QVERIFY2(files.notes.join(u'\n').contains(QStringLiteral("skipped: ") + name),
                 qPrintable(files.notes.join(u'\n')));
    }

    void inputsWithoutWindows_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("a capture folder") << QStringLiteral(LANESCOPE_FIXTURES "/field/mid-generation");
        QTest::newRow("a window's own folder") << kWindows + QStringLiteral("/window_1");
        QTest::newRow("a records file") << kWindows + QStringLiteral("/chip_swimlane_records.json");
        QTest::newRow("nothing there") << kWindows + QStringLiteral("/window_9");
    }
    void inputsWithoutWindows()
    {
        QFETCH(QString, path);
        const DfxWindows found = findDfxWindows(path);
        QVERIFY(found.windows.empty());
        QVERIFY(!found.defaultWindow());
    }

    // Without records of its own the folder has no window 0, and opens as its first window.
    void aFolderWithoutWindowZeroOpensItsFirstWindow()
    {
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        for (const char *w : {"window_2", "window_1"}) {
            const QString name = QString::fromLatin1(w);
            writeTo(d.filePath(name + "/chip_swimlane_records.json"),
                    fixture(name + "/chip_swimlane_records.json"));
            writeTo(d.filePath(name + "/deps.json"), fixture(name + "/deps.json"));
        }
        const DfxWindows found = findDfxWindows(tmp.path());
        QCOMPARE(indexesOf(found), (QList<int>{1, 2}));
        ReadError error;
        const DiscoveredFiles files = discoverCapture(tmp.path(), &error);
        QVERIFY2(!error.isSet(), qPrintable(error.toString()));
        QCOMPARE(files.main, d.absoluteFilePath("window_1/chip_swimlane_records.json"));
        QCOMPARE(files.deps, d.absoluteFilePath("window_1/deps.json"));
        QVERIFY(files.notes.join(u'\n').contains(QStringLiteral("opened DFX window 1")));
    }

    // PyPTO writes below <work_dir>/dfx_outputs/: opened from above, the output folder is the one
    // capture there, its windows are not captures of their own, and they are still listed.
    void openedFromAbove_data()
    {
        QTest::addColumn<bool>("withWindowZero");
        QTest::newRow("window 0 in the output folder") << true;
        QTest::newRow("no window 0") << false;
    }
    void openedFromAbove()
    {
        QFETCH(bool, withWindowZero);
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        const QString output = d.filePath("dfx_outputs/run_0001");
        QStringList files{"window_1/chip_swimlane_records.json", "window_1/deps.json",
                          "window_2/chip_swimlane_records.json", "window_2/deps.json"};
        if (withWindowZero)
            files << "chip_swimlane_records.json"
                  << "deps.json";
        for (const QString &f : files)
            writeTo(output + u'/' + f, fixture(f));
        ReadError error;
        const DiscoveredFiles found = discoverCapture(tmp.path(), &error);
        QVERIFY2(!error.isSet(), qPrintable(error.toString()));
        QCOMPARE(found.main,
                 output + (withWindowZero ? QStringLiteral("/chip_swimlane_records.json")
                                          : QStringLiteral("/window_1/chip_swimlane_records.json")));
        QCOMPARE(dfxOutputFolderOf(tmp.path()), output);
        QCOMPARE(dfxOutputFolderOf(tmp.path() + QStringLiteral("/dfx_outputs/")), output);
        QCOMPARE(dfxOutputFolderOf(output), output);
        QCOMPARE(dfxOutputFolderOf(output + u'/'), output);
        QCOMPARE(dfxOutputFolderOf(output + QStringLiteral("/window_1")), QString());
        const OpenedDocument opened = openDocument(tmp.path());
        QVERIFY2(opened.ok(), qPrintable(opened.error.toString()));
        QCOMPARE(indexesOf(opened.document->windows),
                 withWindowZero ? (QList<int>{0, 1, 2}) : (QList<int>{1, 2}));
        // Window 1 holds two launches of two rows each: its default run is its last launch.
        QCOMPARE(opened.document->runs.defaultRun()->rows.size(), std::size_t(2));
        QCOMPARE(opened.document->runs.size(), std::size_t(withWindowZero ? 1 : 2));
    }

    void launchCount_data()
    {
        QTest::addColumn<QByteArray>("records");
        QTest::addColumn<int>("launches"); // -1: not known from the head
        const QByteArray rows = R"( "aicore_tasks": [[0, 1, 1, 10, 20, 0]])";
        QTest::newRow("in metadata")
            << QByteArray(
                   R"({"metadata": {"clock_freq_hz": 50000000, "run_boundaries": [[0, 1], [1, 5], [2, 9]],
                "dropped_run_boundaries": 0},)" +
                   rows + "}")
            << 3;
        QTest::newRow("at the top level")
            << QByteArray(R"({"chip_swimlane_level": 4, "run_boundaries": [[0, 1], [1, 5]],)" + rows + "}")
            << 2;
        QTest::newRow("none recorded")
            << QByteArray(R"({"metadata": {"clock_freq_hz": 50000000},)" + rows + "}") << -1;
        // Past the first MiB the file is not read: its count waits for the load.
        QByteArray many = R"({"metadata": {"clock_freq_hz": 50000000}, "aicore_tasks": [)";
        while (many.size() < (2 << 20))
            many += "[0, 1, 1, 10, 20, 0], ";
        many += R"([0, 1, 1, 10, 20, 0]], "run_boundaries": [[0, 1]]})";
        QTest::newRow("after two MiB of rows") << many << -1;
        QTest::newRow("cut inside the boundaries")
            << QByteArray(R"({"metadata": {"run_boundaries": [[0, 1], [1, )") << -1;
        QTest::newRow("not an object") << QByteArray("[1, 2]") << -1;
        QTest::newRow("empty") << QByteArray() << -1;
    }
    void launchCount()
    {
        QFETCH(QByteArray, records);
        QFETCH(int, launches);
        QTemporaryDir tmp;
        const QString file = QDir(tmp.path()).filePath("chip_swimlane_records.json");
        writeTo(file, records);
        const std::optional<std::uint64_t> counted = launchCountOf(file);
        QCOMPARE(counted ? int(*counted) : -1, launches);
    }

    // The corrupt corpus's folders of windows: every window is listed, counted where its head
    // allows, and opens or fails with a reason; none crashes.
    void corruptWindowFolders_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<int>("windowOneLaunches"); // -1: unknown
        QTest::addColumn<bool>("windowOneOpens");
        QTest::addColumn<int>("skipped");
        QTest::newRow("truncated-window") << "truncated-window" << 2 << true << 0;
        QTest::newRow("cut-in-boundaries") << "cut-in-boundaries" << -1 << true << 0;
        QTest::newRow("garbage-window") << "garbage-window" << -1 << false << 0;
        QTest::newRow("boundaries-not-array") << "boundaries-not-array" << -1 << true << 0;
        QTest::newRow("index-beyond-six-digits") << "index-beyond-six-digits" << 2 << true << 1;
        QTest::newRow("empty-window-file") << "empty-window-file" << -1 << false << 0;
    }
    void corruptWindowFolders()
    {
        QFETCH(QString, folder);
        QFETCH(int, windowOneLaunches);
        QFETCH(bool, windowOneOpens);
        QFETCH(int, skipped);
        const QString path = QStringLiteral(LANESCOPE_FIXTURES "/corrupt/windows/") + folder;
        DfxWindows found = findDfxWindows(path);
        countLaunches(found);
        QCOMPARE(indexesOf(found), (QList<int>{0, 1}));
        QCOMPARE(found.skipped.size(), skipped);
        QCOMPARE(found.windows[0].launches, std::optional<std::uint64_t>(2));
        const std::optional<std::uint64_t> one = found.windows[1].launches;
        QCOMPARE(one ? int(*one) : -1, windowOneLaunches);
        const LoadResult loaded = loadCapture(found.windows[1].path);
        QCOMPARE(loaded.ok(), windowOneOpens);
        if (!loaded.ok())
            QVERIFY(!loaded.error.message.isEmpty());
        else if (windowOneLaunches < 0 && folder.startsWith(QLatin1String("cut")))
            QVERIFY(loaded.capture->info.partial); // what was read before the cut, said to be partial
        // The folder itself opens as window 0 whatever its other windows hold.
        QVERIFY(loadCapture(path).ok());
    }

    // The document of the output folder lists its windows with their launches; its runs are
    // window 0's.
    void theDocumentListsTheWindows()
    {
        const OpenedDocument opened = openDocument(kWindows);
        QVERIFY2(opened.ok(), qPrintable(opened.error.toString()));
        const DfxWindows &w = opened.document->windows;
        QCOMPARE(indexesOf(w), (QList<int>{0, 1, 2}));
        QCOMPARE(w.windows[1].launches, std::optional<std::uint64_t>(2));
        QCOMPARE(opened.document->runs.defaultRun()->info.sources.records,
                 QDir(kWindows).absoluteFilePath(QStringLiteral("chip_swimlane_records.json")));
        QCOMPARE(opened.document->runs.defaultRun()->rows.size(), std::size_t(2));
        // A window's own folder opens as it always did, with no windows of its own.
        const OpenedDocument one = openDocument(kWindows + QStringLiteral("/window_1"));
        QVERIFY(one.ok());
        QVERIFY(one.document->windows.windows.empty());
        QCOMPARE(one.document->runs.size(), std::size_t(2)); // its two launches
        QCOMPARE(one.document->runs.defaultRun()->rows.size(), std::size_t(2));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestDfxWindows)
#include "tst_dfxwindows.moc"
