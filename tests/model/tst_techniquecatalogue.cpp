#include "beforeafterpair.h"
#include "model/techniques/metricdefinitions.h"
#include "model/techniques/techniquecatalogue.h"
#include "testmain.h"

#include <QFile>
#include <QSet>

using namespace lanescope;

namespace {

const QString kCatalogue = beforeAfterCatalogue();

QByteArray catalogueBytes()
{
    QFile f(kCatalogue);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestTechniqueCatalogue : public QObject
{
    Q_OBJECT

private slots:
    void chapterInOrder()
    {
        QString error;
        const auto c = TechniqueCatalogue::fromFile(kCatalogue, &error);
        QVERIFY2(c, qPrintable(error));
        QStringList pages;
        for (const TechniquePage &p : c->pages())
            pages << p.id + u' ' + p.title;
        QCOMPARE(pages, (QStringList{"00 Reading the swimlane", "01 Task granularity", "02 Runtime overhead",
                                     "03 Dependencies", "04 Inside the kernel", "05 Runtime memory (rings)",
                                     "06 Host side"}));
        QCOMPARE(c->techniques().size(), std::size_t(22));
        QStringList order;
        for (const Technique &t : c->techniques())
            order << t.shortId;
        QCOMPARE(order,
                 (QStringList{"01a", "01b", "01c", "01d", "02a", "02b", "02c", "02d", "03a", "03b", "03c",
                              "03d", "04a", "04b", "04c", "04d", "04e", "04f", "05a", "05b", "06a", "06b"}));
        int diagnostics = 0;
        for (const Technique &t : c->techniques()) {
            QVERIFY2(t.id.startsWith(t.shortId + u'-'), qPrintable(t.id));
            QVERIFY2(t.id.startsWith(t.page), qPrintable(t.id));
            for (const QString *field : {&t.title, &t.whenItApplies, &t.how, &t.cost, &t.howToConfirm})
                QVERIFY2(field->size() > 10 || field == &t.title, qPrintable(t.id));
            QVERIFY2(!t.confirmation.empty(), qPrintable(t.id));
            diagnostics += t.diagnostic ? 1 : 0;
        }
        QCOMPARE(diagnostics, 1); // 04d, the instruction trace
        QVERIFY(c->find(QStringLiteral("04d"))->diagnostic);
    }

    // Every confirmation metric names a value the metric library computes.
    void metricsExist()
    {
        const auto c = TechniqueCatalogue::fromJson(catalogueBytes());
        QVERIFY(c);
        auto check = [](const std::vector<ConfirmationMetric> &list, const QString &where) {
            QSet<QString> seen;
            for (const ConfirmationMetric &m : list) {
                QVERIFY2(metricDefinition(m.metric), qPrintable(where + u' ' + m.metric));
                QVERIFY2(!seen.contains(m.metric),
                         qPrintable(where + QStringLiteral(" lists twice ") + m.metric));
                seen.insert(m.metric);
            }
        };
        check(c->generalMetrics(), QStringLiteral("general"));
        for (const Technique &t : c->techniques())
            check(t.confirmation, t.id);
        // Value ids are unique and grouped under M1..M22 and the two hint codes.
        QSet<QString> ids, metrics;
        for (const MetricDefinition &d : metricDefinitions()) {
            QVERIFY2(!ids.contains(d.id), qPrintable(d.id));
            ids.insert(d.id);
            metrics.insert(d.metric);
            QVERIFY(d.id == d.metric || d.id.startsWith(d.metric + u'.'));
        }
        QCOMPARE(metrics.size(), 24); // M1..M22, PH001, PH-MR-001
    }

    void find_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("id");
        QTest::newRow("full") << "02b-spmd"
                              << "02b-spmd";
        QTest::newRow("short") << "05a"
                               << "05a-rebalance-scopes";
        QTest::newRow("case") << "01A-LARGER-TILING"
                              << "01a-larger-tiling";
        QTest::newRow("unknown") << "07z"
                                 << "";
        QTest::newRow("general is not a technique") << "general"
                                                    << "";
    }
    void find()
    {
        QFETCH(QString, query);
        QFETCH(QString, id);
        const auto c = TechniqueCatalogue::fromJson(catalogueBytes());
        const Technique *t = c->find(query);
        QCOMPARE(t ? t->id : QString(), id);
    }

    void badCatalogue_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{") << "catalogue.json: at byte 2: not valid JSON";
        QTest::newRow("no pages") << QByteArray("{}")
                                  << "catalogue.json: catalogue: \"pages\" is not an array";
        QTest::newRow("unknown technique")
            << QByteArray(
                   "{\"pages\":[{\"id\":\"01\",\"title\":\"t\",\"summary\":\"s\",\"techniques\":[\"x\"]}],"
                   "\"general\":[],\"techniques\":[]}")
            << "catalogue.json: page 01 lists unknown technique \"x\"";
        QTest::newRow("bad direction")
            << QByteArray("{\"pages\":[],\"general\":[{\"metric\":\"M1\",\"expected\":\"sideways\"}],"
                          "\"techniques\":[]}")
            << "catalogue.json: general[0].expected: unknown direction \"sideways\"";
    }
    void badCatalogue()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!TechniqueCatalogue::fromJson(json, &error));
        QCOMPARE(error, message);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestTechniqueCatalogue)
#include "tst_techniquecatalogue.moc"
