#include "widgets/panels/querypanel.h"

#include "model/index/tasklocator.h"
#include "model/query/queryrowtarget.h"
#include "model/query/queryschema.h"
#include "widgets/panels/queryresultmodel.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineannotations.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QCompleter>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStringListModel>
#include <QTableView>
#include <QTextBlock>
#include <QVBoxLayout>
#include <functional>
#include <set>

namespace lanescope {

namespace {

const QString kHistoryKey = QStringLiteral("query/history");

bool isNameCharacter(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

// Every table and column name of the engine, once each, for the editor's completion.
QStringList schemaNames()
{
    std::set<QString> names;
    for (const QueryTableSchema &table : querySchema()) {
        names.insert(QString::fromUtf8(table.name));
        for (const QueryColumn &column : table.columns)
            names.insert(QString::fromUtf8(column.name));
    }
    return {names.begin(), names.end()};
}

// The SQL editor: completes the name being typed from the schema (after two characters, or at
// Ctrl+Space), runs at Ctrl+Return and walks the history at Ctrl+Up / Ctrl+Down. Keys the
// completion list is shown for go to it first, as QCompleter expects of the widget it serves.
class QueryEditor : public QPlainTextEdit
{
public:
    QueryEditor(QCompleter *completer, QWidget *parent) : QPlainTextEdit(parent), m_completer(completer)
    {
        m_completer->setWidget(this);
        QObject::connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this,
                         [this](const QString &name) { insertCompletion(name); });
    }

    std::function<void()> onRun;
    std::function<void(int)> onHistory;

    // The name the cursor ends: the characters before it that a name may hold.
    QString prefix() const
    {
        const QTextCursor cursor = textCursor();
        const QString text = cursor.block().text();
        int start = cursor.positionInBlock();
        while (start > 0 && isNameCharacter(text.at(start - 1)))
            --start;
        return text.mid(start, cursor.positionInBlock() - start);
    }

protected:
    void keyPressEvent(QKeyEvent *event) override
    {
        if (m_completer->popup()->isVisible()) {
            switch (event->key()) {
            case Qt::Key_Enter:
            case Qt::Key_Return:
            case Qt::Key_Escape:
            case Qt::Key_Tab:
            case Qt::Key_Backtab:
                event->ignore(); // the completer takes them
                return;
            default:
                break;
            }
        }
        const bool control = event->modifiers().testFlag(Qt::ControlModifier);
        if (control && (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)) {
            m_completer->popup()->hide();
            if (onRun)
                onRun();
            return;
        }
        if (control && (event->key() == Qt::Key_Up || event->key() == Qt::Key_Down)) {
            if (onHistory)
                onHistory(event->key() == Qt::Key_Up ? 1 : -1);
            return;
        }
        const bool asked = control && event->key() == Qt::Key_Space;
        if (!asked)
            QPlainTextEdit::keyPressEvent(event);
        const QString typed = prefix();
        const bool typing = !event->text().isEmpty() && isNameCharacter(event->text().back());
        if (!asked && (!typing || typed.size() < 2)) {
            m_completer->popup()->hide();
            return;
        }
        m_completer->setCompletionPrefix(typed);
        if (m_completer->completionCount() == 0 ||
            (m_completer->completionCount() == 1 && m_completer->currentCompletion() == typed)) {
            m_completer->popup()->hide();
            return;
        }
        m_completer->popup()->setCurrentIndex(m_completer->completionModel()->index(0, 0));
        QRect place = cursorRect();
        place.setWidth(m_completer->popup()->sizeHintForColumn(0) +
                       m_completer->popup()->verticalScrollBar()->sizeHint().width());
        m_completer->complete(place);
    }

private:
    void insertCompletion(const QString &name)
    {
        QTextCursor cursor = textCursor();
        // The typed prefix is replaced whole: completion ignores case, the schema's spelling wins.
        cursor.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor, int(prefix().size()));
        cursor.insertText(name);
        setTextCursor(cursor);
    }

    QCompleter *m_completer;
};

} // namespace

