#include "handbuiltpair.h"
#include "model/diff/taskdiff.h"
#include "testmain.h"
#include "widgets/comparison/functiondeltamodel.h"

#include <QAbstractItemModelTester>

using namespace lanescope;

namespace {

FunctionDelta functionDelta(std::int32_t id, const char *name, std::size_t rows, double meanDelta,
                            std::optional<double> share)
{
    FunctionDelta f;
    f.funcId = id;
    f.name = QString::fromUtf8(name);
    f.beforeRows = rows;
    f.afterRows = rows + 1;
    f.matchedRows = rows;
    f.beforeTotalUs = 10.0 * double(rows);
    f.afterTotalUs = f.beforeTotalUs + meanDelta * double(rows);
    f.meanDeltaUs = meanDelta;
    f.totalDeltaUs = meanDelta * double(rows);
    f.shareOfMakespanChange = share;
    return f;
}

std::vector<FunctionDelta> threeFunctions()
{
    return {functionDelta(3, "matmul", 10, 2.5, 0.75), functionDelta(1, "softmax", 4, -1.0, -0.1),
            functionDelta(2, "", 2, 0.0, std::nullopt)};
}

} // namespace

class TstFunctionDeltaModel : public QObject
{
    Q_OBJECT

private slots:
    void passesTheModelTester()
    {
        FunctionDeltaModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFunctions(threeFunctions());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(FunctionDeltaModel::ColumnCount));
        for (int column = 0; column < model.columnCount(); ++column)
            model.sort(column, column % 2 ? Qt::DescendingOrder : Qt::AscendingOrder);
        model.setFunctions({});
        QCOMPARE(model.rowCount(), 0);
    }

    void cells_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVariant>("value");
        QTest::newRow("name") << 0 << int(FunctionDeltaModel::Function) << QStringLiteral("matmul")
                              << QVariant(QStringLiteral("matmul"));
        QTest::newRow("unnamed") << 2 << int(FunctionDeltaModel::Function) << QStringLiteral("(function 2)")
                                 << QVariant(QString());
        QTest::newRow("before rows") << 0 << int(FunctionDeltaModel::BeforeRows) << QStringLiteral("10")
                                     << QVariant(qulonglong(10));
        QTest::newRow("after rows") << 1 << int(FunctionDeltaModel::AfterRows) << QStringLiteral("5")
                                    << QVariant(qulonglong(5));
        QTest::newRow("mean slower") << 0 << int(FunctionDeltaModel::MeanDelta) << QStringLiteral("+2.500")
                                     << QVariant(2.5);
        QTest::newRow("mean faster") << 1 << int(FunctionDeltaModel::MeanDelta) << QStringLiteral("−1.000")
                                     << QVariant(-1.0);
        QTest::newRow("total") << 0 << int(FunctionDeltaModel::TotalDelta) << QStringLiteral("+25.000")
                               << QVariant(25.0);
        QTest::newRow("share") << 0 << int(FunctionDeltaModel::Share) << QStringLiteral("75.0 %")
                               << QVariant(0.75);
        QTest::newRow("no share") << 2 << int(FunctionDeltaModel::Share) << QStringLiteral("–") << QVariant();
    }

    void cells()
    {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, text);
        QFETCH(QVariant, value);
        FunctionDeltaModel model;
        model.setFunctions(threeFunctions());
        QCOMPARE(model.index(row, column).data().toString(), text);
        QCOMPARE(model.index(row, column).data(Qt::UserRole), value);
    }

    void onePerColumn_data()
    {
        QTest::addColumn<QList<double>>("meansUs");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QStringList>("cells");
        QTest::newRow("microseconds")
            << QList<double>{2.5, -1.0, 0.0} << QStringLiteral("Mean Δ (µs)")
            << QStringList{QStringLiteral("+2.500"), QStringLiteral("−1.000"), QStringLiteral("0.000")};
        // The nanosecond changes are the typical ones: the one in microseconds is written in ns too,
        // not as "+1.2 µs" beside "+850 ns".
        QTest::newRow("nanoseconds, one larger")
            << QList<double>{0.85, 1.2, -0.04} << QStringLiteral("Mean Δ (ns)")
            << QStringList{QStringLiteral("+850.0"), QStringLiteral("+1200.0"), QStringLiteral("−40.0")};
        QTest::newRow("milliseconds")
            << QList<double>{1536.0, -2500.0, 12.0} << QStringLiteral("Mean Δ (ms)")
            << QStringList{QStringLiteral("+1.536"), QStringLiteral("−2.500"), QStringLiteral("+0.012")};
    }

    void onePerColumn()
    {
        QFETCH(QList<double>, meansUs);
        QFETCH(QString, header);
        QFETCH(QStringList, cells);
        std::vector<FunctionDelta> functions;
        for (int i = 0; i < meansUs.size(); ++i)
            functions.push_back(functionDelta(i, "f", 1, meansUs[i], std::nullopt));
        FunctionDeltaModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFunctions(functions);
        QCOMPARE(model.headerData(FunctionDeltaModel::MeanDelta, Qt::Horizontal).toString(), header);
        // One row per function: the total is the mean, in the same unit.
        QCOMPARE(model.headerData(FunctionDeltaModel::TotalDelta, Qt::Horizontal).toString(),
                 QString(header).replace(QStringLiteral("Mean"), QStringLiteral("Total")));
        for (int row = 0; row < cells.size(); ++row) {
            QCOMPARE(model.index(row, FunctionDeltaModel::MeanDelta).data().toString(), cells[row]);
            QCOMPARE(model.index(row, FunctionDeltaModel::TotalDelta).data().toString(), cells[row]);
        }
    }

    void alignsNumbersRight_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("alignment");
        const int left = int(Qt::AlignLeft | Qt::AlignVCenter),
                  right = int(Qt::AlignRight | Qt::AlignVCenter);
        QTest::newRow("function") << int(FunctionDeltaModel::Function) << left;
        QTest::newRow("before rows") << int(FunctionDeltaModel::BeforeRows) << right;
        QTest::newRow("matched") << int(FunctionDeltaModel::Matched) << right;
        QTest::newRow("mean") << int(FunctionDeltaModel::MeanDelta) << right;
        QTest::newRow("total") << int(FunctionDeltaModel::TotalDelta) << right;
        QTest::newRow("share") << int(FunctionDeltaModel::Share) << right;
    }

    void alignsNumbersRight()
    {
        QFETCH(int, column);
        QFETCH(int, alignment);
        FunctionDeltaModel model;
        model.setFunctions(threeFunctions());
        QCOMPARE(model.index(0, column).data(Qt::TextAlignmentRole).toInt(), alignment);
        QCOMPARE(model.headerData(column, Qt::Horizontal, Qt::TextAlignmentRole).toInt(), alignment);
    }

    void sorts_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("order");
        QTest::addColumn<QList<int>>("ids");
        QTest::newRow("total ascending")
            << int(FunctionDeltaModel::TotalDelta) << int(Qt::AscendingOrder) << QList<int>{1, 2, 3};
        QTest::newRow("total descending")
            << int(FunctionDeltaModel::TotalDelta) << int(Qt::DescendingOrder) << QList<int>{3, 2, 1};
        // By the number, not its text: "−1.000" sorts after "0.000" and "+2.500" as text.
        QTest::newRow("mean ascending")
            << int(FunctionDeltaModel::MeanDelta) << int(Qt::AscendingOrder) << QList<int>{1, 2, 3};
        QTest::newRow("rows ascending")
            << int(FunctionDeltaModel::BeforeRows) << int(Qt::AscendingOrder) << QList<int>{2, 1, 3};
        // Without a share last, whichever the order.
        QTest::newRow("share ascending")
            << int(FunctionDeltaModel::Share) << int(Qt::AscendingOrder) << QList<int>{1, 3, 2};
        QTest::newRow("share descending")
            << int(FunctionDeltaModel::Share) << int(Qt::DescendingOrder) << QList<int>{3, 1, 2};
    }

    void sorts()
    {
        QFETCH(int, column);
        QFETCH(int, order);
        QFETCH(QList<int>, ids);
        FunctionDeltaModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFunctions(threeFunctions());
        const QPersistentModelIndex matmul = model.index(0, 0);
        model.sort(column, Qt::SortOrder(order));
        QList<int> sorted;
        for (int row = 0; row < model.rowCount(); ++row)
            sorted << model.function(row).funcId;
        QCOMPARE(sorted, ids);
        QCOMPARE(matmul.data().toString(), QStringLiteral("matmul")); // persistent indexes follow
    }

    void showsTheDiffOfAPair()
    {
        std::vector<HandBuiltTask> slower = evenTasks(2);
        for (HandBuiltTask &t : slower) {
            if (t.funcId == 1)
                t.durationUs += 1.0;
        }
        const TaskDiff diff = diffTasks(*handBuiltCapture(evenTasks(2), 2), *handBuiltCapture(slower, 2));
        FunctionDeltaModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFunctions(diff.byFunction);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, FunctionDeltaModel::Function).data().toString(), QStringLiteral("func_1"));
        QCOMPARE(model.index(0, FunctionDeltaModel::Matched).data(Qt::UserRole).toULongLong(), 10ull);
        QCOMPARE(model.index(0, FunctionDeltaModel::MeanDelta).data().toString(), QStringLiteral("+1.000"));
        QCOMPARE(model.index(0, FunctionDeltaModel::TotalDelta).data(Qt::UserRole).toDouble(), 10.0);
        QCOMPARE(model.index(1, FunctionDeltaModel::TotalDelta).data().toString(), QStringLiteral("0.000"));
    }
};

LANESCOPE_TEST_MAIN(TstFunctionDeltaModel)
#include "tst_functiondeltamodel.moc"
