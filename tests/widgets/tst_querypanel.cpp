// The Query dock with real widgets and keys: a query typed and run with Ctrl+Return, its rows
// sorted by a header click, a row acted on the timeline, an error marked where SQLite stopped, a
// long query cancelled, the history and the completion of names.

#include "model/io/loader.h"
#include "model/query/queryrowtarget.h"
#include "testmain.h"
#include "widgets/panels/querypanel.h"
#include "widgets/panels/queryresultmodel.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineannotations.h"
#include "widgets/timeline/timelineview.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QCompleter>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>

using namespace lanescope;

class TstQueryPanel : public QObject
{
    Q_OBJECT

    CapturePtr m_capture;
    std::unique_ptr<TimelineView> m_view;
    std::unique_ptr<QueryPanel> m_panel;

    // Replaces the editor's text by typing `sql`, then runs it with Ctrl+Return and waits.
    bool typeAndRun(const QString &sql)
    {
        QPlainTextEdit *editor = m_panel->editor();
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(editor, Qt::Key_Delete);
        QTest::keyClicks(editor, sql);
        if (editor->toPlainText() != sql) {
            qWarning("typed %s", qPrintable(editor->toPlainText()));
            return false;
        }
        QSignalSpy finished(m_panel.get(), &QueryPanel::queryFinished);
        QTest::keyClick(editor, Qt::Key_Return, Qt::ControlModifier);
        return finished.wait(10000);
    }

    int column(const QString &name) const { return m_panel->model()->result().columns.indexOf(name); }

    void clickCell(int row, int col)
    {
        QTableView *table = m_panel->resultView();
        const QModelIndex index = table->model()->index(row, col);
        table->scrollTo(index);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
    }

