// A records file read on two threads, cut at a top-level stream member, reads exactly as it does in
// one piece: the same capture byte for byte, the same warnings, the same error at the same byte,
// wherever the cut falls, whatever the damage, and whether or not the two halves can join.
#include "capturegenerator.h"
#include "model/io/json/jsoncursor.h"
#include "model/io/records/recordsparser.h"
#include "model/io/records/recordsreader.h"
#include "model/io/records/recordssplit.h"
#include "recordsreadoutcome.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>

using namespace lanescope;

namespace {

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Whether the first thread took the second's segment, splitting near `near`.
bool joins(const QByteArray &bytes, std::int64_t near)
{
    auto source = ByteSource::fromMemory(bytes, QStringLiteral("chip_swimlane_records.json"));
    RecordsSplit split(*source, near, bytes.size() / 4, nullptr);
    JsonCursor cursor(*source, split.firstControl());
    RawRecords raw;
    StringTable names;
    PhaseKindTable kinds(names);
    RecordsParser parser(cursor, raw, kinds);
    parser.joinWith(&split);
    parser.parse();
    return split.joined();
}

// Where each stream member's key begins, and a few evenly spread bytes: splitting near each key
// makes the second thread start at every member a file has.
std::vector<std::int64_t> splitPoints(const QByteArray &bytes)
{
    std::vector<std::int64_t> near;
    for (qsizetype at = bytes.indexOf('"'); at >= 0; at = bytes.indexOf('"', at + 1))
        if (bytes.mid(at + 1, 40).contains("_tasks\"") || bytes.mid(at + 1, 40).contains("_phases\"") ||
            bytes.mid(at + 1, 40).contains("_records\"") || bytes.mid(at + 1, 40).contains("_uploads\""))
            near.push_back(at);
    for (int i = 0; i <= 8; ++i)
        near.push_back(bytes.size() * i / 8);
    return near;
}

QByteArray generated(RecordShape shape, int level)
{
    QTemporaryDir dir;
    GeneratorOptions o;
    o.seed = 11;
    o.level = level;
    o.tasks = 400;
    o.shape = shape;
    if (!generateCapture(o, dir.path()).ok())
        return {};
    return fileBytes(dir.filePath(QStringLiteral("chip_swimlane_records.json")));
}

// A file whose first part interns a phase kind the second part does not know yet, so that the
// second thread numbers its kinds differently and the join must renumber them.
const char *const kKindsOnBothSides = R"({"chip_swimlane_level": 4,
  "metadata": {"clock_freq_hz": 50000000, "num_cores": 1, "core_types": ["aic"]},
  "host_device_uploads": [{"kind": "sm_h2d", "start_ns": 10, "end_ns": 20, "bytes": 64}],
  "aicore_tasks": [[0, 1, 1, 100, 200, 5]],
  "aicpu_tasks": [[0, 1, 90, 210]],
  "aicpu_scheduler_phases": [[{"kind": "dispatch", "start_cycles": 80, "end_cycles": 95},
    {"kind": "not_a_known_kind", "start_cycles": 96, "end_cycles": 99}]],
  "aicpu_orchestrator_phases": [[{"kind": "orch_submit", "start_cycles": 70, "end_cycles": 75, "task_id": 1}]]
}
)";

} // namespace

