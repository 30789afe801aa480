#include "widgets/panels/searchbar.h"

#include "model/index/tasklocator.h"
#include "model/session/capturefacts.h"
#include "widgets/panels/slicesearch.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineannotations.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

namespace lanescope {

SearchBar::SearchBar(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed); // the counter stays next to the box
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_edit = new QLineEdit(this);
    m_edit->setPlaceholderText(tr("Search function, task id (r1t3) or lane  (Ctrl+F)"));
    m_edit->setClearButtonEnabled(true);
    m_edit->setMinimumWidth(260);
    m_edit->setMaximumWidth(480);
    m_edit->installEventFilter(this);
    layout->addWidget(m_edit);
    m_counter = new QLabel(this);
    m_counter->setMinimumWidth(70);
    m_counter->setAlignment(Qt::AlignCenter);
    layout->addWidget(m_counter);
    m_previous = new QToolButton(this);
    m_previous->setArrowType(Qt::UpArrow);
    m_previous->setToolTip(tr("Previous match (Shift+Enter, Shift+F3)"));
    m_previous->setAutoRaise(true);
    layout->addWidget(m_previous);
    m_next = new QToolButton(this);
    m_next->setArrowType(Qt::DownArrow);
    m_next->setToolTip(tr("Next match (Enter, F3)"));
    m_next->setAutoRaise(true);
    layout->addWidget(m_next);
    connect(m_previous, &QToolButton::clicked, this, &SearchBar::previous);
    connect(m_next, &QToolButton::clicked, this, &SearchBar::next);
    // Each keystroke would otherwise filter every bar of the capture again.
    m_typing = new QTimer(this);
    m_typing->setSingleShot(true);
    m_typing->setInterval(kTypingDelayMs);
    connect(m_typing, &QTimer::timeout, this, &SearchBar::search);
    connect(m_edit, &QLineEdit::textEdited, m_typing, qOverload<>(&QTimer::start));
    // textEdited comes first: a change the user did not type (setText) searches at once.
    connect(m_edit, &QLineEdit::textChanged, this, [this] {
        if (!m_typing->isActive())
            search();
    });
    updateCounter();
}

SearchBar::SearchBar(ActiveCapture &active, QWidget *parent) : SearchBar(parent)
{
    connect(&active, &ActiveCapture::changed, this, [this, &active] { setView(active.navigator()); });
    setView(active.navigator());
}

void SearchBar::setView(TimelineNavigator *view)
{
    if (m_view == view)
        return;
    m_view = view;
    search();
}

void SearchBar::activate()
{
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
}

void SearchBar::next()
{
    go(+1);
}
void SearchBar::previous()
{
    go(-1);
}

QString SearchBar::counterText() const
{
    if (m_edit->text().trimmed().isEmpty())
        return {};
    if (m_matches.empty())
        return tr("no match");
    return tr("%1 of %2").arg(m_current < 0 ? 0 : m_current + 1).arg(m_matches.size());
}

bool SearchBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool shift = key->modifiers() & Qt::ShiftModifier;
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter || key->key() == Qt::Key_F3) {
            go(shift ? -1 : +1);
            return true;
        }
        if (key->key() == Qt::Key_Escape && m_view) {
            if (auto *timeline = qobject_cast<QWidget *>(m_view.object()))
                timeline->setFocus();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

const SliceSearchIndex &SearchBar::indexOf(const CapturePtr &capture)
{
    if (capture->facts)
        return capture->facts->search;
    if (!m_ownIndex || m_indexed.lock() != capture) {
        m_ownIndex = std::make_unique<SliceSearchIndex>(*capture);
        m_indexed = capture;
    }
    return *m_ownIndex;
}

void SearchBar::search()
{
    m_typing->stop();
    m_matches.clear();
    m_current = -1;
    if (m_view && m_view->capture()) {
        const CapturePtr capture = m_view->capture();
        m_matches = findSlices(*capture, indexOf(capture), m_view->taskLocator(), m_edit->text());
    }
    updateCounter();
}

void SearchBar::go(int step)
{
    if (m_typing->isActive())
        search(); // the query typed last, not the one before the pause
    if (m_matches.empty() || !m_view)
        return;
    const int n = int(m_matches.size());
    if (m_current < 0)
        m_current = step > 0 ? 0 : n - 1;
    else
        m_current = ((m_current + step) % n + n) % n;
    m_view->select(m_matches[std::size_t(m_current)], true);
    updateCounter();
}

void SearchBar::updateCounter()
{
    m_counter->setText(counterText());
    m_previous->setEnabled(!m_matches.empty());
    m_next->setEnabled(!m_matches.empty());
}

} // namespace lanescope
