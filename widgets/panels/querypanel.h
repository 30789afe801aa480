#pragma once

#include "model/capture/capture.h"
#include "model/session/queryjob.h"
#include "widgets/timeline/timelinenavigator.h"

#include <QStringList>
#include <QWidget>
#include <optional>

class QComboBox;
class QCompleter;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSettings;
class QTableView;

namespace lanescope {

class ActiveCapture;
class QueryResultModel;

// The Query dock: SQL over the run in front (docs/query.md), asked off the GUI thread. The editor
// completes table and column names and keeps a history of the queries run (Ctrl+Up / Ctrl+Down,
// or the list above it); Ctrl+Return runs, Cancel stops. The rows land in a sortable table;
// activating one that names a bar (`slice.id`) or a task (`task_id`) selects and frames it on the
// timeline, and one with `ts` and `dur` measures that region, as the Techniques dock shows its
// evidence. An error marks the character SQLite stopped at.
class QueryPanel : public QWidget
{
    Q_OBJECT

public:
    explicit QueryPanel(QWidget *parent = nullptr);
    // Asks the run in front and acts on its timeline.
    explicit QueryPanel(ActiveCapture &active, QWidget *parent = nullptr);
    ~QueryPanel() override;

    // The run queries are asked of and the timeline rows act on; a new run clears the results.
    void setCapture(const CapturePtr &capture, TimelineNavigator *timeline);
    // Keeps the history in `settings` (the last kHistorySize queries) and takes what it holds.
    void setHistoryStore(QSettings *settings);
    // The table shows at most this many rows; the status line says when there were more.
    void setMaxRows(std::size_t rows) { m_maxRows = rows; }

    // Runs the editor's query (Ctrl+Return); false without a capture or a query.
    bool run();
    void cancel();
    // Acts on the timeline for shown row `row` of the results; false when it names nothing there.
    bool activateRow(int row);

    QPlainTextEdit *editor() const { return m_editor; }
    QCompleter *completer() const { return m_completer; }
    QComboBox *historyBox() const { return m_historyBox; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *statusLabel() const { return m_status; }
    QTableView *resultView() const { return m_view; }
    QueryResultModel *model() const { return m_model; }
    QueryJob *job() const { return m_job; }
    const QStringList &history() const { return m_history; }

    static constexpr int kHistorySize = 50;

signals:
    // A query delivered its rows or its error (a cancelled one delivers nothing).
    void queryFinished();

private:
    void showOutcome(const QueryOutcomePtr &outcome);
    void showError(const QString &message, std::optional<qsizetype> position);
    void remember(const QString &sql);
    void fillHistoryBox();
    void stepHistory(int step);
    void updateButtons();

    QPlainTextEdit *m_editor = nullptr;
    QCompleter *m_completer = nullptr;
    QComboBox *m_historyBox = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QLabel *m_status = nullptr;
    QTableView *m_view = nullptr;
    QueryResultModel *m_model = nullptr;
    QueryJob *m_job = nullptr;
    CapturePtr m_capture;
    NavigatorPointer m_timeline;
    CapturePtr m_resultCapture; // the run the shown rows came from
    QSettings *m_settings = nullptr;
    QStringList m_history;   // newest first
    int m_historyIndex = -1; // the entry Ctrl+Up last put in the editor
    std::size_t m_maxRows = 100000;
};

} // namespace lanescope