class TestRecordsSplit : public QObject
{
    Q_OBJECT

private slots:
    void everyCutReadsAsOnePiece_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        const QString fixtures = QStringLiteral(LANESCOPE_FIXTURES);
        for (const QString &folder : {QStringLiteral("/records"), QStringLiteral("/corrupt/records")})
            for (const QString &name : QDir(fixtures + folder).entryList({QStringLiteral("*.json")}))
                QTest::newRow(qPrintable(folder + '/' + name)) << fileBytes(fixtures + folder + '/' + name);
        for (const QString &level : QDir(fixtures + QStringLiteral("/generated")).entryList(QDir::Dirs))
            if (QFile::exists(fixtures + "/generated/" + level + "/chip_swimlane_records.json"))
                QTest::newRow(qPrintable("generated/" + level))
                    << fileBytes(fixtures + "/generated/" + level + "/chip_swimlane_records.json");
        QTest::newRow("upstream streams, level 4") << generated(RecordShape::Upstream, 4);
        QTest::newRow("phase kinds on both sides") << QByteArray(kKindsOnBothSides);
    }
    void everyCutReadsAsOnePiece()
    {
        QFETCH(QByteArray, bytes);
        QVERIFY(!bytes.isEmpty() || QByteArray(QTest::currentDataTag()).endsWith("-empty.json"));
        const QByteArray whole = recordsReadOutcome(bytes, -1);
        for (const std::int64_t near : splitPoints(bytes))
            if (recordsReadOutcome(bytes, near) != whole)
                QFAIL(qPrintable(QStringLiteral("split near byte %1 reads differently").arg(near)));
    }

    // Truncation and damage inside the second thread's part are met there; the first thread must
    // report them as its own read would have: same error, same byte, same records kept.
    void damageAfterTheCutReadsAsOnePiece_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        const QByteArray level4 =
            fileBytes(QStringLiteral(LANESCOPE_FIXTURES "/generated/level4/chip_swimlane_records.json"));
        const QByteArray upstream = generated(RecordShape::Upstream, 4);
        for (const auto &[name, bytes] : {std::pair{"level 4", level4}, std::pair{"upstream", upstream}}) {
            for (int i = 1; i < 16; ++i) {
                const qsizetype at = bytes.size() * i / 16;
                QTest::newRow(qPrintable(QStringLiteral("%1, truncated at %2/16").arg(name).arg(i)))
                    << bytes.left(at);
                QByteArray damaged = bytes;
                damaged[at] = '#';
                QTest::newRow(qPrintable(QStringLiteral("%1, '#' at %2/16").arg(name).arg(i))) << damaged;
            }
        }
    }
    void damageAfterTheCutReadsAsOnePiece() { everyCutReadsAsOnePiece(); }

    void theSecondThreadsPartIsTakenOver_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QByteArray>("cutBefore");
        QTest::newRow("level 4") << fileBytes(QStringLiteral(LANESCOPE_FIXTURES
                                                             "/generated/level4/chip_swimlane_records.json"))
                                 << QByteArray("\"aicpu_scheduler_phases\"");
        QTest::newRow("upstream streams")
            << generated(RecordShape::Upstream, 4) << QByteArray("\"scheduler_records\"");
        QTest::newRow("kinds renumbered")
            << QByteArray(kKindsOnBothSides) << QByteArray("\"aicpu_scheduler_phases\"");
    }
    void theSecondThreadsPartIsTakenOver()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QByteArray, cutBefore);
        const qsizetype key = bytes.indexOf(cutBefore);
        QVERIFY(key > 0);
        QVERIFY(joins(bytes, key));
        QCOMPARE(recordsReadOutcome(bytes, key), recordsReadOutcome(bytes, -1));
    }

    // A second member of a stream the first thread already read cannot be read apart from it (the
    // second aicore_tasks adds to the first): the first thread reads on instead, with the same result.
    void aStreamReadOnBothSidesIsReadInOrder()
    {
        const QByteArray bytes = R"({"chip_swimlane_level": 4,
  "metadata": {"clock_freq_hz": 50000000, "num_cores": 1, "core_types": ["aic"]},
  "aicore_tasks": [[0, 1, 1, 100, 200, 5]],
  "aicpu_tasks": [[0, 1, 90, 210]],
  "aicore_tasks": [[0, 2, 2, 300, 400, 5]]
}
)";
        const qsizetype second = bytes.lastIndexOf("\"aicore_tasks\"");
        QVERIFY(!joins(bytes, second));
        QCOMPARE(recordsReadOutcome(bytes, second), recordsReadOutcome(bytes, -1));
        QVERIFY(recordsReadOutcome(bytes, -1).startsWith("ok\n"));
    }

    // A key-like text the first thread never meets at the top level is not a cut.
    void aNestedKeyIsNotACut()
    {
        const QByteArray bytes = R"({"chip_swimlane_level": 4,
  "metadata": {"clock_freq_hz": 50000000, "num_cores": 1, "core_types": ["aic"], "x": [1], "aicpu_tasks": []},
  "aicore_tasks": [[0, 1, 1, 100, 200, 5]]
}
)";
        const qsizetype nested = bytes.indexOf("\"aicpu_tasks\"");
        QVERIFY(!joins(bytes, nested));
        QCOMPARE(recordsReadOutcome(bytes, nested), recordsReadOutcome(bytes, -1));
    }

    // A second thread needs a second reader of the same bytes that can start anywhere: plain files
    // and memory have one; a zstd stream, read only in order, has none and is read in one piece.
    void onlySeekableSourcesAreSplit_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("seekable");
        QTest::newRow("plain file") << QStringLiteral(LANESCOPE_FIXTURES "/records/level3_phases.json")
                                    << true;
        QTest::newRow("zstd file") << QStringLiteral(
                                          LANESCOPE_FIXTURES
                                          "/corrupt/zstd/chip_swimlane_records-zstd-valid.json.zst")
                                   << false;
    }
    void onlySeekableSourcesAreSplit()
    {
        QFETCH(QString, path);
        QFETCH(bool, seekable);
        ReadError error;
        auto source = ByteSource::open(path, &error);
        QVERIFY(source);
        QCOMPARE(source->reopen() != nullptr, seekable);
        QCOMPARE(source->seek(3), seekable);
        QVERIFY(!source->seek(-1));
        QVERIFY(!source->seek(source->rawSize() + 1));

        auto whole = ByteSource::open(path, &error);
        auto split = ByteSource::open(path, &error);
        Capture one, two;
        ReadError oneError, twoError;
        QCOMPARE(readRecords(*split, two, &twoError, nullptr, 0), readRecords(*whole, one, &oneError));
        QCOMPARE(twoError.toString(), oneError.toString());
        QCOMPARE(two.rows.size(), one.rows.size());
        QCOMPARE(two.info.warnings, one.info.warnings);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRecordsSplit)
#include "tst_recordssplit.moc"
