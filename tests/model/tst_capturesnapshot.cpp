// Snapshots of opened captures: what is written reads back to the same runs, and anything else —
// a damaged byte, a cut file, a snapshot of other files or of another format — is refused with a
// reason, never shown.
#include "model/capture/slicesearchindex.h"
#include "model/session/capturedocument.h"
#include "model/snapshot/capturesnapshot.h"
#include "model/snapshot/snapshotformat.h"
#include "testmain.h"

#include <QBuffer>
#include <array>
#include <cstring>
#include <limits>
#include <new>

using namespace lanescope;

namespace {

// Whether a default-made T sets each of its bytes: a byte that a compiler left as padding keeps
// the pattern underneath, and a snapshot that stores T as bytes would store whatever was there.
template <class T> bool everyByteIsSet()
{
    alignas(T) std::array<unsigned char, sizeof(T)> bytes;
    bytes.fill(0xA5);
    new (bytes.data()) T;
    return std::none_of(bytes.begin(), bytes.end(), [](unsigned char b) { return b == 0xA5; });
}

using ByteCheck = bool (*)();
const std::pair<const char *, ByteCheck> kStoredAsBytes[] = {
    {"TaskRow", everyByteIsSet<TaskRow>},
    {"Slice", everyByteIsSet<Slice>},
    {"PhaseRecord", everyByteIsSet<PhaseRecord>},
    {"HostUpload", everyByteIsSet<HostUpload>},
    {"LifecycleSlice", everyByteIsSet<LifecycleSlice>},
    {"DepNode", everyByteIsSet<DepNode>},
    {"TraceSliceArg", everyByteIsSet<TraceSliceArg>},
    {"Flow", everyByteIsSet<Flow>},
    {"DispatchKey", everyByteIsSet<DispatchKey>},
    {"ScopeSample", everyByteIsSet<ScopeSample>},
    {"SliceSearchIndex::Bar", everyByteIsSet<SliceSearchIndex::Bar>},
};

const QString kFixtures = QStringLiteral(LANESCOPE_FIXTURES);
const QString kSamples = QStringLiteral(LANESCOPE_SAMPLES);

SourceKey keyFor(const QString &path)
{
    SourceKey key;
    if (!sourceKeyOf(path, &key))
        qFatal("no source key for %s", qPrintable(path));
    return key;
}

QByteArray snapshotOf(const SourceKey &key, const CaptureRuns &runs,
                      const std::vector<RunDerivations> &derived = {})
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const QString failed = writeCaptureSnapshot(buffer, key, runs, derived);
    if (!failed.isEmpty())
        qFatal("%s", qPrintable(failed));
    return bytes;
}

SnapshotRead readBack(const QByteArray &bytes, const SourceKey &key, bool verifyChecksum = true)
{
    return readCaptureSnapshot(reinterpret_cast<const unsigned char *>(bytes.constData()),
                               std::size_t(bytes.size()), key, verifyChecksum);
}

// The document openDocument makes of `path`, read from the files.
DocumentPtr openedDocument(const QString &path)
{
    const OpenedDocument opened = openDocument(path);
    if (!opened.ok())
        qFatal("%s", qPrintable(opened.error.toString()));
    return opened.document;
}

// Its runs, derived tracks included.
CaptureRuns openedRuns(const QString &path)
{
    return openedDocument(path)->runs;
}

// Every number and flag of a ring occupancy, a line per curve, to compare two of them.
QStringList ringsText(const RingOccupancy &rings)
{
    QStringList lines;
    auto number = [](const std::optional<double> &v) {
        return v ? QString::number(*v, 'g', 17) : QStringLiteral("-");
    };
    for (int r = 0; r < kRingCount; ++r) {
        lines << QStringLiteral("ring %1: %2 tasks").arg(r).arg(rings.tasksPerRing[std::size_t(r)]);
        for (int k = 0; k < kRingResourceCount; ++k) {
            QString line = ringResourceKey(RingResource(k)) + QStringLiteral(" cap ") +
                           number(rings.capacity(r, RingResource(k)));
            if (const auto &s = rings.at(r, RingResource(k))) {
                line += QStringLiteral(" curve cap %1 peak %2 at %3 site %4:")
                            .arg(number(s->capacity), number(s->peak), number(s->peakUs))
                            .arg(s->peakSite);
                for (std::size_t i = 0; i < s->timesUs.size(); ++i)
                    line += QStringLiteral(" %1=%2@%3")
                                .arg(number(s->timesUs[i]), number(s->values[i]))
                                .arg(s->siteOfStep[i]);
            }
            lines << line;
        }
    }
    lines << QStringLiteral("sites %1, scope stats %2, fatal %3")
                 .arg(rings.sites.join(u','))
                 .arg(rings.hasScopeStats)
                 .arg(rings.fatal);
    return lines;
}

