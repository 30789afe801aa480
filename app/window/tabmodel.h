#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <map>

class QTabWidget;
class QWidget;

namespace lanescope {

class CapturePage;
class ComparisonView;

// What the window knows about each of its tabs: the page (a capture or a comparison), its plain
// title, and whether the capture is marked as the Before or the After side of a comparison. The
// tab text is the plain title with the mark in front ("Before: x"). Typed accessors stand in for
// casting tab widgets; the order of the tabs is the tab bar's (tabs can be dragged).
class TabModel : public QObject
{
    Q_OBJECT

public:
    enum class Mark { None, Before, After };

    explicit TabModel(QTabWidget *tabs, QObject *parent = nullptr);

    QTabWidget *tabs() const { return m_tabs; }
    int count() const;
    int currentIndex() const;
    QWidget *page(int index) const;
    int indexOf(const QWidget *page) const;

    // Adds `page` as the last tab, titled `title`; returns its index.
    int addTab(QWidget *page, const QString &title);
    // Removes the tab (the page is not deleted) and forgets it, marks included.
    void removeTab(int index);

    // The capture page of a tab, or null (a comparison, or no such tab).
    CapturePage *capturePage(int index) const;
    CapturePage *currentCapturePage() const;
    ComparisonView *comparison(int index) const;
    ComparisonView *currentComparison() const;

    // The title without its mark; empty for a page that is not a tab.
    QString plainTitle(const QWidget *page) const;
    void setPlainTitle(QWidget *page, const QString &title);

    Mark mark(const QWidget *page) const;
    // The page marked `mark`, or null.
    CapturePage *marked(Mark mark) const;
    // Marks a page; the page that had that mark loses it, and `page` loses its other mark.
    // Mark::None unmarks it. A page that is not a tab is ignored.
    void setMark(CapturePage *page, Mark mark);
    void swapMarks();
    void clearMarks();

signals:
    void marksChanged();

private:
    struct Tab
    {
        QPointer<QWidget> page;
        QString plainTitle;
        Mark mark = Mark::None;
    };

    const Tab *find(const QWidget *page) const;
    void updateTitle(const QWidget *page);

    QTabWidget *m_tabs;
    std::map<const QWidget *, Tab> m_entries;
};

} // namespace lanescope
