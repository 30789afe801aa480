#include "testmain.h"
#include "widgets/timeline/grouporder.h"
#include "widgets/timeline/grouppreference.h"
#include "widgets/timeline/lanearrangement.h"

using namespace lanescope;

namespace {

QStringList names(const QString &spaced)
{
    return spaced.split(u' ', Qt::SkipEmptyParts);
}

// One lane per letter of `lanes` (its group), then one counter per letter of `counters`.
Capture groupsCapture(const QString &lanes, const QString &counters = {})
{
    Capture c;
    for (const QString &group : names(lanes)) {
        Lane l;
        l.group = group;
        c.lanes.push_back(l);
    }
    for (const QString &group : names(counters)) {
        CounterTrack t;
        t.group = group;
        c.counters.push_back(t);
    }
    return c;
}

} // namespace

class TestGroupOrder : public QObject
{
    Q_OBJECT

private slots:
    void merge_data()
    {
        QTest::addColumn<QString>("leading");
        QTest::addColumn<QString>("natural");
        QTest::addColumn<QString>("merged");
        QTest::newRow("no leading order") << ""
                                          << "A B C"
                                          << "A B C";
        QTest::newRow("leading order kept") << "C A B"
                                            << "A B C"
                                            << "C A B";
        QTest::newRow("unseen after its natural predecessor") << "C A B"
                                                              << "A X B C"
                                                              << "C A X B";
        QTest::newRow("unseen first stays first") << "B A"
                                                  << "X A B"
                                                  << "X B A";
        QTest::newRow("a run of unseen groups") << "B A"
                                                << "A X Y B"
                                                << "B A X Y";
        QTest::newRow("unseen keep their relative order") << "C B A"
                                                          << "Y A X B C"
                                                          << "Y C B A X";
        QTest::newRow("names natural lacks stay") << "Z B A"
                                                  << "A B"
                                                  << "Z B A";
        QTest::newRow("duplicates once") << "B B A"
                                         << "A B"
                                         << "B A";
        QTest::newRow("nothing") << ""
                                 << ""
                                 << "";
    }

    void merge()
    {
        QFETCH(QString, leading);
        QFETCH(QString, natural);
        QFETCH(QString, merged);
        QCOMPARE(mergeGroupOrder(names(leading), names(natural)), names(merged));
    }

    // A capture's groups as the arrangement shows them: the remembered order over the capture's
    // own, groups it does not have left out, counter-only groups last unless ordered.
    void groupsInOrder_data()
    {
        QTest::addColumn<QString>("lanes");
        QTest::addColumn<QString>("counters");
        QTest::addColumn<QString>("order");
        QTest::addColumn<QString>("shown");
        QTest::newRow("own order") << "S S A"
                                   << "S O"
                                   << ""
                                   << "S A O";
        QTest::newRow("reversed") << "S S A"
                                  << "S O"
                                  << "O A S"
                                  << "O A S";
        QTest::newRow("removed groups ignored") << "S S A"
                                                << ""
                                                << "Gone A Old S"
                                                << "A S";
        QTest::newRow("new group after its predecessor") << "S A H"
                                                         << ""
                                                         << "A S"
                                                         << "A H S";
    }

    void groupsInOrder()
    {
        QFETCH(QString, lanes);
        QFETCH(QString, counters);
        QFETCH(QString, order);
        QFETCH(QString, shown);
        LaneArrangement a;
        a.groupOrder = names(order);
        const Capture c = groupsCapture(lanes, counters);
        QCOMPARE(a.groupsInOrder(c), names(shown));
    }

    void moveGroup_data()
    {
        QTest::addColumn<QString>("group");
        QTest::addColumn<int>("delta");
        QTest::addColumn<QList<int>>("hiddenLanes");
        QTest::addColumn<bool>("moved");
        QTest::addColumn<QString>("after");
        // Lanes 0, 1: S; lane 2: A; lane 3: H. Counter: O.
        QTest::newRow("up") << "A" << -1 << QList<int>{} << true << "A S H O";
        QTest::newRow("down") << "A" << +1 << QList<int>{} << true << "S H A O";
        QTest::newRow("first cannot go up") << "S" << -1 << QList<int>{} << false << "S A H O";
        QTest::newRow("last cannot go down") << "O" << +1 << QList<int>{} << false << "S A H O";
        QTest::newRow("past a group without rows") << "S" << +1 << QList<int>{2} << true << "A H S O";
        QTest::newRow("no such group") << "X" << -1 << QList<int>{} << false << "S A H O";
    }