QStringList adjacency(const DepGraph &deps)
{
    QStringList lines;
    for (std::uint32_t i = 0; i < deps.nodes().size(); ++i) {
        QStringList next;
        for (auto [p, end] = deps.successors(i); p != end; ++p)
            next << QString::number(*p);
        for (auto [p, end] = deps.predecessors(i); p != end; ++p)
            next << QStringLiteral("<%1").arg(*p);
        lines << next.join(QLatin1Char(' '));
    }
    return lines;
}

} // namespace

class TestCaptureSnapshot : public QObject
{
    Q_OBJECT

    void inputs()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("bundled sample (level 4, deps, name map, scope stats, host log)")
            << kSamples + QStringLiteral("/sample-l4");
        QTest::newRow("level 2") << kFixtures + QStringLiteral("/generated/level2");
        QTest::newRow("current runtime, several runs in one file")
            << kFixtures + QStringLiteral("/generated/upstream-runs");
        QTest::newRow("retained layout") << kFixtures + QStringLiteral("/runs/retained");
        QTest::newRow("L3 ranks") << kFixtures + QStringLiteral("/runs/l3");
        QTest::newRow("Perfetto trace") << kFixtures + QStringLiteral("/traces/merged_swimlane_small.json");
        QTest::newRow("host log alone") << kFixtures + QStringLiteral("/hostlog/bench_rounds.log");
        QTest::newRow("scope stats alone") << kFixtures + QStringLiteral("/scopestats/v7_two_epochs.jsonl");
    }

