// Previews while a records file loads (model/io/loadpreview.h): the AICore rows read so far as bars,
// handed out through LoadControl::preview in growing row counts, each the file's first rows on its
// own time base, all before the document; none without a callback, and a cancel stops the load.
#include "capturegenerator.h"
#include "model/capture/cancelpoint.h"
#include "model/capture/capture.h"
#include "model/io/json/bytesource.h"
#include "model/io/loadpreview.h"
#include "model/session/capturedocument.h"
#include "testmain.h"

#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

using namespace lanescope;

namespace {

struct FileRow
{
    std::int32_t core = 0;
    std::uint64_t token = 0;
    std::uint32_t reg = 0;
    std::uint64_t start = 0;
    std::uint64_t end = 0;
    std::uint64_t receiveToStart = 0;
};

// The aicore_tasks rows as the file holds them, in file order, read apart from the loader.
std::vector<FileRow> fileRows(const QString &recordsPath)
{
    QFile f(recordsPath);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const nlohmann::json records = nlohmann::json::parse(f.readAll().toStdString());
    std::vector<FileRow> rows;
    for (const auto &r : records.at("aicore_tasks")) {
        FileRow row;
        row.core = r.at(0).get<std::int32_t>();
        row.token = r.at(1).get<std::uint64_t>();
        row.reg = r.at(2).get<std::uint32_t>();
        row.start = r.at(3).get<std::uint64_t>();
        row.end = r.at(4).get<std::uint64_t>();
        row.receiveToStart = r.size() > 5 ? r.at(5).get<std::uint64_t>() : 0;
        rows.push_back(row);
    }
    return rows;
}

// Previews early and often: every doubling from the first look on, however fast the load runs.
LoadControl eagerPreviews(std::vector<CapturePtr> &previews)
{
    LoadControl control;
    control.previewPacing.firstRows = LoadPreviewer::kRowsBetweenLooks;
    control.previewPacing.firstShare = 1.0;
    control.previewPacing.lastShare = 1.0;
    control.previewPacing.minIntervalMs = 0;
    control.preview = [&previews](CapturePtr preview) { previews.push_back(std::move(preview)); };
    return control;
}

GeneratorOptions options(int level, RecordShape shape)
{
    GeneratorOptions o;
    o.seed = 5;
    o.level = level;
    o.shape = shape;
    o.tasks = 12000;
    o.hostLog = false;
    o.scopeStats = false;
    return o;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b));
}

// Raw rows with a clock: enough for a preview of `count` rows.
RawRecords rawRows(std::size_t count)
{
    RawRecords raw;
    raw.clockFreqHz = 50'000'000;
    raw.levelValue = 1;
    raw.coreTypes = {CoreType::Aic, CoreType::Aiv};
    for (std::size_t i = 0; i < count; ++i) {
        RawAicoreRow row;
        row.coreId = std::int32_t(i % 2);
        row.taskToken = i;
        row.regTaskId = std::uint32_t(i);
        row.startCycles = 1000 + 10 * i;
        row.endCycles = row.startCycles + 5;
        row.columns = 5;
        raw.aicore.push_back(row);
    }
    return raw;
}

} // namespace

