// The Compiler hints panel: the build's perf_hints.log beside a copy of the bundled L4 sample,
// grouped by code with PH001 ranked by the bytes it moves, joined to the sample's kernels through
// a ptoas/*.pto, and a click on a joined hint locating that kernel's longest bar.

#include "model/io/loader.h"
#include "testmain.h"
#include "widgets/panels/compilerhintsmodel.h"
#include "widgets/panels/compilerhintspanel.h"
#include "widgets/text/slicedetails.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineview.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QTemporaryDir>
#include <QTreeView>

using namespace lanescope;

namespace {

bool write(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

bool copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = to + u'/' + QDir(from).relativeFilePath(file);
        QDir().mkpath(QFileInfo(target).absolutePath());
        if (!QFile::copy(file, target))
            return false;
    }
    return true;
}

QByteArray ph001(int line, const char *moves)
{
    return QByteArray(
               "[perf_hint PH001] TileInnermostDimGranularity: tile.load has innermost dim = 64B (tile "
               "fp32[16], target_memory=Vec)") +
           moves +
           "; recommended >= 512B for backend a2a3 (L2 cache line = 512B). Consider increasing tile shape "
           "on the innermost axis. at k.py:" +
           QByteArray::number(line) + ":5\n";
}

// The sample (name map: 7 qk_matmul, 8 softmax, 5 rope) in <out>/dfx_outputs, with the build's
// report/perf_hints.log and ptoas/ beside it.
CapturePtr buildWithHints(const QTemporaryDir &dir, const QByteArray &moreHints = {})
{
    const QString out = dir.filePath(QStringLiteral("out"));
    if (!copyTree(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"), out + QStringLiteral("/dfx_outputs")))
        return {};
    const QByteArray log =
        ph001(10, "; moves 1024B as 16 x 64B rows") + ph001(11, "; moves 4096B as 64 x 64B rows") +
        ph001(99, "") +
        "[perf_hint PH-DSA-001] AllocateMemoryAddr: DSA-RP's bounded strict search did not "
        "retain all software-pipeline buffer separations for 'rope'; 1 of 2 relaxed pair(s) "
        "reuse physical storage. Pipeline overlap may be reduced. at k.py:30:1\n" +
        moreHints;
    const QByteArray pto = "func.func @softmax(%a: i32) {\n  %0 = pto.load %a loc(\"k.py\":10:5)\n}\n"
                           "func.func @qk_matmul(%a: i32) {\n  %1 = pto.load %a loc(\"k.py\":11:5)\n}\n";
    if (!write(out + QStringLiteral("/report/perf_hints.log"), log + log) ||
        !write(out + QStringLiteral("/ptoas/decode.pto"), pto))
        return {};
    return loadCapture(out + QStringLiteral("/dfx_outputs")).capture;
}

// The longest AICore row of a function, found by hand.
std::size_t longestRowOf(const Capture &c, int funcId)
{
    double longest = -1;
    std::size_t at = 0;
    for (std::size_t r = 0; r < c.rows.size(); ++r)
        if (c.rows[r].funcId == funcId && c.rows[r].durationUs() > longest) {
            longest = c.rows[r].durationUs();
            at = r;
        }
    return at;
}

} // namespace

class TestCompilerHintsPanel : public QObject
{
    Q_OBJECT

private slots:
    void modelGroupsAndRanks_data()
    {
        QTest::addColumn<int>("group");
        QTest::addColumn<int>("row");
        QTest::addColumn<QString>("moves");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("location");
        QTest::newRow("largest transfer first") << 0 << 0 << "4.0"
                                                << "qk_matmul"
                                                << "k.py:11:5";
        QTest::newRow("then the smaller") << 0 << 1 << "1.0"
                                          << "softmax"
                                          << "k.py:10:5";
        QTest::newRow("no volume, no kernel, still listed") << 0 << 2 << ""
                                                            << ""
                                                            << "k.py:99:5";
        QTest::newRow("PH-DSA-001 by the function it names") << 1 << 0 << ""
                                                             << "rope"
                                                             << "k.py:30:1";
    }
    void modelGroupsAndRanks()
    {
        QFETCH(int, group);
        QFETCH(int, row);
        QFETCH(QString, moves);
        QFETCH(QString, kernel);
        QFETCH(QString, location);
        QTemporaryDir dir;
        const CapturePtr capture = buildWithHints(dir);
        QVERIFY(capture);
        CompilerHintsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCapture(capture);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, 0).data().toString(),
                 QStringLiteral("PH001 TileInnermostDimGranularity (3)"));
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("PH-DSA-001 AllocateMemoryAddr (1)"));
        const QModelIndex parent = model.index(group, 0);
        auto cell = [&](int column) { return model.index(row, column, parent).data().toString(); };
        // One unit for the column, named in its header; plain numbers in its cells.
        QCOMPARE(model.headerData(CompilerHintsModel::MovesColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Moves (KiB)"));
        QCOMPARE(cell(CompilerHintsModel::MovesColumn), moves);
        QCOMPARE(cell(CompilerHintsModel::KernelColumn), kernel);
        QCOMPARE(cell(CompilerHintsModel::LocationColumn), location);
        QVERIFY(cell(CompilerHintsModel::HintColumn)
                    .startsWith(group == 0 ? QStringLiteral("tile.load") : QStringLiteral("DSA-RP")));
        // The log held every record twice (two compiles into one folder): the tooltip says so.
        QVERIFY(model.index(row, 0, parent)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("2 identical")));
        model.setCapture(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // The moves read in the unit of their median, named in the header, whichever hints the build
    // has.
    void movesReadInOneUnit_data()
    {
        QTest::addColumn<QByteArray>("more");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QStringList>("cells");
        QTest::newRow("KiB") << QByteArray() << "Moves (KiB)" << QStringList{"4.0", "1.0", ""};
        QTest::newRow("half a KiB") << ph001(12, "; moves 512B as 8 x 64B rows") << "Moves (KiB)"
                                    << QStringList{"4.0", "1.0", "0.5", ""};
        QTest::newRow("mostly bytes")
            << ph001(12, "; moves 512B as 8 x 64B rows") + ph001(13, "; moves 256B as 4 x 64B rows") +
                   ph001(14, "; moves 128B as 2 x 64B rows")
            << "Moves (B)" << QStringList{"4096", "1024", "512", "256", "128", ""};
        QTest::newRow("mostly MiB") << ph001(12, "; moves 2097152B as 32768 x 64B rows") +
                                           ph001(13, "; moves 3145728B as 49152 x 64B rows")
                                    << "Moves (MiB)" << QStringList{"3.0", "2.0", "0.0", "0.0", ""};
    }
    void movesReadInOneUnit()
    {
        QFETCH(QByteArray, more);
        QFETCH(QString, header);
        QFETCH(QStringList, cells);
        QTemporaryDir dir;
        const CapturePtr capture = buildWithHints(dir, more);
        QVERIFY(capture);
        CompilerHintsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCapture(capture);
        QCOMPARE(model.headerData(CompilerHintsModel::MovesColumn, Qt::Horizontal).toString(), header);
        const QModelIndex ph001 = model.index(0, 0);
        QStringList shown;
        for (int row = 0; row < model.rowCount(ph001); ++row)
            shown << model.index(row, CompilerHintsModel::MovesColumn, ph001).data().toString();
        QCOMPARE(shown, cells);
    }

    // A real click on the Moves header sorts the hints by the bytes they move, not by the text of
    // the cells ("16.0" after "4.0"), a second click the other way, the hints that name no volume
    // first when rising.
    void movesHeaderSortsByBytes()
    {
        QTemporaryDir dir;
        const CapturePtr capture = buildWithHints(dir, ph001(12, "; moves 16384B as 256 x 64B rows"));
        QVERIFY(capture);
        QWidget window;
        auto *view = new TimelineView(&window);
        view->setGeometry(0, 0, 1200, 300);
        view->setCapture(capture);
        ActiveCapture active;
        auto *panel = new CompilerHintsPanel(active, &window);
        panel->setGeometry(0, 300, 1200, 350);
        window.resize(1200, 650);
        active.showCapture(view, capture, nullptr, QStringLiteral("sample"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTreeView *tree = panel->tree();
        QCOMPARE(tree->model()->headerData(CompilerHintsModel::MovesColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Moves (KiB)"));
        QHeaderView *header = tree->header();
        const int x = header->sectionViewportPosition(CompilerHintsModel::MovesColumn) +
                      header->sectionSize(CompilerHintsModel::MovesColumn) / 2;
        const QStringList rising{QString(), QStringLiteral("1.0"), QStringLiteral("4.0"),
                                 QStringLiteral("16.0")};
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
            QCOMPARE(header->sortIndicatorOrder(), order);
            const QModelIndex ph001 = panel->model()->index(0, 0);
            QCOMPARE(ph001.data().toString(), QStringLiteral("PH001 TileInnermostDimGranularity (4)"));
            QStringList cells;
            for (int row = 0; row < panel->model()->rowCount(ph001); ++row)
                cells << panel->model()->index(row, CompilerHintsModel::MovesColumn, ph001).data().toString();
            QCOMPARE(cells,
                     order == Qt::AscendingOrder ? rising : QStringList(rising.rbegin(), rising.rend()));
        }
    }

    void modelSortsWithinEachCode_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("order");
        QTest::addColumn<QStringList>("locations");
        QTest::newRow("moves, by bytes, none first")
            << int(CompilerHintsModel::MovesColumn) << int(Qt::AscendingOrder)
            << QStringList{QStringLiteral("k.py:99:5"), QStringLiteral("k.py:10:5"),
                           QStringLiteral("k.py:11:5")};
        QTest::newRow("moves, largest first")
            << int(CompilerHintsModel::MovesColumn) << int(Qt::DescendingOrder)
            << QStringList{QStringLiteral("k.py:11:5"), QStringLiteral("k.py:10:5"),
                           QStringLiteral("k.py:99:5")};
        QTest::newRow("location") << int(CompilerHintsModel::LocationColumn) << int(Qt::AscendingOrder)
                                  << QStringList{QStringLiteral("k.py:10:5"), QStringLiteral("k.py:11:5"),
                                                 QStringLiteral("k.py:99:5")};
        QTest::newRow("kernel, descending")
            << int(CompilerHintsModel::KernelColumn) << int(Qt::DescendingOrder)
            << QStringList{QStringLiteral("k.py:10:5"), QStringLiteral("k.py:11:5"),
                           QStringLiteral("k.py:99:5")};
    }
    void modelSortsWithinEachCode()
    {
        QFETCH(int, column);
        QFETCH(int, order);
        QFETCH(QStringList, locations);
        QTemporaryDir dir;
        const CapturePtr capture = buildWithHints(dir);
        QVERIFY(capture);
        CompilerHintsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCapture(capture);
        const QPersistentModelIndex largest =
            model.index(0, CompilerHintsModel::KernelColumn, model.index(0, 0));
        QCOMPARE(largest.data().toString(), QStringLiteral("qk_matmul"));
        model.sort(column, Qt::SortOrder(order));
        const QModelIndex ph001 = model.index(0, 0);
        QCOMPARE(ph001.data().toString(), QStringLiteral("PH001 TileInnermostDimGranularity (3)"));
        QStringList sorted;
        for (int row = 0; row < model.rowCount(ph001); ++row)
            sorted << model.index(row, CompilerHintsModel::LocationColumn, ph001).data().toString();
        QCOMPARE(sorted, locations);
        QCOMPARE(largest.data().toString(), QStringLiteral("qk_matmul")); // persistent indexes follow
        QCOMPARE(model.rowCount(model.index(1, 0)), 1);
        QCOMPARE(
            model.headerData(CompilerHintsModel::MovesColumn, Qt::Horizontal, Qt::TextAlignmentRole).toInt(),
            int(Qt::AlignRight | Qt::AlignVCenter));
        QCOMPARE(model.index(0, CompilerHintsModel::MovesColumn, ph001).data(Qt::TextAlignmentRole).toInt(),
                 int(Qt::AlignRight | Qt::AlignVCenter));
    }

    // A real click on a joined hint locates that kernel's longest bar; on an unjoined one it only
    // says so. The bar's details name the hints joined to its kernel.
    void clickingAHintLocatesItsKernel()
    {
        QTemporaryDir dir;
        const CapturePtr capture = buildWithHints(dir);
        QVERIFY(capture);
        QWidget window;
        auto *view = new TimelineView(&window);
        view->setGeometry(0, 0, 1200, 450);
        view->setCapture(capture);
        ActiveCapture active;
        auto *panel = new CompilerHintsPanel(active, &window);
        panel->setGeometry(0, 450, 1200, 350);
        window.resize(1200, 800);
        active.showCapture(view, capture, nullptr, QStringLiteral("sample"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(
            panel->summary().startsWith(QStringLiteral("4 hints in perf_hints.log, 3 joined to a kernel")),
            qPrintable(panel->summary()));
        QVERIFY(panel->summary().contains(QStringLiteral("4 repeated records folded")));

        QTreeView *tree = panel->tree();
        const QModelIndex unjoined = panel->model()->index(2, 0, panel->model()->index(0, 0));
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(unjoined).center());
        QVERIFY(!view->selection());
        QVERIFY2(panel->details().contains(QStringLiteral("Joined to no kernel")),
                 qPrintable(panel->details()));

        const QModelIndex joined = panel->model()->index(0, 0, panel->model()->index(0, 0));
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(joined).center());
        QVERIFY2(panel->details().contains(QStringLiteral("Kernel: qk_matmul")),
                 qPrintable(panel->details()));
        QVERIFY(panel->details().contains(QStringLiteral("Moves 4 KiB per transfer as 64 rows of 64 B")));
        QVERIFY(view->selection());
        const Lane &lane = capture->lanes[std::size_t(view->selection()->lane)];
        const Slice &s = lane.slices[view->selection()->slice];
        QCOMPARE(std::size_t(s.ref), longestRowOf(*capture, 7));
        QVERIFY(view->visibleRange().contains((s.startUs + s.endUs) / 2));
        QVERIFY(taskIdLines(*capture, capture->rows[std::size_t(s.ref)])
                    .contains(QStringLiteral("Compiler hints: 1 (PH001; see the Compiler hints panel)")));
    }

    void withoutAReportFolder()
    {
        QTemporaryDir dir;
        QVERIFY(copyTree(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"),
                         dir.filePath(QStringLiteral("dfx_outputs"))));
        const CapturePtr capture = loadCapture(dir.filePath(QStringLiteral("dfx_outputs"))).capture;
        QVERIFY(capture);
        QWidget window;
        auto *view = new TimelineView(&window);
        view->setCapture(capture);
        ActiveCapture active;
        CompilerHintsPanel panel(active);
        active.showCapture(view, capture, nullptr, QStringLiteral("sample"));
        QVERIFY2(panel.summary().startsWith(QStringLiteral("No build report folder")),
                 qPrintable(panel.summary()));
        QCOMPARE(panel.model()->rowCount(), 0);
        active.clear();
        QCOMPARE(panel.summary(), QStringLiteral("No capture."));
    }
};

LANESCOPE_TEST_MAIN(TestCompilerHintsPanel)
#include "tst_compilerhintspanel.moc"
