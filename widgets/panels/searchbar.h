#pragma once

#include "model/capture/capture.h"
#include "model/capture/slicesearchindex.h"
#include "model/index/sliceref.h"
#include "widgets/timeline/timelinenavigator.h"

#include <QPointer>
#include <QWidget>
#include <memory>
#include <vector>

class QLabel;
class QLineEdit;
class QTimer;
class QToolButton;

namespace lanescope {

class ActiveCapture;

// Finds bars by function name (fuzzy), task id (rXtY, tN, decimal) or lane name; Enter / F3 go
// to the next match, Shift+Enter / Shift+F3 to the previous one, each selected and centred, with
// a "k of n" counter. While typing, the search waits until the keys pause (kTypingDelayMs); Enter,
// F3 and the buttons search at once, as does a query set by the program.
class SearchBar : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kTypingDelayMs = 150;

    explicit SearchBar(QWidget *parent = nullptr);
    // Searches the timeline of the capture tab in front.
    explicit SearchBar(ActiveCapture &active, QWidget *parent = nullptr);

    void setView(TimelineNavigator *view);
    QLineEdit *lineEdit() const { return m_edit; }
    // Takes the keyboard focus with the query selected.
    void activate();

    void next();
    void previous();
    const std::vector<SliceRef> &matches() const { return m_matches; }
    int current() const { return m_current; } // -1 before the first jump
    QString counterText() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void search();
    void go(int step);
    void updateCounter();
    // The bars to search: the capture's own index, else one built here once for that capture.
    const SliceSearchIndex &indexOf(const CapturePtr &capture);

    NavigatorPointer m_view;
    QLineEdit *m_edit = nullptr;
    QLabel *m_counter = nullptr;
    QToolButton *m_previous = nullptr;
    QToolButton *m_next = nullptr;
    QTimer *m_typing = nullptr; // runs from a keystroke until the search it delays
    std::weak_ptr<const Capture> m_indexed;
    std::unique_ptr<SliceSearchIndex> m_ownIndex; // of m_indexed, which has no facts
    std::vector<SliceRef> m_matches;
    int m_current = -1;
};

} // namespace lanescope
