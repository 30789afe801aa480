#include "model/capture/phasevocabulary.h"
#include "model/capture/stringtable.h"
#include "model/io/records/phasekinds.h"
#include "testmain.h"

using namespace lanescope;

class TestPhaseVocabulary : public QObject
{
    Q_OBJECT

private slots:
    void aicoreDisplayName_data()
    {
        QTest::addColumn<QString>("wire");
        QTest::addColumn<QString>("display");
        // Supplement §7 "Display names".
        QTest::newRow("complete") << "complete"
                                  << "Completion";
        QTest::newRow("resolve") << "resolve"
                                 << "Resolve";
        QTest::newRow("state_probe") << "state_probe"
                                     << "StateProbe";
        QTest::newRow("dispatch") << "dispatch"
                                  << "Dispatch";
        QTest::newRow("worksteal") << "worksteal"
                                   << "Worksteal";
        QTest::newRow("refill") << "refill"
                                << "Refill";
        QTest::newRow("bootstrap keeps its name") << "bootstrap"
                                                  << "bootstrap";
        QTest::newRow("idle keeps its name") << "idle"
                                             << "idle";
        QTest::newRow("unknown keeps its name") << "warp_drive"
                                                << "warp_drive";
    }
    void aicoreDisplayName()
    {
        QFETCH(QString, wire);
        QFETCH(QString, display);
        QCOMPARE(lanescope::aicoreDisplayName(wire), display);
    }

    void vocabularies()
    {
        // Supplement §7 PHASES_BY_PRODUCER, in its order.
        QCOMPARE(phaseVocabulary(SchedulerProducer::Aicore),
                 (QStringList{"bootstrap", "state_probe", "dispatch", "worksteal", "refill", "complete",
                              "resolve", "idle"}));
        // Supplement §6.2 OUTER.
        QCOMPARE(outerPhases(),
                 (QStringList{"complete", "async_poll", "state_probe", "dispatch", "worksteal", "refill",
                              "release", "dummy", "early_dispatch", "drain", "graph_prepare"}));
        const QStringList &aicpu = phaseVocabulary(SchedulerProducer::Aicpu);
        QCOMPARE(aicpu.mid(0, outerPhases().size()), outerPhases());
        QVERIFY(aicpu.contains("resolve_standalone"));
        QVERIFY(!aicpu.contains("bootstrap"));
    }

    void everyVocabularyKindIsKnown_data()
    {
        QTest::addColumn<QString>("kind");
        for (const auto producer : {SchedulerProducer::Aicpu, SchedulerProducer::Aicore})
            for (const QString &k : phaseVocabulary(producer))
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(int(producer)).arg(k))) << k;
    }
    void everyVocabularyKindIsKnown()
    {
        QFETCH(QString, kind);
        QVERIFY(PhaseKindTable::isKnown(kind.toStdString()));
    }

    void canonicalAndLegacy_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("canonical");
        QTest::addColumn<bool>("legacyAicore");
        QTest::newRow("resolve_standalone") << "resolve_standalone"
                                            << "resolve" << false;
        QTest::newRow("resolve") << "resolve"
                                 << "resolve" << false;
        QTest::newRow("ready_claim") << "ready_claim"
                                     << "ready_claim" << true;
        QTest::newRow("ready_steal") << "ready_steal"
                                     << "ready_steal" << true;
        QTest::newRow("direct_refill") << "direct_refill"
                                       << "direct_refill" << true;
        QTest::newRow("fanin") << "fanin"
                               << "fanin" << true;
        QTest::newRow("bootstrap") << "bootstrap"
                                   << "bootstrap" << false;
    }
    void canonicalAndLegacy()
    {
        QFETCH(QString, kind);
        QFETCH(QString, canonical);
        QFETCH(bool, legacyAicore);
        QCOMPARE(canonicalPhase(kind), canonical);
        QCOMPARE(isLegacyAicorePhase(kind), legacyAicore);
    }

    void unknownKindsAreKeptAndListed()
    {
        StringTable table;
        PhaseKindTable kinds(table);
        const auto bootstrap = kinds.intern("bootstrap");
        const auto idle = kinds.intern("idle");
        const auto odd = kinds.intern("warp_drive");
        QCOMPARE(table.at(bootstrap), QStringLiteral("bootstrap"));
        QCOMPARE(table.at(idle), QStringLiteral("idle"));
        QCOMPARE(table.at(odd), QStringLiteral("warp_drive"));
        QCOMPARE(kinds.unknownKinds(), (std::vector<std::string>{"warp_drive"}));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestPhaseVocabulary)
#include "tst_phasevocabulary.moc"