QueryPanel::QueryPanel(QWidget *parent) : QWidget(parent)
{
    m_job = new QueryJob(this);
    connect(m_job, &QueryJob::finished, this, &QueryPanel::showOutcome);

    m_completer = new QCompleter(new QStringListModel(schemaNames(), this), this);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    m_completer->setModelSorting(QCompleter::CaseInsensitivelySortedModel);
    auto *editor = new QueryEditor(m_completer, this);
    editor->onRun = [this] { run(); };
    editor->onHistory = [this](int step) { stepHistory(step); };
    m_editor = editor;
    m_editor->setObjectName(QStringLiteral("queryEditor"));
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setPlaceholderText(tr("SELECT name, COUNT(*), AVG(dur) FROM slice GROUP BY name"));
    m_editor->setTabChangesFocus(true);
    m_editor->setLineWrapMode(QPlainTextEdit::WidgetWidth);

    m_historyBox = new QComboBox(this);
    m_historyBox->setObjectName(QStringLiteral("queryHistory"));
    m_historyBox->setToolTip(tr("Queries run before (Ctrl+Up / Ctrl+Down in the editor)"));
    m_historyBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_historyBox->setMinimumContentsLength(12);
    connect(m_historyBox, &QComboBox::activated, this, [this](int index) {
        if (index >= 0 && index < m_history.size()) {
            m_historyIndex = index;
            m_editor->setPlainText(m_history[index]);
            m_editor->setFocus();
        }
    });
    m_run = new QPushButton(tr("Run"), this);
    m_run->setToolTip(tr("Run the query over the run in front (Ctrl+Return)"));
    connect(m_run, &QPushButton::clicked, this, [this] { run(); });
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the query under way"));
    connect(m_cancel, &QPushButton::clicked, this, &QueryPanel::cancel);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("queryStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);

    m_model = new QueryResultModel(this);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("queryResults"));
    m_view->setModel(m_model);
    m_view->setSortingEnabled(true);
    // Rows come in the query's order until a header is clicked.
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->setToolTip(tr("Double-click or press Enter on a row: a bar or task is selected and framed, "
                          "ts and dur are measured as a region"));
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        if (index.isValid())
            activateRow(index.row());
    });

    // Side by side: the dock shares the bottom of a laptop's screen with the other wide tables,
    // where height is scarce and width is not.
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_historyBox, 1);
    bar->addWidget(m_run);
    bar->addWidget(m_cancel);
    leftLayout->addLayout(bar);
    leftLayout->addWidget(m_editor, 1);
    leftLayout->addWidget(m_status);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(m_view);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    m_editor->setMinimumHeight(m_editor->fontMetrics().lineSpacing() * 2);
    m_status->setText(tr("Open a capture to ask it in SQL."));
    updateButtons();
}

QueryPanel::QueryPanel(ActiveCapture &active, QWidget *parent) : QueryPanel(parent)
{
    const auto follow = [this, &active] { setCapture(active.capture(), active.navigator()); };
    connect(&active, &ActiveCapture::changed, this, follow);
    follow();
}

QueryPanel::~QueryPanel() = default;

void QueryPanel::setCapture(const CapturePtr &capture, TimelineNavigator *timeline)
{
    m_timeline = timeline;
    if (capture != m_capture) {
        m_capture = capture;
        m_job->setCapture(capture); // a query of the run before stops
        // Rows of another run would select the wrong bars.
        m_resultCapture.reset();
        m_model->setResult({});
        m_editor->setExtraSelections({});
        m_status->setText(capture ? tr("Ask the run in front in SQL; Ctrl+Return runs.")
                                  : tr("Open a capture to ask it in SQL."));
    }
    updateButtons();
}

void QueryPanel::setHistoryStore(QSettings *settings)
{
    m_settings = settings;
    if (!m_settings)
        return;
    QStringList stored = m_settings->value(kHistoryKey).toStringList();
    for (const QString &sql : std::as_const(m_history))
        if (!stored.contains(sql))
            stored.prepend(sql);
    m_history = stored.mid(0, kHistorySize);
    fillHistoryBox();
}

bool QueryPanel::run()
{
    const QString sql = m_editor->toPlainText().trimmed();
    if (!m_capture || sql.isEmpty())
        return false;
    remember(sql);
    m_editor->setExtraSelections({});
    QueryOptions options;
    options.maxRows = m_maxRows;
    if (!m_job->start(sql, options))
        return false;
    m_status->setText(tr("Running…"));
    updateButtons();
    return true;
}

void QueryPanel::cancel()
{
    if (!m_job->pending())
        return;
    m_job->cancel();
    m_status->setText(tr("Cancelled."));
    updateButtons();
}

void QueryPanel::showOutcome(const QueryOutcomePtr &outcome)
{
    updateButtons();
    const QueryResult &r = outcome->result;
    if (!r.ok()) {
        showError(r.error->message, r.error->position);
        emit queryFinished();
        return;
    }
    m_resultCapture = outcome->capture;
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_model->setResult(r);
    m_view->resizeColumnsToContents();
    const QLocale locale;
    const double ms = outcome->elapsedMs;
    const QString time = locale.toString(ms, 'f', ms < 10 ? 1 : 0);
    QString text = r.rows.size() == 1
                       ? tr("1 row in %1 ms").arg(time)
                       : tr("%1 rows in %2 ms").arg(locale.toString(qulonglong(r.rows.size())), time);
    if (r.truncated)
        text += tr(" · truncated at %1 rows").arg(locale.toString(qulonglong(r.rows.size())));
    m_status->setText(text);
    emit queryFinished();
}

