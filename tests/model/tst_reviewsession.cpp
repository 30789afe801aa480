#include "beforeafterpair.h"
#include "model/io/loader.h"
#include "model/techniques/reviewsession.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <cmath>
#include <limits>

using namespace lanescope;

namespace {

ReviewSession sampleSession()
{
    ReviewSession s;
    s.before.path = QStringLiteral("/data/runs/before");
    s.after.path = QStringLiteral("/data/runs/after ü");
    s.technique = QStringLiteral("01a-larger-tiling");
    // Values that only survive an exact round trip: thirds, tiny, huge, negative zero's neighbour.
    s.markers = {{1.0 / 3.0, QStringLiteral("first gap")},
                 {123456.789012345678, QStringLiteral("tail \"quoted\" \\ back")},
                 {5e-324, QStringLiteral("denormal")},
                 {-42.125, QString()}};
    s.notes = QStringLiteral("Line one\nLine two\ttabbed — ✓");
    s.diff.anchor = DiffAnchor::Task;
    s.diff.anchorTask = QStringLiteral("r1t42");
    s.diff.anchorMarker = QStringLiteral("first gap");
    s.diff.ghost = true;
    return s;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

} // namespace

class TestReviewSession : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    // The simulator tags the user gave (the files cannot tell) come back as given, unknown included.
    void simulatorTagsRoundTrip_data()
    {
        QTest::addColumn<int>("before"); // -1 unknown, 0 onboard, 1 simulator
        QTest::addColumn<int>("after");
        QTest::newRow("both unknown") << -1 << -1;
        QTest::newRow("simulator before, onboard after") << 1 << 0;
        QTest::newRow("onboard before, unknown after") << 0 << -1;
    }

    void simulatorTagsRoundTrip()
    {
        QFETCH(int, before);
        QFETCH(int, after);
        auto tag = [](int t) { return t < 0 ? std::nullopt : std::optional<bool>(t == 1); };
        ReviewSession s = sampleSession();
        s.before.simulated = tag(before);
        s.after.simulated = tag(after);
        const QByteArray bytes = serializeReviewSession(s);
        QCOMPARE(bytes.contains("\"simulated\""), before >= 0 || after >= 0);
        const QString path = m_dir.filePath(QStringLiteral("tags.lanescope"));
        writeAll(path, bytes);
        QString error;
        const auto back = loadReviewSession(path, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->before.simulated, tag(before));
        QCOMPARE(back->after.simulated, tag(after));
        QVERIFY(*back == s);
    }

    // A file written before the Diff view existed has no "diff": it opens with the defaults.
    void withoutDiffSettings()
    {
        QByteArray bytes = serializeReviewSession(sampleSession());
        const qsizetype from = bytes.indexOf("\"diff\"");
        QVERIFY(from > 0);
        bytes.remove(from, bytes.indexOf('}', from) + 2 - from); // the object and its comma
        QString error;
        const auto back = parseReviewSession(bytes, &error);
        QVERIFY2(back, qPrintable(error + QString::fromUtf8(bytes)));
        QVERIFY(back->diff == DiffSettings());
        QCOMPARE(back->markers.size(), sampleSession().markers.size());
    }

