#include "model/session/capturedocument.h"
#include "model/session/capturefacts.h"
#include "testmain.h"
#include "widgets/overlays/dependencyarrows.h"
#include "widgets/overlays/dependencyarrowscontrols.h"
#include "widgets/panels/hbviolationlist.h"
#include "widgets/timeline/timelineview.h"

#include <QComboBox>
#include <QHeaderView>
#include <QTreeWidget>

using namespace lanescope;

// The hb_violation list looks its entries up in what the document found once per run
// (CaptureFacts::hbViolations); a click or a scope change tests no edge again.
class TestHbViolationList : public QObject
{
    Q_OBJECT

    std::shared_ptr<Capture> m_run;
    std::unique_ptr<QWidget> m_window;
    TimelineView *m_view = nullptr;
    HbViolationList *m_list = nullptr;
    DependencyArrows *m_arrows = nullptr;

    // The first AICore bar of a task that has a predecessor and a successor.
    std::optional<SliceRef> barWithDependencies() const
    {
        for (std::size_t l = 0; l < m_run->lanes.size(); ++l) {
            const Lane &lane = m_run->lanes[l];
            if (lane.kind != LaneKind::Worker)
                continue;
            for (std::size_t s = 0; s < lane.slices.size(); ++s) {
                const auto task = taskIdOfSlice(*m_run, int(l), s);
                if (task && !dependencyCone(m_run->deps, *task, 1).empty())
                    return SliceRef{int(l), s};
            }
        }
        return std::nullopt;
    }

private slots:
    void init()
    {
        const OpenedDocument opened = openDocument(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QVERIFY(opened.ok());
        m_run = std::make_shared<Capture>(*opened.document->runs.defaultRun());
        QVERIFY(!m_run->deps.empty());
        m_window = std::make_unique<QWidget>();
        auto *controls = new DependencyArrowsControls(m_window.get());
        m_list = new HbViolationList(m_window.get());
        m_view = new TimelineView(m_window.get());
        m_view->setGeometry(0, 0, 1200, 500);
        m_list->setGeometry(0, 500, 1200, 300);
        m_window->resize(1200, 800);
        m_arrows = new DependencyArrows(controls, m_list, m_window.get());
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup()
    {
        m_window.reset();
        m_run.reset();
    }

    void documentFoundEveryViolation()
    {
        QVERIFY(m_run->facts && m_run->facts->anchors);
        const DependencyAnchors anchors(*m_run);
        const auto all = hbViolations(*m_run, anchors, allDependencyEdges(m_run->deps));
        const HbViolationIndex &found = m_run->facts->hbViolations;
        QCOMPARE(found.all().size(), all.size());
        for (std::size_t i = 0; i < all.size(); ++i)
            QVERIFY(found.all()[i].pred == all[i].pred && found.all()[i].succ == all[i].succ);
        // A cone's violations are the ones hbViolations finds among its edges, in their order.
        for (std::uint32_t node = 0; node < m_run->deps.nodes().size(); node += 7) {
            const auto cone =
                dependencyCone(m_run->deps, m_run->deps.nodes()[node].taskId, kFullDependencyCone);
            const auto expected = hbViolations(*m_run, anchors, cone);
            const auto looked = found.among(cone);
            QCOMPARE(looked.size(), expected.size());
            for (std::size_t i = 0; i < expected.size(); ++i)
                QVERIFY(looked[i].pred == expected[i].pred && looked[i].succ == expected[i].succ);
        }
    }

    // The arrows attach to the anchors the document built, not to a set of their own.
    void arrowsUseTheDocumentsAnchors()
    {
        m_view->setCapture(m_run);
        m_arrows->setView(m_view);
        QVERIFY(m_arrows->overlay());
        QCOMPARE(&m_arrows->overlay()->anchors(), m_run->facts->anchors.get());
    }

    void wholeCaptureListsWhatTheDocumentFound()
    {
        auto facts = std::make_shared<CaptureFacts>(*m_run->facts);
        const HbViolation invented{0, 1, 20.0, 5.0}; // no edge test would give this one
        facts->hbViolations = HbViolationIndex(std::vector<HbViolation>{invented});
        m_run->facts = facts;
        m_view->setCapture(m_run);
        m_arrows->setView(m_view);
        m_list->setScope(HbViolationList::Scope::WholeCapture);
        QCOMPARE(m_list->tree()->topLevelItemCount(), 1);
        QCOMPARE(m_list->summary(), QStringLiteral("1 hb_violation in the whole capture"));
        // A new selection looks the list up again, still in the document's findings.
        const auto bar = barWithDependencies();
        QVERIFY(bar);
        m_view->select(*bar, true);
        QCOMPARE(m_list->tree()->topLevelItemCount(), 1);
        QCOMPARE(m_list->tree()->topLevelItem(0)->data(0, Qt::UserRole).toULongLong(),
                 quint64(m_run->deps.nodes()[1].taskId));
    }

    void overlapsReadInOneUnitAndSortByLength_data()
    {
        QTest::addColumn<QList<double>>("overlapsUs");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QStringList>("ascending");
        QTest::newRow("microseconds")
            << QList<double>{20.0, 0.5, 3.0} << QStringLiteral("Started before producer end by (µs)")
            << QStringList{QStringLiteral("0.500"), QStringLiteral("3.000"), QStringLiteral("20.000")};
        QTest::newRow("nanoseconds") << QList<double>{0.25, 1.5, 0.04}
                                     << QStringLiteral("Started before producer end by (ns)")
                                     << QStringList{QStringLiteral("40.0"), QStringLiteral("250.0"),
                                                    QStringLiteral("1500.0")};
    }
    void overlapsReadInOneUnitAndSortByLength()
    {
        QFETCH(QList<double>, overlapsUs);
        QFETCH(QString, header);
        QFETCH(QStringList, ascending);
        std::vector<HbViolation> violations;
        for (int i = 0; i < overlapsUs.size(); ++i)
            violations.push_back({std::uint32_t(i), std::uint32_t(i + 1), 100.0 + overlapsUs[i], 100.0});
        m_list->setViolations(m_run.get(), violations, QStringLiteral("whole capture"));
        QTreeWidget *tree = m_list->tree();
        QCOMPARE(tree->topLevelItemCount(), overlapsUs.size());
        QCOMPARE(tree->headerItem()->text(HbViolationList::OverlapColumn), header);
        QCOMPARE(tree->topLevelItem(0)->textAlignment(HbViolationList::OverlapColumn),
                 int(Qt::AlignRight | Qt::AlignVCenter));
        // Listed as found until a header is clicked.
        for (int row = 0; row < tree->topLevelItemCount(); ++row)
            QCOMPARE(tree->topLevelItem(row)
                         ->data(HbViolationList::OverlapColumn, HbViolationList::kSortRole)
                         .toDouble(),
                     overlapsUs[row]);

        QHeaderView *head = tree->header();
        const QPoint overlapHeader(head->sectionViewportPosition(HbViolationList::OverlapColumn) + 4,
                                   head->height() / 2);
        QTest::mouseClick(head->viewport(), Qt::LeftButton, {}, overlapHeader);
        if (head->sortIndicatorOrder() == Qt::DescendingOrder)
            QTest::mouseClick(head->viewport(), Qt::LeftButton, {}, overlapHeader);
        QCOMPARE(tree->sortColumn(), int(HbViolationList::OverlapColumn));
        QStringList sorted;
        for (int row = 0; row < tree->topLevelItemCount(); ++row)
            sorted << tree->topLevelItem(row)->text(HbViolationList::OverlapColumn);
        QCOMPARE(sorted, ascending);
    }

    void coneListsWhatTheDocumentFoundAmongItsEdges()
    {
        auto facts = std::make_shared<CaptureFacts>(*m_run->facts);
        facts->hbViolations = HbViolationIndex(); // the document found none
        m_run->facts = facts;
        m_view->setCapture(m_run);
        m_arrows->setView(m_view);
        m_list->setScope(HbViolationList::Scope::SelectionCone);
        const auto bar = barWithDependencies();
        QVERIFY(bar);
        m_view->select(*bar, true);
        QVERIFY2(m_list->summary().startsWith(QStringLiteral("No hb_violation in the full cone of")),
                 qPrintable(m_list->summary()));
    }
};

LANESCOPE_TEST_MAIN(TestHbViolationList)
#include "tst_hbviolationlist.moc"