private slots:
    // Written and read back, every run gives the same bytes again: each field the snapshot holds
    // survived, and so did the kept facts, which are those computing them again gives. The
    // dependency graph's adjacency, which is rebuilt, matches too.
    void readsBackWhatWasWritten_data() { inputs(); }
    void readsBackWhatWasWritten()
    {
        QFETCH(QString, path);
        const SourceKey key = keyFor(path);
        const CaptureRuns runs = openedRuns(path);
        const QByteArray bytes = snapshotOf(key, runs);
        SnapshotRead read = readBack(bytes, key);
        QVERIFY2(read.ok(), qPrintable(read.problem));
        CaptureRuns &again = read.kept->runs;
        QCOMPARE(again.size(), runs.size());
        QCOMPARE(int(again.axis), int(runs.axis));
        QCOMPARE(read.kept->facts.size(), runs.size());
        for (std::size_t i = 0; i < runs.size(); ++i) {
            // The kept facts came back: the rest is computed around them, as on reopening.
            QVERIFY(read.kept->facts[i].has_value());
            again.runs[i]->facts = computeCaptureFacts(*again.runs[i], std::move(read.kept->facts[i]));
            QCOMPARE(adjacency(again.runs[i]->deps), adjacency(runs.runs[i]->deps));
        }
        QCOMPARE(snapshotOf(key, again), bytes);
        for (const auto &run : again.runs)
            run->facts = computeCaptureFacts(*run);
        QCOMPARE(snapshotOf(key, again), bytes);
    }

    // Each run's ring occupancy and bar index come back as its opening made them, so that a
    // reopened document takes them rather than making them again: the rings compare equal, and
    // written again around the read runs, the snapshot is the same bytes, with the index kept or
    // with one built anew on the read run. A run written without them reads back without.
    void keepsWhatEachRunDerived_data() { inputs(); }
    void keepsWhatEachRunDerived()
    {
        QFETCH(QString, path);
        const SourceKey key = keyFor(path);
        const DocumentPtr opened = openedDocument(path);
        const CaptureDocument &document = *opened;
        const std::vector<RunDerivations> derived = document.derivations();
        QCOMPARE(derived.size(), document.runs.size());
        const QByteArray bytes = snapshotOf(key, document.runs, derived);
        SnapshotRead read = readBack(bytes, key);
        QVERIFY2(read.ok(), qPrintable(read.problem));
        const CaptureRuns &again = read.kept->runs;
        std::vector<RunDerivations> &kept = read.kept->derived;
        QCOMPARE(kept.size(), document.runs.size());
        std::vector<RunDerivations> rebuilt;
        for (std::size_t i = 0; i < derived.size(); ++i) {
            QVERIFY(derived[i].rings && derived[i].index);
            QVERIFY(kept[i].rings && kept[i].index);
            QCOMPARE(ringsText(*kept[i].rings), ringsText(*derived[i].rings));
            QCOMPARE(ringsText(*kept[i].rings), ringsText(computeRingOccupancy(*again.runs[i])));
            QVERIFY(kept[i].index->bars.isFor(*again.runs[i]));
            rebuilt.push_back({kept[i].rings, std::make_shared<const CaptureIndex>(*again.runs[i])});
            again.runs[i]->facts = computeCaptureFacts(*again.runs[i], std::move(read.kept->facts[i]));
        }
        QCOMPARE(snapshotOf(key, again, kept), bytes);
        QCOMPARE(snapshotOf(key, again, rebuilt), bytes);

        read = readBack(snapshotOf(key, document.runs), key);
        QVERIFY2(read.ok(), qPrintable(read.problem));
        for (const RunDerivations &none : read.kept->derived)
            QVERIFY(!none.rings && !none.index);
    }

    // A kept bar index that does not fit its run (another run's, or one of a lane since cut short)
    // is refused like a damaged run: a frame would read past the lane's slices.
    void anIndexOfAnotherRunIsRefused_data()
    {
        QTest::addColumn<bool>("otherCapture");
        QTest::newRow("another capture's index") << true;
        QTest::newRow("a lane cut short since") << false;
    }
    void anIndexOfAnotherRunIsRefused()
    {
        QFETCH(bool, otherCapture);
        const QString path = kSamples + QStringLiteral("/sample-l4");
        const SourceKey key = keyFor(path);
        const DocumentPtr opened = openedDocument(path);
        CaptureRuns runs = opened->runs;
        std::vector<RunDerivations> derived = opened->derivations();
        if (otherCapture) {
            const DocumentPtr other = openedDocument(kFixtures + QStringLiteral("/generated/level2"));
            derived.front().index = other->derivations().front().index;
        } else {
            Capture cut = *runs.runs.front();
            auto lane = std::find_if(cut.lanes.begin(), cut.lanes.end(), [](const Lane &l) {
                return l.kind == LaneKind::Worker && l.slices.size() > 1;
            });
            QVERIFY(lane != cut.lanes.end());
            lane->slices.pop_back();
            cut.facts = nullptr; // its search index would be refused first
            runs.runs.front() = std::make_shared<Capture>(std::move(cut));
        }
        const SnapshotRead read = readBack(snapshotOf(key, runs, derived), key);
        QVERIFY(!read.ok());
        QVERIFY2(read.problem.contains(QStringLiteral("bar index")), qPrintable(read.problem));
        QVERIFY(!read.problem.contains(u'\n'));
    }

    // A kept ring curve the panels could not search or name (times out of order, a scope site the
    // run does not hold, counts that differ) is refused like a damaged run.
    void anInconsistentRingCurveIsRefused_data()
    {
        QTest::addColumn<int>("damage");
        QTest::newRow("times out of order") << 0;
        QTest::newRow("a site beyond the run's") << 1;
        QTest::newRow("fewer values than times") << 2;
        QTest::newRow("a capacity that is not a number") << 3;
    }
    void anInconsistentRingCurveIsRefused()
    {
        QFETCH(int, damage);
        const QString path = kSamples + QStringLiteral("/sample-l4");
        const SourceKey key = keyFor(path);
        const DocumentPtr opened = openedDocument(path);
        std::vector<RunDerivations> derived = opened->derivations();
        QVERIFY(!derived.empty() && derived.front().rings);
        auto broken = std::make_shared<RingOccupancy>(*derived.front().rings);
        std::optional<RingSeries> *curve = nullptr;
        for (auto &ring : broken->series)
            if (!curve && ring[0] && ring[0]->timesUs.size() > 2)
                curve = &ring[0];
        QVERIFY(curve);
        RingSeries &s = **curve;
        switch (damage) {
        case 0:
            std::reverse(s.timesUs.begin(), s.timesUs.end());
            break;
        case 1:
            s.siteOfStep.back() = std::int32_t(broken->sites.size());
            break;
        case 2:
            s.values.pop_back();
            break;
        case 3:
            s.capacity = std::numeric_limits<double>::quiet_NaN();
            break;
        }
        derived.front().rings = broken;
        const SnapshotRead read = readBack(snapshotOf(key, opened->runs, derived), key);
        QVERIFY(!read.ok());
        QVERIFY2(read.problem.contains(QStringLiteral("ring")), qPrintable(read.problem));
        QVERIFY(!read.problem.contains(u'\n'));
    }

    // A snapshot of other files, of changed files or by another build is stale: it is replaced.
    void anotherKeyIsStale_data()
    {
        QTest::addColumn<int>("change");
        QTest::newRow("another opened path") << 0;
        QTest::newRow("a file changed size") << 1;
        QTest::newRow("a file changed content") << 2;
        QTest::newRow("another program") << 3;
    }
    void anotherKeyIsStale()
    {
        QFETCH(int, change);
        const QString path = kFixtures + QStringLiteral("/generated/level2");
        const SourceKey key = keyFor(path);
        SourceKey other = key;
        switch (change) {
        case 0:
            other.opened += QStringLiteral("/x");
            break;
        case 1:
            other.files.front().size += 1;
            break;
        case 2:
            other.files.front().edgeHash ^= 1;
            break;
        case 3:
            other.producer.modifiedMs += 1;
            break;
        }
        const SnapshotRead read = readBack(snapshotOf(key, openedRuns(path)), other);
        QVERIFY(!read.ok());
        QVERIFY(read.stale);
        QVERIFY(!read.problem.isEmpty());
    }

    // Any byte changed anywhere is refused, and says why; none is taken as data.
    void aDamagedByteIsRefused_data()
    {
        QTest::addColumn<double>("at"); // share of the file
        QTest::newRow("magic") << 0.0;
        QTest::newRow("early payload") << 0.05;
        QTest::newRow("middle") << 0.5;
        QTest::newRow("late payload") << 0.95;
        QTest::newRow("checksum") << 1.0;
    }
    void aDamagedByteIsRefused()
    {
        QFETCH(double, at);
        const QString path = kSamples + QStringLiteral("/sample-l4");
        const SourceKey key = keyFor(path);
        QByteArray bytes = snapshotOf(key, openedRuns(path));
        const qsizetype i = std::min(bytes.size() - 1, qsizetype(at * double(bytes.size())));
        bytes[i] = char(bytes[i] ^ 0x5A);
        const SnapshotRead read = readBack(bytes, key);
        QVERIFY(!read.ok());
        QVERIFY(!read.problem.isEmpty());
        QVERIFY(!read.problem.contains(u'\n'));
    }

    // Cut anywhere, a snapshot is refused; without the checksum (as the fuzzer reads) the field
    // reader itself finds where it ends, and says at which byte.
    void aCutSnapshotIsRefused_data()
    {
        QTest::addColumn<double>("keep");
        QTest::newRow("header only") << 0.0;
        QTest::newRow("a tenth") << 0.1;
        QTest::newRow("half") << 0.5;
        QTest::newRow("all but the last bytes") << 0.999;
    }
    void aCutSnapshotIsRefused()
    {
        QFETCH(double, keep);
        const QString path = kSamples + QStringLiteral("/sample-l4");
        const SourceKey key = keyFor(path);
        const QByteArray bytes = snapshotOf(key, openedRuns(path));
        const QByteArray cut =
            bytes.left(std::max<qsizetype>(kSnapshotHeaderBytes, qsizetype(keep * double(bytes.size()))));
        QVERIFY(!readBack(cut, key).ok());
        const SnapshotRead unchecked = readBack(cut + QByteArray(8, '\0'), key, false);
        QVERIFY(!unchecked.ok());
        QVERIFY2(unchecked.problem.startsWith(QStringLiteral("byte ")) ||
                     unchecked.problem.startsWith(QStringLiteral("not a")),
                 qPrintable(unchecked.problem));
    }

    // A snapshot whose bytes are sound but whose runs break what the loader guarantees (a slice
    // pointing past its records) is refused by the consistency check, checksum or not.
    void anInconsistentRunIsRefused()
    {
        const QString path = kSamples + QStringLiteral("/sample-l4");
        const SourceKey key = keyFor(path);
        CaptureRuns runs = openedRuns(path);
        Capture broken = *runs.runs.front();
        auto lane = std::find_if(broken.lanes.begin(), broken.lanes.end(), [](const Lane &l) {
            return l.kind == LaneKind::Worker && !l.slices.empty();
        });
        QVERIFY(lane != broken.lanes.end());
        lane->slices.front().ref = std::uint32_t(broken.rows.size());
        runs.runs.front() = std::make_shared<Capture>(std::move(broken));
        const SnapshotRead read = readBack(snapshotOf(key, runs), key);
        QVERIFY(!read.ok());
        QVERIFY2(read.problem.contains(QStringLiteral("lane")), qPrintable(read.problem));
    }

    // A kept search index that does not fit its run (another capture's: its bars name lanes and
    // slices this run may not hold, in another order) is refused too.
    void aSearchIndexOfAnotherRunIsRefused()
    {
        const QString path = kSamples + QStringLiteral("/sample-l4");
        const SourceKey key = keyFor(path);
        CaptureRuns runs = openedRuns(path);
        auto facts = std::make_shared<CaptureFacts>(*runs.runs.front()->facts);
        facts->search =
            openedRuns(kFixtures + QStringLiteral("/generated/level2")).runs.front()->facts->search;
        runs.runs.front()->facts = facts;
        const SnapshotRead read = readBack(snapshotOf(key, runs), key);
        QVERIFY(!read.ok());
        QVERIFY2(read.problem.contains(QStringLiteral("search index")), qPrintable(read.problem));
    }

    // A kept happens-before violation the panels could not follow (a task the run's graph does not
    // hold, a time that is not a number) is refused too.
    void anInconsistentViolationIsRefused_data()
    {
        QTest::addColumn<bool>("badTask");
        QTest::newRow("a task beyond the graph") << true;
        QTest::newRow("a time that is not a number") << false;
    }
    void anInconsistentViolationIsRefused()
    {
        QFETCH(bool, badTask);
        const QString path = kSamples + QStringLiteral("/sample-l4");
        const SourceKey key = keyFor(path);
        CaptureRuns runs = openedRuns(path);
        const Capture &run = *runs.runs.front();
        QVERIFY(!run.deps.empty());
        HbViolation v{0, 0, 1.0, 0.5};
        if (badTask)
            v.succ = std::uint32_t(run.deps.nodes().size());
        else
            v.producerEndUs = std::numeric_limits<double>::quiet_NaN();
        std::vector<HbViolation> all = run.facts->hbViolations.all();
        all.push_back(v);
        auto facts = std::make_shared<CaptureFacts>(*run.facts);
        facts->hbViolations = HbViolationIndex(std::move(all));
        runs.runs.front()->facts = facts;
        const SnapshotRead read = readBack(snapshotOf(key, runs), key);
        QVERIFY(!read.ok());
        QVERIFY2(read.problem.contains(QStringLiteral("happens-before")), qPrintable(read.problem));
    }

    // Records stored as bytes have no padding, so a snapshot holds no byte the capture did not set:
    // the same capture always makes the same snapshot, and no stray memory reaches the cache.
    void recordsStoredAsBytesSetEveryByte_data()
    {
        QTest::addColumn<int>("type");
        for (std::size_t i = 0; i < std::size(kStoredAsBytes); ++i)
            QTest::newRow(kStoredAsBytes[i].first) << int(i);
    }
    void recordsStoredAsBytesSetEveryByte()
    {
        QFETCH(int, type);
        QVERIFY(kStoredAsBytes[type].second());
    }

    // Another format version reads as stale, so that a newer build rebuilds what an older wrote.
    void anotherFormatVersionIsStale()
    {
        const QString path = kFixtures + QStringLiteral("/generated/level2");
        const SourceKey key = keyFor(path);
        QByteArray bytes = snapshotOf(key, openedRuns(path));
        const std::uint32_t older = kSnapshotFormatVersion - 1;
        std::memcpy(bytes.data() + sizeof kSnapshotMagic, &older, sizeof older);
        const SnapshotRead read = readBack(bytes, key);
        QVERIFY(!read.ok());
        QVERIFY(read.stale);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestCaptureSnapshot)
#include "tst_capturesnapshot.moc"
