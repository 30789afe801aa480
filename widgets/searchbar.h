#pragma once

#include "sliceref.h"
#include "timelinenavigator.h"

#include <QPointer>
#include <QWidget>
#include <vector>

class QLabel;
class QLineEdit;
class QToolButton;

namespace lanescope {

class ActiveCapture;

// Finds bars by function name (fuzzy), task id (rXtY, tN, decimal) or lane name; Enter / F3 go
// to the next match, Shift+Enter / Shift+F3 to the previous one, each selected and centred, with
// a "k of n" counter.
class SearchBar : public QWidget
{
    Q_OBJECT

public:
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
    int current() const { return m_current; }   // -1 before the first jump
    QString counterText() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void search();
    void go(int step);
    void updateCounter();

    NavigatorPointer m_view;
    QLineEdit *m_edit = nullptr;
    QLabel *m_counter = nullptr;
    QToolButton *m_previous = nullptr;
    QToolButton *m_next = nullptr;
    std::vector<SliceRef> m_matches;
    int m_current = -1;
};

} // namespace lanescope