    void roundTrip()
    {
        const ReviewSession s = sampleSession();
        const QString path = m_dir.filePath(QStringLiteral("plain.lanescope"));
        QString error;
        QVERIFY2(saveReviewSession(s, path, &error), qPrintable(error));
        const auto back = loadReviewSession(path, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(*back == s);
        QCOMPARE(back->diff.anchorTask, QStringLiteral("r1t42"));
        QCOMPARE(back->markers[0].timeUs, 1.0 / 3.0);
        QCOMPARE(back->markers[2].timeUs, 5e-324);
        // Saving what was read gives the same bytes.
        QCOMPARE(serializeReviewSession(*back), readAll(path));
    }

    // The captures travel inside the file and reopen as the same capture.
    void embeddedCaptures()
    {
        const QString before = beforeAfterPath("before");
        QString error;
        auto files = captureFilesForEmbedding(before, &error);
        QVERIFY2(files, qPrintable(error));
        QVERIFY(files->size() >= 3); // records, deps.json, name map, scope stats …
        QCOMPARE(files->front().name, QStringLiteral("chip_swimlane_records.json"));
        bool nested = false;
        for (const EmbeddedFile &f : *files)
            nested = nested || f.name == QLatin1String("scope_stats/scope_stats.jsonl");
        QVERIFY(nested);

        ReviewSession s = sampleSession();
        s.before.path = before;
        s.before.embedded = *files;
        const QString path = m_dir.filePath(QStringLiteral("embedded.lanescope"));
        QVERIFY2(saveReviewSession(s, path, &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() < qint64(files->front().bytes.size())); // compressed
        const auto back = loadReviewSession(path, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(*back == s);

        QTemporaryDir extractDir;
        const auto main = extractEmbedded(back->before, extractDir.path(), &error);
        QVERIFY2(main, qPrintable(error));
        const LoadResult original = loadCapture(before);
        const LoadResult reopened = loadCapture(*main);
        QVERIFY2(reopened.ok(), qPrintable(reopened.error.toString()));
        QCOMPARE(reopened.capture->rows.size(), original.capture->rows.size());
        QCOMPARE(reopened.capture->deps.nodes().size(), original.capture->deps.nodes().size());
        QCOMPARE(reopened.capture->scopeStats.samples.size(), original.capture->scopeStats.samples.size());
    }

    // A cancelled save leaves the previous file byte for byte, and no temporary file behind.
    void cancelledSaveKeepsOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("review.lanescope"));
        const ReviewSession old = sampleSession();
        QVERIFY(saveReviewSession(old, path));
        const QByteArray oldBytes = readAll(path);

        ReviewSession bigger = sampleSession();
        bigger.notes = QString(3 << 20, u'x'); // several 1 MiB chunks
        int chunks = 0;
        QString error;
        QVERIFY(!saveReviewSession(bigger, path, &error, [&] { return ++chunks < 2; }));
        QVERIFY2(error.contains(QStringLiteral("cancelled")), qPrintable(error));
        QCOMPARE(chunks, 2);
        QCOMPARE(readAll(path), oldBytes);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("review.lanescope")});
    }

    // A target that cannot be written fails cleanly and leaves what was there.
    void unwritableTarget()
    {
        QTemporaryDir dir;
        QString error;
        QVERIFY(!saveReviewSession(sampleSession(), dir.filePath(QStringLiteral("missing/dir/r.lanescope")),
                                   &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("missing"))));
        // A directory where the file should be: the directory stays a directory.
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("taken.lanescope")));
        QVERIFY(!saveReviewSession(sampleSession(), dir.filePath(QStringLiteral("taken.lanescope")), &error));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("taken.lanescope"))).isDir());
        // A marker without a finite time is refused before anything is written.
        ReviewSession bad = sampleSession();
        bad.markers.push_back({std::numeric_limits<double>::quiet_NaN(), QStringLiteral("nan")});
        const QString path = dir.filePath(QStringLiteral("nan.lanescope"));
        QVERIFY(!saveReviewSession(bad, path, &error));
        QVERIFY(!QFileInfo::exists(path));
    }

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        const QByteArray good = serializeReviewSession(sampleSession());
        QByteArray truncated = good.left(good.size() / 2);
        QTest::newRow("empty") << QByteArray() << "at byte 1: not valid JSON";
        QTest::newRow("truncated") << truncated
                                   << QStringLiteral("at byte %1: not valid JSON").arg(truncated.size() + 1);
        QTest::newRow("array") << QByteArray("[]") << "the top level is not an object";
        QTest::newRow("other format")
            << QByteArray("{\"format\":\"x\",\"version\":1}") << "format: not a Lanescope review";
        QTest::newRow("newer") << QByteArray("{\"format\":\"lanescope-review\",\"version\":9}")
                               << "version 9 is newer";
        QByteArray noMarkers = good;
        noMarkers.replace("\"markers\"", "\"markerz\"");
        QTest::newRow("missing markers") << noMarkers << "review: missing \"markers\"";
        QByteArray badTime = good;
        badTime.replace("\"time_us\": 0.3333333333333333", "\"time_us\": \"soon\"");
        QTest::newRow("marker time") << badTime << "markers[0].time_us: not a finite number";
        QTest::newRow("deep") << QByteArray(100000, '[') << "at byte 32: nested deeper than 32 levels";
        QTest::newRow("bad utf8") << QByteArray("{\"format\":\"lanescope-review\xff\"}") << "at byte";
        const QByteArray head =
            "{\"format\":\"lanescope-review\",\"version\":1,\"technique\":\"\",\"notes\":\"\",\"markers\":[],"
            "\"after\":{\"path\":\"a\"},\"before\":{\"path\":\"b\",\"embedded\":[";
        QTest::newRow("escaping name")
            << head + "{\"name\":\"../../etc/x\",\"size\":1,\"zstd_base64\":\"\"}]}}"
            << "before.embedded[0].name: \"../../etc/x\" is not a plain file name";
        QTest::newRow("not base64") << head + "{\"name\":\"a\",\"size\":1,\"zstd_base64\":\"@@@\"}]}}"
                                    << "before.embedded[0].zstd_base64: not base64";
        QTest::newRow("not zstd") << head + "{\"name\":\"a\",\"size\":3,\"zstd_base64\":\"YWJj\"}]}}"
                                  << "before.embedded[0].zstd_base64: not a zstd frame of the stated size";
        QTest::newRow("bomb size") << head +
                                          "{\"name\":\"a\",\"size\":99999999999999,\"zstd_base64\":\"\"}]}}"
                                   << "before.embedded[0].size: not a size up to 4 GiB";
        QTest::newRow("negative size") << head + "{\"name\":\"a\",\"size\":-1,\"zstd_base64\":\"\"}]}}"
                                       << "before.embedded[0].size: not a size up to 4 GiB";
        QTest::newRow("simulated tag") << head + "],\"simulated\":\"yes\"}}"
                                       << "before.simulated: not true or false";
        QByteArray badAnchor = good;
        badAnchor.replace("\"anchor\": \"task\"", "\"anchor\": \"middle\"");
        QTest::newRow("diff anchor") << badAnchor << "diff.anchor: \"middle\" is not starts, task or marker";
        QByteArray badGhost = good;
        badGhost.replace("\"ghost\": true", "\"ghost\": 1");
        QTest::newRow("diff ghost") << badGhost << "diff.ghost: not true or false";
    }
    void badInput()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!parseReviewSession(bytes, &error));
        QVERIFY2(error.startsWith(message), qPrintable(error));
        // Through the file as well: the message names the file.
        const QString path = m_dir.filePath(QStringLiteral("bad.lanescope"));
        writeAll(path, bytes);
        QVERIFY(!loadReviewSession(path, &error));
        QVERIFY2(error.startsWith(path + QStringLiteral(": ") + message), qPrintable(error));
    }

    // Every prefix of a valid file is refused with a message, never a crash.
    void everyPrefix()
    {
        ReviewSession s = sampleSession();
        s.before.embedded = {{QStringLiteral("deps.json"), QByteArray("{\"tasks\": []}")}};
        const QByteArray good = serializeReviewSession(s);
        QVERIFY(good.endsWith("}\n"));
        for (qsizetype n = 0; n < good.size() - 1; ++n) { // up to the closing brace, before the newline
            QString error;
            QVERIFY(!parseReviewSession(good.left(n), &error));
            QVERIFY(!error.isEmpty());
        }
        QVERIFY(parseReviewSession(good));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestReviewSession)
#include "tst_reviewsession.moc"
