#pragma once

#include "model/index/sliceref.h"
#include "widgets/timeline/timeviewport.h"
#include "widgets/timeline/viewhistory.h"

#include <QObject>
#include <optional>

class QTimer;

namespace lanescope {

// Where one or more timelines are: the visible range, the history of ranges the user settled
// on, and the selected bar. Views that share a state move together (the twin timelines of a
// comparison share one for the range) without signalling each other: each view shows what the
// state says and writes what the user does to it.
class TimelineViewState : public QObject
{
    Q_OBJECT

public:
    // How a new range enters the history.
    enum class Change {
        Settling, // continuous input (wheel, drag, keys held): one entry once it stops moving
        Jump,     // fit, search, zoom to selection: the range before and this one are entries
        Restore,  // back / forward, a new capture: not a navigation of its own
    };

    explicit TimelineViewState(QObject *parent = nullptr);

    TimeRange range() const { return m_range; }
    void setRange(TimeRange range, Change change = Change::Settling);

    // History of committed ranges.
    const ViewHistory &history() const { return m_history; }
    // Forgets the history; `range` becomes the visible range and the only entry.
    void resetHistory(TimeRange range);
    // Commits a range still settling (tests and actions that must not wait for the timer).
    void commitHistory();
    bool isSettling() const;
    bool canGoBack() const;
    bool canGoForward() const;
    // Move through the history; false when there is nowhere to go.
    bool goBack();
    bool goForward();

    std::optional<SliceRef> selection() const { return m_selection; }
    void setSelection(std::optional<SliceRef> bar);

    // How long a range must be held to become a history entry.
    static constexpr int kSettleMs = 500;

signals:
    void rangeChanged(TimeRange range);
    void historyChanged();
    void selectionChanged();

private:
    TimeRange m_range;
    ViewHistory m_history;
    QTimer *m_settle = nullptr; // commits a range once the user stops moving it
    std::optional<SliceRef> m_selection;
};

} // namespace lanescope