    void clickHeader(int col)
    {
        QHeaderView *header = m_panel->resultView()->horizontalHeader();
        const QPoint at(header->sectionViewportPosition(col) + header->sectionSize(col) / 2,
                        header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
    }

private slots:
    void initTestCase()
    {
        m_capture = loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")).capture;
        QVERIFY(m_capture);
    }

    void init()
    {
        m_view = std::make_unique<TimelineView>();
        m_view->resize(1000, 500);
        m_view->setCapture(m_capture);
        m_panel = std::make_unique<QueryPanel>();
        m_panel->resize(900, 300);
        m_panel->setCapture(m_capture, m_view.get());
        m_view->show();
        m_panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    }

    void cleanup()
    {
        m_panel.reset();
        m_view.reset();
    }

    // Typed, run with Ctrl+Return: the rows and a status line that counts them.
    void runsWhatIsTyped()
    {
        QAbstractItemModelTester tester(m_panel->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(typeAndRun(QStringLiteral("SELECT id, ts, dur, name FROM slice WHERE dur > 0 LIMIT 40")));
        QCOMPARE(m_panel->model()->rowCount(), 40);
        QCOMPARE(m_panel->model()->columnCount(), 4);
        QCOMPARE(m_panel->model()->headerData(2, Qt::Horizontal).toString(), QStringLiteral("dur"));
        static const QRegularExpression status(QStringLiteral("^40 rows in [0-9.]+ ms$"));
        QVERIFY2(status.match(m_panel->statusLabel()->text()).hasMatch(),
                 qPrintable(m_panel->statusLabel()->text()));
        QVERIFY(!m_panel->cancelButton()->isEnabled());
        // Over the dock's row limit: the status line says where it stopped.
        m_panel->setMaxRows(10);
        QVERIFY(typeAndRun(QStringLiteral("SELECT id FROM slice")));
        QCOMPARE(m_panel->model()->rowCount(), 10);
        QVERIFY2(m_panel->statusLabel()->text().endsWith(QStringLiteral("truncated at 10 rows")),
                 qPrintable(m_panel->statusLabel()->text()));
    }

    // A header click sorts by value: numbers as numbers, NULL first; a second click reverses.
    void headerClickSortsNumbersByValue()
    {
        QAbstractItemModelTester tester(m_panel->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(typeAndRun(QStringLiteral(
            "SELECT column1 AS n, column2 AS label FROM (VALUES (9, 'a'), (10, 'b'), (100, 'c'), (2, 'd'), "
            "(NULL, 'e'), (2.5, 'f'))")));
        QCOMPARE(m_panel->model()->rowCount(), 6);
        const auto shown = [this] {
            QStringList texts;
            for (int r = 0; r < m_panel->model()->rowCount(); ++r)
                texts << m_panel->model()->index(r, 0).data().toString();
            return texts;
        };
        QCOMPARE(shown(), (QStringList{"9", "10", "100", "2", "NULL", "2.5"})); // the query's order
        clickHeader(0);
        QCOMPARE(shown(), (QStringList{"NULL", "2", "2.5", "9", "10", "100"}));
        clickHeader(0);
        QCOMPARE(shown(), (QStringList{"100", "10", "9", "2.5", "2", "NULL"}));
        // The rows moved with their values: the label column follows.
        QCOMPARE(m_panel->model()->index(0, 1).data().toString(), QStringLiteral("c"));
        QCOMPARE(m_panel->model()->index(0, 0).data(Qt::TextAlignmentRole).toInt() & Qt::AlignRight,
                 int(Qt::AlignRight));
    }

    // Enter on a row that names a bar and its extent: the bar is selected and framed, its extent
    // measured as the region (ns on the query's side, µs on the timeline's).
    void activatingABarSelectsFramesAndMeasures()
    {
        QVERIFY(typeAndRun(QStringLiteral(
            "SELECT id, ts, dur, name FROM slice WHERE kind = 'aicore' AND dur > 0 ORDER BY ts LIMIT 30")));
        QCOMPARE(m_panel->model()->rowCount(), 30);
        // Sorted by duration first, so the row acted on is found through the sort.
        clickHeader(column(QStringLiteral("dur")));
        clickHeader(column(QStringLiteral("dur"))); // longest first
        const TimeRange whole = m_view->captureExtent();
        m_view->setVisibleRange({whole.startUs, whole.startUs + whole.span() * 0.001});
        m_view->clearSelection();
        clickCell(0, 0);
        QTest::keyClick(m_panel->resultView(), Qt::Key_Return);

        const qint64 id =
            m_panel->model()->index(0, column(QStringLiteral("id"))).data(Qt::UserRole).toLongLong();
        const qint64 ts =
            m_panel->model()->index(0, column(QStringLiteral("ts"))).data(Qt::UserRole).toLongLong();
        const qint64 dur =
            m_panel->model()->index(0, column(QStringLiteral("dur"))).data(Qt::UserRole).toLongLong();
        qint64 longest = 0;
        for (int r = 0; r < 30; ++r)
            longest = std::max(longest, m_panel->model()->index(r, 2).data(Qt::UserRole).toLongLong());
        QCOMPARE(dur, longest);
        const std::optional<SliceRef> bar = sliceOfId(*m_capture, id);
        QVERIFY(bar);
        QCOMPARE(m_view->selection(), bar);
        QVERIFY(m_view->measuredRegion());
        QCOMPARE(m_view->measuredRegion()->startUs, double(ts) / 1000.0);
        QCOMPARE(m_view->measuredRegion()->endUs, double(ts + dur) / 1000.0);
        const Slice &s = m_capture->lanes[std::size_t(bar->lane)].slices[bar->slice];
        const TimeRange shown = m_view->visibleRange();
        QVERIFY2(shown.startUs < s.startUs && shown.endUs > s.endUs,
                 qPrintable(QStringLiteral("shown %1–%2, bar %3–%4")
                                .arg(shown.startUs)
                                .arg(shown.endUs)
                                .arg(s.startUs)
                                .arg(s.endUs)));
        QVERIFY(shown.span() < (s.endUs - s.startUs) * 1.5);
    }

    // Enter on a row that names a task selects one of its bars and frames them all.
    void activatingATaskSelectsIt()
    {
        QVERIFY(typeAndRun(QStringLiteral("SELECT task_id, name FROM task ORDER BY start_ts DESC LIMIT 5")));
        QCOMPARE(m_panel->model()->rowCount(), 5);
        const auto task = std::uint64_t(m_panel->model()->index(2, 0).data(Qt::UserRole).toLongLong());
        m_view->clearSelection();
        m_view->annotations()->clearRegion();
        clickCell(2, 1);
        QVERIFY(!m_view->selection()); // a click only picks the row
        QTest::keyClick(m_panel->resultView(), Qt::Key_Enter);
        QVERIFY(m_view->selection());
        const Slice &bar =
            m_capture->lanes[std::size_t(m_view->selection()->lane)].slices[m_view->selection()->slice];
        QCOMPARE(m_capture->rows[bar.ref].taskId, task);
        QVERIFY(!m_view->measuredRegion()); // no ts and dur: nothing measured
        // A row of no bar, task or region acts on nothing.
        QVERIFY(typeAndRun(QStringLiteral("SELECT id, name FROM track LIMIT 3")));
        const std::optional<SliceRef> before = m_view->selection();
        QVERIFY(!m_panel->activateRow(0));
        QCOMPARE(m_view->selection(), before);
    }

    // An error marks the character SQLite stopped at and says why.
    void anErrorMarksItsPosition()
    {
        QVERIFY(typeAndRun(QStringLiteral("SELECT * FORM slice")));
        QPlainTextEdit *editor = m_panel->editor();
        QCOMPARE(editor->textCursor().selectionStart(), 9);
        QCOMPARE(editor->textCursor().selectionEnd(), 10);
        QCOMPARE(editor->extraSelections().size(), 1);
        QCOMPARE(editor->extraSelections()[0].cursor.selectionStart(), 9);
        QCOMPARE(editor->extraSelections()[0].format.underlineStyle(), QTextCharFormat::WaveUnderline);
        const QString status = m_panel->statusLabel()->text();
        QVERIFY2(status.contains(QStringLiteral("character 10")) &&
                     status.contains(QStringLiteral("syntax error")),
                 qPrintable(status));
        // Corrected and run again, the mark goes.
        QVERIFY(typeAndRun(QStringLiteral("SELECT name FROM slice LIMIT 1")));
        QVERIFY(editor->extraSelections().isEmpty());
    }

    // Cancel stops a query that would count to a billion: its thread ends, nothing arrives, and
    // the next query runs.
    void cancelStopsALongQuery()
    {
        QPlainTextEdit *editor = m_panel->editor();
        QTest::keyClicks(
            editor, QStringLiteral("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < "
                                   "1000000000) SELECT COUNT(*) FROM n"));
        QSignalSpy finished(m_panel.get(), &QueryPanel::queryFinished);
        QTest::keyClick(editor, Qt::Key_Return, Qt::ControlModifier);
        QTest::qWait(300);
        QVERIFY(m_panel->job()->busy());
        QVERIFY(m_panel->cancelButton()->isEnabled());
        QCOMPARE(m_panel->statusLabel()->text(), QStringLiteral("Running…"));
        QTest::mouseClick(m_panel->cancelButton(), Qt::LeftButton);
        QCOMPARE(m_panel->statusLabel()->text(), QStringLiteral("Cancelled."));
        QVERIFY(!m_panel->cancelButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!m_panel->job()->busy(), 3000);
        QTest::qWait(50);
        QCOMPARE(finished.size(), 0);
        QVERIFY(typeAndRun(QStringLiteral("SELECT 1")));
        QCOMPARE(m_panel->model()->rowCount(), 1);
    }

    // Ctrl+Up walks back through the queries run, newest first; the list holds them too, and a
    // store keeps them for the next session.
    void historyRecallsAndPersists()
    {
        QTemporaryDir dir;
        QSettings store(dir.filePath(QStringLiteral("history.ini")), QSettings::IniFormat);
        m_panel->setHistoryStore(&store);
        QVERIFY(typeAndRun(QStringLiteral("SELECT 1")));
        QVERIFY(typeAndRun(QStringLiteral("SELECT 2")));
        QVERIFY(typeAndRun(QStringLiteral("SELECT 1"))); // again: moves to the front, once
        QCOMPARE(m_panel->history(), (QStringList{"SELECT 1", "SELECT 2"}));
        QCOMPARE(m_panel->historyBox()->count(), 2);
        QPlainTextEdit *editor = m_panel->editor();
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(editor, Qt::Key_Delete);
        QTest::keyClick(editor, Qt::Key_Up, Qt::ControlModifier);
        QCOMPARE(editor->toPlainText(), QStringLiteral("SELECT 1"));
        QTest::keyClick(editor, Qt::Key_Up, Qt::ControlModifier);
        QCOMPARE(editor->toPlainText(), QStringLiteral("SELECT 2"));
        QTest::keyClick(editor, Qt::Key_Down, Qt::ControlModifier);
        QCOMPARE(editor->toPlainText(), QStringLiteral("SELECT 1"));
        QCOMPARE(store.value(QStringLiteral("query/history")).toStringList(), m_panel->history());
        QueryPanel next;
        next.setHistoryStore(&store);
        QCOMPARE(next.history(), m_panel->history());
        QCOMPARE(next.historyBox()->count(), 2);
        // Picking from the list puts the query in the editor.
        emit next.historyBox()->activated(1);
        QCOMPARE(next.editor()->toPlainText(), QStringLiteral("SELECT 2"));
    }

    // Table and column names complete as they are typed, in the schema's spelling.
    void namesComplete()
    {
        QPlainTextEdit *editor = m_panel->editor();
        QTest::keyClicks(editor, QStringLiteral("SELECT * FROM SLI"));
        QCompleter *completer = m_panel->completer();
        QVERIFY(completer->popup()->isVisible());
        QCOMPARE(completer->currentCompletion(), QStringLiteral("slice"));
        QTest::keyClick(completer->popup(), Qt::Key_Return);
        QCOMPARE(editor->toPlainText(), QStringLiteral("SELECT * FROM slice"));
        QVERIFY(!completer->popup()->isVisible());
        QTest::keyClicks(editor, QStringLiteral(" WHERE dispatch"));
        QVERIFY(completer->popup()->isVisible());
        QCOMPARE(completer->currentCompletion(), QStringLiteral("dispatch_ts"));
        QTest::keyClick(completer->popup(), Qt::Key_Escape);
        QVERIFY(!completer->popup()->isVisible());
    }

    // The dock follows the capture in front: nothing to ask without one, and rows of another run
    // are not kept.
    void followsTheActiveCapture()
    {
        ActiveCapture active;
        QueryPanel panel(active);
        QVERIFY(!panel.runButton()->isEnabled());
        active.showCapture(m_view.get(), m_capture, nullptr, QStringLiteral("sample"));
        QVERIFY(panel.runButton()->isEnabled());
        QCOMPARE(panel.job()->capture(), m_capture);
        panel.editor()->setPlainText(QStringLiteral("SELECT id FROM slice LIMIT 2"));
        QSignalSpy finished(&panel, &QueryPanel::queryFinished);
        QTest::mouseClick(panel.runButton(), Qt::LeftButton);
        QVERIFY(finished.wait(10000));
        QCOMPARE(panel.model()->rowCount(), 2);
        active.clear();
        QVERIFY(!panel.runButton()->isEnabled());
        QCOMPARE(panel.model()->rowCount(), 0);
        QVERIFY(!panel.run());
    }
};

LANESCOPE_TEST_MAIN(TstQueryPanel)
#include "tst_querypanel.moc"