class TestLoadPreview : public QObject
{
    Q_OBJECT

private slots:
    void previewsAreGrowingPrefixesOfTheFile_data()
    {
        QTest::addColumn<int>("level");
        QTest::addColumn<int>("shape");
        QTest::newRow("level 1") << 1 << int(RecordShape::Current);
        QTest::newRow("level 4") << 4 << int(RecordShape::Current);
        QTest::newRow("5-column rows") << 2 << int(RecordShape::V2FiveColumns);
    }
    void previewsAreGrowingPrefixesOfTheFile()
    {
        QFETCH(int, level);
        QFETCH(int, shape);
        QTemporaryDir dir;
        const GeneratedCapture generated = generateCapture(options(level, RecordShape(shape)), dir.path());
        QVERIFY2(generated.ok(), qPrintable(generated.error));
        const std::vector<FileRow> file = fileRows(generated.recordsPath);
        QVERIFY(file.size() > 4 * LoadPreviewer::kRowsBetweenLooks);

        std::vector<CapturePtr> previews;
        const OpenedDocument opened = openDocument(dir.path(), eagerPreviews(previews));
        QVERIFY2(opened.ok(), qPrintable(opened.error.toString()));
        const Capture &full = *opened.document->runs.defaultRun();
        QCOMPARE(full.rows.size(), file.size());
        QVERIFY(previews.size() >= 3);

        // The whole capture's rows by their join key, to compare the preview's bars with.
        std::map<std::pair<std::int32_t, std::uint32_t>, const TaskRow *> fullRows;
        for (const TaskRow &r : full.rows)
            fullRows[{r.coreId, r.regTaskId}] = &r;
        const double f = double(*full.info.clockFreqHz);

        std::size_t lastRows = 0;
        for (const CapturePtr &preview : previews) {
            const std::size_t n = preview->rows.size();
            QVERIFY(n >= 2 * std::max<std::size_t>(lastRows, 1) || lastRows == 0);
            QVERIFY(n < file.size()); // the last one comes before the whole capture
            lastRows = n;

            // Its time base: the earliest receive or end of the rows it holds (spec §3.2).
            std::uint64_t base = 0;
            for (std::size_t i = 0; i < n; ++i) {
                const FileRow &r = file[i];
                for (const std::uint64_t c : {r.start - r.receiveToStart, r.end})
                    if (c > 0 && (base == 0 || c < base))
                        base = c;
            }
            QCOMPARE(preview->info.baseCycles, base);
            QVERIFY(preview->info.baseCycles >= full.info.baseCycles);

            // The file's first n rows, by task id as a capture's rows are.
            std::vector<FileRow> prefix(file.begin(), file.begin() + std::ptrdiff_t(n));
            std::stable_sort(prefix.begin(), prefix.end(),
                             [](const FileRow &a, const FileRow &b) { return a.token < b.token; });
            const double shiftUs = double(std::int64_t(base - full.info.baseCycles)) * 1e6 / f;
            for (std::size_t i = 0; i < n; ++i) {
                const TaskRow &row = preview->rows[i];
                QCOMPARE(row.taskId, prefix[i].token);
                QCOMPARE(row.coreId, prefix[i].core);
                QVERIFY(near(row.startUs, double(prefix[i].start - base) * 1e6 / f));
                QVERIFY(near(row.endUs, double(prefix[i].end - base) * 1e6 / f));
                // The same bar in the whole capture, on its earlier base.
                const TaskRow *same = fullRows.at({row.coreId, row.regTaskId});
                QVERIFY(near(row.startUs + shiftUs, same->startUs));
                QVERIFY(near(row.endUs + shiftUs, same->endUs));
                QCOMPARE(row.flags & TaskRow::HasAicpu, 0); // nothing joined
            }

            // As bars: one lane per core, every row once.
            std::size_t bars = 0;
            std::map<std::int32_t, int> lanesPerCore;
            for (const Lane &lane : preview->lanes) {
                QCOMPARE(lane.kind, LaneKind::Worker);
                ++lanesPerCore[lane.laneSource];
                for (const Slice &s : lane.slices) {
                    QCOMPARE(preview->rows[s.ref].coreId, lane.laneSource);
                    ++bars;
                }
            }
            QCOMPARE(bars, n);
            for (const auto &[core, lanes] : lanesPerCore)
                QCOMPARE(lanes, 1);
        }
    }

    // Without a callback nothing is built, however due a preview is; nor is anything before the
    // first rows the pacing asks for.
    void noPreviewWithoutCallback()
    {
        const RawRecords raw = rawRows(LoadPreviewer::kRowsBetweenLooks);
        auto source = ByteSource::fromMemory(QByteArray(100, ' '), QStringLiteral("records.json"));
        LoadControl control;
        control.preview = [](const CapturePtr &) {};
        LoadPreviewer tooSoon(control, *source);
        tooSoon.consider(raw);
        QCOMPARE(tooSoon.offered(), 0);

        control.previewPacing.firstRows = 1;
        control.preview = nullptr;
        LoadPreviewer silent(control, *source);
        silent.consider(raw);
        QCOMPARE(silent.offered(), 0);

        int received = 0;
        control.preview = [&received](const CapturePtr &) { ++received; };
        LoadPreviewer asked(control, *source);
        asked.consider(raw);
        QCOMPARE(asked.offered(), 1);
        QCOMPARE(received, 1);
    }

    // A cancel heard while the previewed load goes on ends it as any cancel does, with no other
    // preview after it.
    void cancelAtAPreviewStopsTheLoad()
    {
        QTemporaryDir dir;
        const GeneratedCapture generated = generateCapture(options(1, RecordShape::Current), dir.path());
        QVERIFY2(generated.ok(), qPrintable(generated.error));
        std::vector<CapturePtr> previews;
        std::atomic<bool> cancel{false};
        LoadControl control = eagerPreviews(previews);
        control.cancel = &cancel;
        control.preview = [&](CapturePtr preview) {
            previews.push_back(std::move(preview));
            cancel = true;
        };
        const OpenedDocument opened = openDocument(dir.path(), control);
        QVERIFY(!opened.ok());
        QCOMPARE(opened.error.message, QStringLiteral("loading was cancelled"));
        QCOMPARE(int(previews.size()), 1);
    }

    // Building one hears the cancel of the load it belongs to.
    void buildingAPreviewHearsACancel()
    {
        const RawRecords raw = rawRows(4 * LoadPreviewer::kRowsBetweenLooks);
        QVERIFY(buildLoadPreview(raw, QStringLiteral("records.json")));
        const std::atomic<bool> cancelled{true};
        const CancelScope scope(&cancelled);
        QVERIFY_THROWS_EXCEPTION(OperationCancelled, buildLoadPreview(raw, QStringLiteral("records.json")));
    }

    // Without a clock rate nothing can be placed in time: no preview (spec §3.1).
    void noPreviewWithoutAClock()
    {
        RawRecords raw = rawRows(10);
        raw.clockFreqHz.reset();
        QVERIFY(!buildLoadPreview(raw, QStringLiteral("records.json")));
        raw.clockFreqHz = 0;
        QVERIFY(!buildLoadPreview(raw, QStringLiteral("records.json")));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestLoadPreview)
#include "tst_loadpreview.moc"
