#include "widgets/timeline/timelineviewstate.h"

#include <QTimer>

namespace lanescope {

TimelineViewState::TimelineViewState(QObject *parent) : QObject(parent)
{
    m_settle = new QTimer(this);
    m_settle->setSingleShot(true);
    m_settle->setInterval(kSettleMs);
    connect(m_settle, &QTimer::timeout, this, &TimelineViewState::commitHistory);
}

void TimelineViewState::setRange(TimeRange range, Change change)
{
    if (change == Change::Jump)
        commitHistory();
    if (range == m_range) {
        if (change == Change::Jump)
            commitHistory();
        return;
    }
    m_range = range;
    if (change == Change::Settling) {
        const bool wasSettling = m_settle->isActive();
        m_settle->start();
        if (!wasSettling)
            emit historyChanged(); // Back becomes possible at once
    }
    emit rangeChanged(m_range);
    if (change == Change::Jump)
        commitHistory();
}

void TimelineViewState::resetHistory(TimeRange range)
{
    m_settle->stop();
    const bool changed = range != m_range;
    m_range = range;
    m_history.reset(range);
    if (changed)
        emit rangeChanged(m_range);
    emit historyChanged();
}

void TimelineViewState::commitHistory()
{
    m_settle->stop();
    const std::size_t before = m_history.size();
    const std::size_t index = m_history.index();
    m_history.commit(m_range);
    if (m_history.size() != before || m_history.index() != index)
        emit historyChanged();
}

bool TimelineViewState::isSettling() const
{
    return m_settle->isActive();
}

bool TimelineViewState::canGoBack() const
{
    return m_history.canGoBack() || m_settle->isActive();
}

bool TimelineViewState::canGoForward() const
{
    return m_history.canGoForward() && !m_settle->isActive();
}

bool TimelineViewState::goBack()
{
    commitHistory();
    const auto r = m_history.back();
    if (!r)
        return false;
    setRange(*r, Change::Restore);
    emit historyChanged();
    return true;
}

bool TimelineViewState::goForward()
{
    commitHistory();
    const auto r = m_history.forward();
    if (!r)
        return false;
    setRange(*r, Change::Restore);
    emit historyChanged();
    return true;
}

void TimelineViewState::setSelection(std::optional<SliceRef> bar)
{
    if (bar == m_selection)
        return;
    m_selection = bar;
    emit selectionChanged();
}

} // namespace lanescope
