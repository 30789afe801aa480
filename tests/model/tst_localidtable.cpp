#include "model/analysis/localidtable.h"
#include "testmain.h"

#include <vector>

using namespace lanescope;

using Ids = std::vector<std::uint32_t>;
Q_DECLARE_METATYPE(Ids)

namespace {

// A table for `made`, with `touched` at()-ed, each adding its id to the value.
LocalIdTable<std::uint64_t> tableOf(const Ids &made, const Ids &touched, int *listings)
{
    LocalIdRange range;
    for (std::uint32_t id : made)
        range.add(id);
    LocalIdTable<std::uint64_t> table(range, [&](auto visit) {
        ++*listings;
        for (std::uint32_t id : made)
            visit(id);
    });
    for (std::uint32_t id : touched)
        table.at(id) += id;
    return table;
}

} // namespace

class TestLocalIdTable : public QObject
{
    Q_OBJECT

private slots:
    void walksThePresentIdsInOrder_data()
    {
        QTest::addColumn<Ids>("made");
        QTest::addColumn<Ids>("touched");
        QTest::addColumn<bool>("dense");
        QTest::addColumn<Ids>("present"); // in id order

        QTest::newRow("none") << Ids{} << Ids{} << true << Ids{};
        QTest::newRow("counting up") << Ids{7, 8, 9, 10} << Ids{10, 7, 8, 9} << true << Ids{7, 8, 9, 10};
        QTest::newRow("repeats and gaps")
            << Ids{40, 12, 40, 12, 13, 900} << Ids{900, 12, 40, 12} << true << Ids{12, 40, 900};
        QTest::newRow("made for, never touched") << Ids{1, 2, 3} << Ids{2} << true << Ids{2};
        QTest::newRow("scattered over the whole range")
            << Ids{4000000000u, 5, 1000000000u, 5} << Ids{5, 4000000000u, 1000000000u} << false
            << Ids{5, 1000000000u, 4000000000u};
        QTest::newRow("the largest id") << Ids{0, UINT32_MAX} << Ids{UINT32_MAX} << false << Ids{UINT32_MAX};
    }

    void walksThePresentIdsInOrder()
    {
        QFETCH(Ids, made);
        QFETCH(Ids, touched);
        QFETCH(bool, dense);
        QFETCH(Ids, present);
        int listings = 0;
        const LocalIdTable<std::uint64_t> table = tableOf(made, touched, &listings);
        QCOMPARE(table.dense(), dense);
        QCOMPARE(listings, dense ? 0 : 1); // the ids are listed again only when they take no slot each
        QCOMPARE(table.size(), present.size());
        Ids walked;
        table.forEach([&](std::uint32_t id, std::uint64_t value) {
            walked.push_back(id);
            const auto times = std::count(touched.begin(), touched.end(), id);
            QCOMPARE(value, std::uint64_t(id) * std::uint64_t(times));
        });
        QCOMPARE(walked, present);
        for (std::uint32_t id : present)
            QVERIFY(table.find(id) != nullptr);
    }

    void findsNothingItWasNotGiven_data()
    {
        QTest::addColumn<Ids>("made");
        QTest::addColumn<std::uint32_t>("asked");

        QTest::newRow("empty table") << Ids{} << 0u;
        QTest::newRow("below the smallest") << Ids{10, 11} << 9u;
        QTest::newRow("above the largest") << Ids{10, 11} << 12u;
        QTest::newRow("in a gap, never touched") << Ids{10, 20} << 15u;
        QTest::newRow("between scattered ids") << Ids{3, 3000000000u} << 4u;
        QTest::newRow("made for, never touched") << Ids{3, 3000000000u} << 3000000000u;
    }

    void findsNothingItWasNotGiven()
    {
        QFETCH(Ids, made);
        QFETCH(std::uint32_t, asked);
        int listings = 0;
        Ids touched;
        for (std::uint32_t id : made)
            if (id != asked && id != 3000000000u)
                touched.push_back(id);
        const LocalIdTable<std::uint64_t> table = tableOf(made, touched, &listings);
        QVERIFY(table.find(asked) == nullptr);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestLocalIdTable)

#include "tst_localidtable.moc"