void QueryPanel::showError(const QString &message, std::optional<qsizetype> position)
{
    if (!position) {
        m_status->setText(tr("Error: %1").arg(message));
        return;
    }
    const QString text = m_editor->toPlainText();
    // The query ran trimmed: its positions count from the first character that is not a space.
    qsizetype lead = 0;
    while (lead < text.size() && text.at(lead).isSpace())
        ++lead;
    qsizetype at = lead + *position;
    // Past the end (a query that stops short): the last character is where it went wrong.
    if (at >= text.size())
        at = std::max<qsizetype>(0, text.size() - 1);
    QTextCursor cursor(m_editor->document());
    cursor.setPosition(int(at));
    cursor.setPosition(int(std::min(at + 1, text.size())), QTextCursor::KeepAnchor);
    QTextEdit::ExtraSelection mark;
    mark.cursor = cursor;
    mark.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    mark.format.setUnderlineColor(Qt::red);
    m_editor->setExtraSelections({mark});
    m_editor->setTextCursor(cursor);
    m_editor->setFocus();
    m_status->setText(tr("Error at character %1: %2").arg(*position + 1).arg(message));
}

void QueryPanel::remember(const QString &sql)
{
    m_history.removeAll(sql);
    m_history.prepend(sql);
    while (m_history.size() > kHistorySize)
        m_history.removeLast();
    m_historyIndex = -1;
    if (m_settings)
        m_settings->setValue(kHistoryKey, m_history);
    fillHistoryBox();
}

void QueryPanel::fillHistoryBox()
{
    const QSignalBlocker blocker(m_historyBox);
    m_historyBox->clear();
    for (const QString &sql : std::as_const(m_history)) {
        QString line = sql.simplified();
        m_historyBox->addItem(line);
        m_historyBox->setItemData(m_historyBox->count() - 1, sql, Qt::ToolTipRole);
    }
    m_historyBox->setCurrentIndex(-1);
    m_historyBox->setPlaceholderText(m_history.isEmpty() ? tr("No queries yet") : tr("History"));
}

void QueryPanel::stepHistory(int step)
{
    const int next = m_historyIndex + step;
    if (next < -1 || next >= m_history.size())
        return;
    m_historyIndex = next;
    m_editor->setPlainText(next < 0 ? QString() : m_history[next]);
    m_editor->moveCursor(QTextCursor::End);
}

void QueryPanel::updateButtons()
{
    m_run->setEnabled(m_capture != nullptr);
    m_cancel->setEnabled(m_job->pending());
}

bool QueryPanel::activateRow(int row)
{
    if (!m_timeline || !m_resultCapture || m_timeline->capture() != m_resultCapture || row < 0 ||
        row >= m_model->rowCount())
        return false;
    const Capture &capture = *m_resultCapture;
    const QueryRowTarget target = queryRowTarget(capture, m_model->result(), m_model->resultRow(row));
    std::optional<TimeRange> frame;
    const auto include = [&frame](double startUs, double endUs) {
        frame = frame ? TimeRange{std::min(frame->startUs, startUs), std::max(frame->endUs, endUs)}
                      : TimeRange{startUs, endUs};
    };
    if (target.region)
        include(target.region->startUs, target.region->endUs);
    std::optional<SliceRef> selected = target.slice;
    if (selected) {
        const Slice &bar = capture.lanes[std::size_t(selected->lane)].slices[selected->slice];
        include(bar.startUs, bar.endUs);
    } else if (target.taskId) {
        // Every block of the task is framed, the first selected (its others are outlined with it).
        const std::vector<SliceRef> bars = m_timeline->taskLocator().barsOfTask(capture, *target.taskId);
        for (const SliceRef &ref : bars) {
            const Slice &bar = capture.lanes[std::size_t(ref.lane)].slices[ref.slice];
            include(bar.startUs, bar.endUs);
        }
        if (!bars.empty())
            selected = bars.front();
    }
    if (!frame)
        return false;
    // As the Techniques dock shows evidence: a margin either side, the range measured as the region
    // (undone with Ctrl+Z like any region), the bar selected without moving the frame.
    const double margin = std::max((frame->endUs - frame->startUs) * 0.1, 1e-3);
    m_timeline->setVisibleRange({frame->startUs - margin, frame->endUs + margin});
    if (target.region && target.region->endUs > target.region->startUs)
        m_timeline->annotations()->setRegion(*target.region);
    if (selected)
        m_timeline->select(*selected, false);
    return true;
}

} // namespace lanescope
