// Finding where a records file can be cut between two threads: the end of the member before the
// stream key nearest a byte, on either side of it, whatever the whitespace; nothing where no stream
// key follows a separator.
#include "model/io/json/streammembercut.h"
#include "testmain.h"

using namespace lanescope;

namespace {

const QByteArray kPretty = "{\n  \"chip_swimlane_level\": 4,\n  \"metadata\": {\"clock_freq_hz\": 50},\n"
                           "  \"aicore_tasks\": [[0, 1, 1, 2, 3]],\n  \"aicpu_tasks\": [],\n"
                           "  \"aicpu_scheduler_phases\": [[{\"kind\": \"dispatch\"}]]\n}\n";

std::int64_t endBefore(const QByteArray &bytes, const char *key)
{
    // The byte after the value that precedes the key's separating comma.
    qsizetype at = bytes.indexOf(QByteArray("\"") + key + "\"");
    at = bytes.lastIndexOf(',', at);
    while (at > 0 && QByteArray(" \r\n\t").contains(bytes[at - 1]))
        --at;
    return at;
}

} // namespace

class TestStreamMemberCut : public QObject
{
    Q_OBJECT

private slots:
    void findsTheNearestStreamMember_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<qlonglong>("near");
        QTest::addColumn<qlonglong>("cut");
        QTest::newRow("at the start: the first stream after it")
            << kPretty << 0LL << qlonglong(endBefore(kPretty, "aicore_tasks"));
        QTest::newRow("on a key: that one") << kPretty << qlonglong(kPretty.indexOf("\"aicpu_tasks\""))
                                            << qlonglong(endBefore(kPretty, "aicpu_tasks"));
        QTest::newRow("at the end: the last one behind it")
            << kPretty << qlonglong(kPretty.size())
            << qlonglong(endBefore(kPretty, "aicpu_scheduler_phases"));
        const QByteArray compact = QByteArray(kPretty).replace("\n", "").replace("  ", "");
        QTest::newRow("compact") << compact << qlonglong(compact.size() / 2)
                                 << qlonglong(endBefore(compact, "aicpu_tasks"));
        const QByteArray crlf = QByteArray(kPretty).replace("\n", "\r\n");
        QTest::newRow("CRLF") << crlf << qlonglong(crlf.size())
                              << qlonglong(endBefore(crlf, "aicpu_scheduler_phases"));
        const QByteArray spaced = "{\"a\": [1] \t\n , \n\"scheduler_records\" : {}}";
        QTest::newRow("whitespace around the comma and the colon") << spaced << 0LL << 9LL;
        QTest::newRow("no stream key") << QByteArray("{\"metadata\": {}, \"tasks\": []}") << 5LL << -1LL;
        QTest::newRow("a stream key first: no member before it")
            << QByteArray("{\"aicore_tasks\": []}") << 0LL << -1LL;
        QTest::newRow("a key not followed by a colon")
            << QByteArray("{\"x\": [\"a\", \"aicore_tasks\", \"b\"]}") << 0LL << -1LL;
        QTest::newRow("a key inside a string is escaped, never a candidate")
            << QByteArray("{\"x\": \"a\\\", \\\"aicore_tasks\\\": 1\"}") << 0LL << -1LL;
        QTest::newRow("a nested key is a candidate: the read in order rejects it")
            << QByteArray("{\"x\": {\"y\": 1, \"aicore_tasks\": []}}") << 0LL << 13LL;
        QTest::newRow("empty") << QByteArray() << 0LL << -1LL;
    }
    void findsTheNearestStreamMember()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(qlonglong, near);
        QFETCH(qlonglong, cut);
        auto source = ByteSource::fromMemory(bytes, QStringLiteral("r.json"));
        const std::atomic<bool> stop{false};
        QCOMPARE(qlonglong(findStreamMemberCut(*source, near, bytes.size(), stop)), cut);
    }

    // Keys a window apart: the nearer wins, looking both ways, and a key whose separators straddle
    // two windows is still found.
    void looksBothWaysAcrossWindows_data()
    {
        QTest::addColumn<qlonglong>("near");
        QTest::addColumn<QByteArray>("expectedKey");
        QTest::newRow("nearer behind") << qlonglong(1500000) << QByteArray("aicpu_tasks");
        QTest::newRow("nearer ahead") << qlonglong(2900000) << QByteArray("aicpu_scheduler_phases");
        QTest::newRow("just before the window edge") << qlonglong((1 << 20) - 3) << QByteArray("aicpu_tasks");
    }
    void looksBothWaysAcrossWindows()
    {
        QFETCH(qlonglong, near);
        QFETCH(QByteArray, expectedKey);
        // aicpu_tasks's comma sits just before the first MiB ends, its key just after.
        QByteArray bytes = "{\"aicore_tasks\": [";
        bytes += QByteArray((1 << 20) - bytes.size() - 8, '1');
        bytes += "],\n  \"aicpu_tasks\": [";
        bytes += QByteArray(2 << 20, '2');
        bytes += "],\n  \"aicpu_scheduler_phases\": []}";
        auto source = ByteSource::fromMemory(bytes, QStringLiteral("r.json"));
        const std::atomic<bool> stop{false};
        QCOMPARE(qlonglong(findStreamMemberCut(*source, near, bytes.size(), stop)),
                 qlonglong(endBefore(bytes, expectedKey)));
    }

    // Only a key within reach of the byte counts.
    void looksNoFurtherThanItsReach_data()
    {
        QTest::addColumn<qlonglong>("reach");
        QTest::addColumn<qlonglong>("cut");
        const auto key = kPretty.indexOf("\"aicore_tasks\"");
        QTest::newRow("the key just out of reach") << qlonglong(key - 1) << -1LL;
        QTest::newRow("the key just in reach")
            << qlonglong(key) << qlonglong(endBefore(kPretty, "aicore_tasks"));
    }
    void looksNoFurtherThanItsReach()
    {
        QFETCH(qlonglong, reach);
        QFETCH(qlonglong, cut);
        auto source = ByteSource::fromMemory(kPretty, QStringLiteral("r.json"));
        const std::atomic<bool> stop{false};
        QCOMPARE(qlonglong(findStreamMemberCut(*source, 0, reach, stop)), cut);
    }

    void stopsWhenAsked()
    {
        auto source = ByteSource::fromMemory(kPretty, QStringLiteral("r.json"));
        const std::atomic<bool> stop{true};
        QCOMPARE(findStreamMemberCut(*source, 0, kPretty.size(), stop), std::int64_t(-1));
    }

    void knowsTheStreamMembers_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<bool>("stream");
        for (const char *key : {"aicore_tasks", "aicpu_tasks", "scheduler_tasks", "aicpu_scheduler_phases",
                                "scheduler_records", "aicpu_orchestrator_phases", "host_orchestrator_phases",
                                "host_device_uploads", "aicpu_lifecycle_records"})
            QTest::newRow(key) << QByteArray(key) << true;
        for (const char *key : {"metadata", "chip_swimlane_level", "tasks", "core_to_thread",
                                "run_boundaries", "fdwic_events", ""})
            QTest::newRow(*key ? key : "empty") << QByteArray(key) << false;
    }
    void knowsTheStreamMembers()
    {
        QFETCH(QByteArray, key);
        QFETCH(bool, stream);
        QCOMPARE(isStreamMemberKey(std::string_view(key.constData(), std::size_t(key.size()))), stream);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestStreamMemberCut)
#include "tst_streammembercut.moc"
