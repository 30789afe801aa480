#include "model/capture/labels.h"
#include "model/io/loader.h"
#include "model/session/capturefacts.h"
#include "testmain.h"
#include "widgets/panels/searchbar.h"
#include "widgets/panels/slicesearch.h"
#include "widgets/timeline/timelineview.h"

#include <QElapsedTimer>
#include <QLineEdit>
#include <set>

using namespace lanescope;

class TestSearchBar : public QObject
{
    Q_OBJECT

private:
    CapturePtr m_sample;
    std::unique_ptr<QWidget> m_window;
    TimelineView *m_view = nullptr;
    SearchBar *m_search = nullptr;

    // Worker-lane bars of a function, counted straight from the rows.
    std::size_t rowsOfFunction(int funcId) const
    {
        return std::size_t(std::count_if(m_sample->rows.begin(), m_sample->rows.end(),
                                         [&](const TaskRow &r) { return r.funcId == funcId; }));
    }

    bool visible(SliceRef bar) const
    {
        const Slice &s = m_sample->lanes[std::size_t(bar.lane)].slices[bar.slice];
        const TimeRange r = m_view->visibleRange();
        return s.endUs >= r.startUs && s.startUs <= r.endUs;
    }

private slots:
    void initTestCase()
    {
        m_sample = loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")).capture;
        QVERIFY(m_sample);
    }