    void moveGroup()
    {
        QFETCH(QString, group);
        QFETCH(int, delta);
        QFETCH(QList<int>, hiddenLanes);
        QFETCH(bool, moved);
        QFETCH(QString, after);
        const Capture c = groupsCapture(QStringLiteral("S S A H"), QStringLiteral("O"));
        LaneArrangement a;
        a.hidden = QSet<int>(hiddenLanes.begin(), hiddenLanes.end());
        QCOMPARE(a.moveGroup(c, group, delta), moved);
        QCOMPARE(a.groupsInOrder(c), names(after));
    }

    void moveGroupTo_data()
    {
        QTest::addColumn<QString>("group");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("after");
        QTest::newRow("up onto a heading: before it") << "H"
                                                      << "S"
                                                      << "H S A";
        QTest::newRow("down onto a heading: after it") << "S"
                                                       << "A"
                                                       << "A S H";
        QTest::newRow("onto itself") << "S"
                                     << "S"
                                     << "S A H";
        QTest::newRow("onto no group") << "S"
                                       << "X"
                                       << "S A H";
    }

    void moveGroupTo()
    {
        QFETCH(QString, group);
        QFETCH(QString, target);
        QFETCH(QString, after);
        const Capture c = groupsCapture(QStringLiteral("S A H"));
        LaneArrangement a;
        a.moveGroupTo(c, group, target);
        QCOMPARE(a.groupsInOrder(c), names(after));
    }

    // Remembering one capture's order keeps the places of the groups it does not have.
    void rememberOrder_data()
    {
        QTest::addColumn<QString>("remembered");
        QTest::addColumn<QString>("capture");
        QTest::addColumn<QString>("after");
        QTest::newRow("first time") << ""
                                    << "B A"
                                    << "B A";
        QTest::newRow("same groups") << "A B"
                                     << "B A"
                                     << "B A";
        QTest::newRow("other capture's group kept after its predecessor") << "A Z B"
                                                                          << "B A"
                                                                          << "B A Z";
        QTest::newRow("new group joins") << "B A"
                                         << "A N B"
                                         << "A N B";
    }

    void rememberOrder()
    {
        QFETCH(QString, remembered);
        QFETCH(QString, capture);
        QFETCH(QString, after);
        GroupPreference p;
        p.order = names(remembered);
        p.rememberOrder(names(capture));
        QCOMPARE(p.order, names(after));
    }

    // The user's last fold or unfold of a group wins over the default; other groups keep it.
    void collapsedGroups_data()
    {
        QTest::addColumn<QString>("defaults");
        QTest::addColumn<QString>("toggles"); // +G folds G, -G unfolds it, in turn
        QTest::addColumn<QString>("collapsed");
        QTest::newRow("never toggled") << "SV"
                                       << ""
                                       << "SV";
        QTest::newRow("default unfolded") << "SV"
                                          << "-SV"
                                          << "";
        QTest::newRow("another folded") << "SV"
                                        << "+A"
                                        << "A SV";
        QTest::newRow("last toggle wins") << ""
                                          << "+A -A +A -A"
                                          << "";
        QTest::newRow("refolded default") << "SV"
                                          << "-SV +SV"
                                          << "SV";
    }

    void collapsedGroups()
    {
        QFETCH(QString, defaults);
        QFETCH(QString, toggles);
        QFETCH(QString, collapsed);
        GroupPreference p;
        for (const QString &t : names(toggles))
            p.rememberFolding(t.mid(1), t.front() == u'+');
        const QStringList d = names(defaults);
        QStringList got = p.collapsedGroups(QSet<QString>(d.begin(), d.end())).values();
        got.sort();
        QCOMPARE(got, names(collapsed));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestGroupOrder)
#include "tst_grouporder.moc"
