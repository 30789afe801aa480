// A uniform metadata.core_types on a mixed part is not trusted (field supplement §2): the lanes are
// typed by the cluster pattern, the typing is marked inferred, and functions resolve as they would
// with the right table. The file is hand-written from the supplement's tables, not generated.
#include "model/io/loader.h"
#include "model/io/records/coretypeinference.h"
#include "testmain.h"

using namespace lanescope;

namespace {

const QString kUniform = QStringLiteral(LANESCOPE_FIXTURES "/field/uniform-core-types");

std::vector<CoreType> repeated(int n, CoreType t)
{
    return std::vector<CoreType>(std::size_t(n), t);
}

} // namespace

class TstCoreTypeInference : public QObject
{
    Q_OBJECT

private slots:
    void clusterPattern_data()
    {
        QTest::addColumn<int>("aic");         // AIC cores in the file's table
        QTest::addColumn<int>("aiv");         // AIV cores in the file's table
        QTest::addColumn<int>("cores");       // num_cores
        QTest::addColumn<int>("inferredAic"); // AIC cores of the inferred table; -1: the file's stands
        QTest::newRow("72 × aic on 24 + 48") << 72 << 0 << 72 << 24;
        QTest::newRow("60 × aic on 20 + 40") << 60 << 0 << 60 << 20;
        QTest::newRow("60 × aiv on 20 + 40") << 0 << 60 << 60 << 20;
        QTest::newRow("the right table stands") << 24 << 48 << 72 << -1;
        QTest::newRow("uniform on a part that is not mixed") << 16 << 0 << 16 << -1;
        QTest::newRow("uniform but shorter than num_cores") << 36 << 0 << 72 << 24;
        QTest::newRow("no table") << 0 << 0 << 72 << -1;
    }
    void clusterPattern()
    {
        QFETCH(int, aic);
        QFETCH(int, aiv);
        QFETCH(int, cores);
        QFETCH(int, inferredAic);
        std::vector<CoreType> table = repeated(aic, CoreType::Aic);
        const std::vector<CoreType> aivs = repeated(aiv, CoreType::Aiv);
        table.insert(table.end(), aivs.begin(), aivs.end());
        const std::optional<std::vector<CoreType>> types = clusterCoreTypes(table, cores);
        QCOMPARE(types.has_value(), inferredAic >= 0);
        if (!types)
            return;
        QCOMPARE(int(types->size()), cores);
        for (int core = 0; core < cores; ++core)
            QCOMPARE((*types)[std::size_t(core)], core < inferredAic ? CoreType::Aic : CoreType::Aiv);
    }

    // The file lists 72 × "aic"; its AIV task runs on cores 30 and 31.
    void uniformTableOnAMixedPart()
    {
        const LoadResult loaded = loadCapture(kUniform);
        QVERIFY2(loaded.capture, qPrintable(loaded.error.toString()));
        const Capture &c = *loaded.capture;
        QVERIFY(c.info.coreTypesInferred);
        QCOMPARE(std::count(c.info.coreTypes.begin(), c.info.coreTypes.end(), CoreType::Aic), 24);
        const QString warnings = c.info.warnings.join(u'\n');
        QVERIFY2(warnings.contains(
                     QStringLiteral("chip_swimlane_records.json: metadata.core_types lists 72 × \"aic\"")),
                 qPrintable(warnings));
        QVERIFY2(warnings.contains(QStringLiteral("inferred")), qPrintable(warnings));
        QVERIFY2(!warnings.contains(QStringLiteral("kernel_ids slot is -1")), qPrintable(warnings));
        // Functions resolve as with the right table: the AIC task's slot 0, the AIV task's slot 1.
        QCOMPARE(c.rows.size(), std::size_t(3));
        for (const TaskRow &row : c.rows) {
            const bool aiv = row.coreId >= 24;
            QCOMPARE(row.coreType, aiv ? CoreType::Aiv : CoreType::Aic);
            QCOMPARE(row.funcId, aiv ? 1 : 0);
        }
        // And the lanes are named by their inferred type.
        QStringList names;
        for (const Lane &lane : c.lanes)
            if (lane.kind == LaneKind::Worker)
                names << lane.name;
        QVERIFY2(names.contains(QStringLiteral("AIC_3")) && names.contains(QStringLiteral("AIV_30")) &&
                     names.contains(QStringLiteral("AIV_31")),
                 qPrintable(names.join(u',')));
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TstCoreTypeInference)
#include "tst_coretypeinference.moc"