    void init()
    {
        m_window = std::make_unique<QWidget>();
        m_view = new TimelineView(m_window.get());
        m_search = new SearchBar(m_window.get());
        m_view->setGeometry(0, 40, 1400, 700);
        m_search->setGeometry(0, 0, 600, 30);
        m_window->resize(1400, 740);
        m_view->setCapture(m_sample);
        m_search->setView(m_view);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    void fuzzyMatch_data()
    {
        QTest::addColumn<QString>("needle");
        QTest::addColumn<QString>("haystack");
        QTest::addColumn<bool>("match");
        QTest::newRow("prefix") << "emb"
                                << "embedding" << true;
        QTest::newRow("subsequence") << "edg"
                                     << "embedding" << true;
        QTest::newRow("case") << "QKMM"
                              << "qk_matmul" << true;
        QTest::newRow("order matters") << "gde"
                                       << "embedding" << false;
        QTest::newRow("missing letter") << "embx"
                                        << "embedding" << false;
        QTest::newRow("empty needle") << ""
                                      << "anything" << true;
    }
    void fuzzyMatch()
    {
        QFETCH(QString, needle);
        QFETCH(QString, haystack);
        QFETCH(bool, match);
        QCOMPARE(lanescope::fuzzyMatch(needle, haystack), match);
    }

    void parseTaskId_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<qulonglong>("id");
        QTest::newRow("ring and local") << "r1t3" << true << qulonglong((1ull << 32) | 3);
        QTest::newRow("upper case") << "R2T0" << true << qulonglong(2ull << 32);
        QTest::newRow("ring 0, old spelling") << "t7" << true << qulonglong(7);
        QTest::newRow("ring 0, current spelling") << "r0t7" << true << qulonglong(7);
        QTest::newRow("decimal") << "4294967297" << true << qulonglong(4294967297ull);
        QTest::newRow("name") << "embedding" << false << qulonglong(0);
        QTest::newRow("local too big") << "t4294967296" << false << qulonglong(0);
    }
    void parseTaskId()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(qulonglong, id);
        const auto parsed = lanescope::parseTaskId(text);
        QCOMPARE(parsed.has_value(), valid);
        if (valid)
            QCOMPARE(qulonglong(*parsed), id);
    }

    void functionSearchFindsEveryInstance()
    {
        const int funcId = m_sample->rows.front().funcId;
        const QString name = functionName(funcId, m_sample->names);
        m_search->lineEdit()->setText(name);
        // Every bar of the function, plus any other function whose name contains it as a subsequence.
        std::size_t expected = 0;
        std::set<int> functions;
        for (const TaskRow &r : m_sample->rows)
            functions.insert(r.funcId);
        for (const int f : functions) {
            if (lanescope::fuzzyMatch(name, functionName(f, m_sample->names)))
                expected += rowsOfFunction(f);
        }
        QVERIFY(rowsOfFunction(funcId) > 1);
        QCOMPARE(m_search->matches().size(), expected);
        QCOMPARE(m_search->counterText(), QStringLiteral("0 of %1").arg(expected));
    }

    void enterSelectsAndCentresTheMatch()
    {
        m_view->setVisibleRange({0, 1}); // far from most bars
        m_search->lineEdit()->setText(QStringLiteral("r1t1"));
        QCOMPARE(m_search->matches().size(), std::size_t(8)); // an SPMD task of 8 blocks
        m_search->lineEdit()->setFocus();
        const auto matches = m_search->matches();
        for (std::size_t k = 0; k < matches.size(); ++k) {
            QTest::keyClick(m_search->lineEdit(), Qt::Key_Return);
            QCOMPARE(*m_view->selection(), matches[k]);
            QVERIFY(visible(matches[k]));
            QCOMPARE(m_search->counterText(), QStringLiteral("%1 of 8").arg(k + 1));
        }
        // Next wraps to the first, previous back to the last.
        QTest::keyClick(m_search->lineEdit(), Qt::Key_F3);
        QCOMPARE(*m_view->selection(), matches.front());
        QTest::keyClick(m_search->lineEdit(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(*m_view->selection(), matches.back());
        QCOMPARE(m_search->counterText(), QStringLiteral("8 of 8"));
        QTest::keyClick(m_search->lineEdit(), Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(*m_view->selection(), matches[6]);
    }

    void matchesAreInTimeOrder()
    {
        m_search->lineEdit()->setText(QStringLiteral("e"));
        const auto &matches = m_search->matches();
        QVERIFY(matches.size() > 10);
        for (std::size_t i = 1; i < matches.size(); ++i) {
            const double a =
                m_sample->lanes[std::size_t(matches[i - 1].lane)].slices[matches[i - 1].slice].startUs;
            const double b = m_sample->lanes[std::size_t(matches[i].lane)].slices[matches[i].slice].startUs;
            QVERIFY(a <= b);
        }
    }

    void laneNameFindsTheLane()
    {
        m_search->lineEdit()->setText(QStringLiteral("Sched_1 resolve"));
        QCOMPARE(m_search->matches().size(), std::size_t(1));
        m_search->next();
        const Lane &lane = m_sample->lanes[std::size_t(m_view->selection()->lane)];
        QCOMPARE(lane.name, QStringLiteral("Sched_1 resolve"));
        QVERIFY(m_view->layout().rowOfLane(m_view->selection()->lane) >= 0);
    }

    // Typing waits for a pause before it searches; the matches then are those of the whole query.
    void typingSearchesOnceTheKeysPause()
    {
        m_search->lineEdit()->setFocus();
        QElapsedTimer typed;
        typed.start();
        QTest::keyClicks(m_search->lineEdit(), QStringLiteral("r1t1"));
        if (typed.elapsed() < SearchBar::kTypingDelayMs)
            QVERIFY(m_search->matches().empty());
        QTRY_COMPARE(m_search->matches().size(), std::size_t(8));
        QCOMPARE(m_search->counterText(), QStringLiteral("0 of 8"));
    }

    // Enter right after typing does not wait: it searches and goes to the first match.
    void enterSearchesAtOnce()
    {
        m_search->lineEdit()->setFocus();
        QTest::keyClicks(m_search->lineEdit(), QStringLiteral("r1t1"));
        QTest::keyClick(m_search->lineEdit(), Qt::Key_Return);
        QCOMPARE(m_search->matches().size(), std::size_t(8));
        QCOMPARE(m_search->counterText(), QStringLiteral("1 of 8"));
        QCOMPARE(*m_view->selection(), m_search->matches().front());
    }

    // A query filters the index the capture came with (Capture::facts): the bars are not scanned
    // and sorted again for it.
    void searchesTheCapturesIndex()
    {
        const QString name = functionName(m_sample->rows.front().funcId, m_sample->names);
        auto capture = std::make_shared<Capture>(*m_sample);
        capture->facts = computeCaptureFacts(*capture);
        m_view->setCapture(capture);
        m_search->lineEdit()->setText(name);
        const std::vector<SliceRef> found = m_search->matches();
        QVERIFY(!found.empty());
        QVERIFY(found == lanescope::findSlices(*m_sample, m_view->taskLocator(), name));

        auto empty = std::make_shared<CaptureFacts>(*capture->facts);
        empty->search = SliceSearchIndex(); // an index that holds no bar
        capture->facts = empty;
        m_search->lineEdit()->clear();
        m_search->lineEdit()->setText(name);
        QVERIFY(m_search->matches().empty());
        m_view->setCapture(m_sample);
    }

    void noMatchSaysSo()
    {
        m_search->lineEdit()->setText(QStringLiteral("zzzzqqq"));
        QVERIFY(m_search->matches().empty());
        QCOMPARE(m_search->counterText(), QStringLiteral("no match"));
        m_search->next(); // nothing to go to, nothing breaks
        QVERIFY(!m_view->selection());
    }
};

LANESCOPE_TEST_MAIN(TestSearchBar)
#include "tst_searchbar.moc"
