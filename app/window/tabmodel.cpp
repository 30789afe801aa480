#include "app/window/tabmodel.h"

#include "widgets/comparison/comparisonview.h"
#include "widgets/timeline/capturepage.h"

#include <QTabWidget>

namespace lanescope {

TabModel::TabModel(QTabWidget *tabs, QObject *parent) : QObject(parent), m_tabs(tabs) {}

int TabModel::count() const
{
    return m_tabs->count();
}

int TabModel::currentIndex() const
{
    return m_tabs->currentIndex();
}

QWidget *TabModel::page(int index) const
{
    return m_tabs->widget(index);
}

int TabModel::indexOf(const QWidget *page) const
{
    return page ? m_tabs->indexOf(page) : -1;
}

int TabModel::addTab(QWidget *page, const QString &title)
{
    m_entries[page] = Tab{page, title, Mark::None};
    return m_tabs->addTab(page, title);
}

void TabModel::removeTab(int index)
{
    QWidget *page = m_tabs->widget(index);
    if (!page)
        return;
    const auto it = m_entries.find(page);
    const bool wasMarked = it != m_entries.end() && it->second.mark != Mark::None;
    if (it != m_entries.end())
        m_entries.erase(it);
    m_tabs->removeTab(index);
    if (wasMarked)
        emit marksChanged();
}

CapturePage *TabModel::capturePage(int index) const
{
    return qobject_cast<CapturePage *>(m_tabs->widget(index));
}

CapturePage *TabModel::currentCapturePage() const
{
    return capturePage(m_tabs->currentIndex());
}

ComparisonView *TabModel::comparison(int index) const
{
    return qobject_cast<ComparisonView *>(m_tabs->widget(index));
}

ComparisonView *TabModel::currentComparison() const
{
    return comparison(m_tabs->currentIndex());
}

const TabModel::Tab *TabModel::find(const QWidget *page) const
{
    const auto it = m_entries.find(page);
    return it != m_entries.end() && it->second.page ? &it->second : nullptr;
}

QString TabModel::plainTitle(const QWidget *page) const
{
    const Tab *tab = find(page);
    return tab ? tab->plainTitle : QString();
}

void TabModel::setPlainTitle(QWidget *page, const QString &title)
{
    const auto it = m_entries.find(page);
    if (it == m_entries.end())
        return;
    it->second.plainTitle = title;
    updateTitle(page);
}

TabModel::Mark TabModel::mark(const QWidget *page) const
{
    const Tab *tab = find(page);
    return tab ? tab->mark : Mark::None;
}

CapturePage *TabModel::marked(Mark mark) const
{
    if (mark == Mark::None)
        return nullptr;
    for (const auto &[key, tab] : m_entries) {
        if (tab.page && tab.mark == mark)
            return qobject_cast<CapturePage *>(tab.page.data());
    }
    return nullptr;
}

void TabModel::setMark(CapturePage *page, Mark mark)
{
    const auto it = m_entries.find(page);
    if (it == m_entries.end() || it->second.mark == mark)
        return;
    if (mark != Mark::None) {
        if (CapturePage *previous = marked(mark)) {
            m_entries[previous].mark = Mark::None;
            updateTitle(previous);
        }
    }
    it->second.mark = mark;
    updateTitle(page);
    emit marksChanged();
}

void TabModel::swapMarks()
{
    bool any = false;
    for (auto &[key, tab] : m_entries) {
        if (tab.mark == Mark::None)
            continue;
        tab.mark = tab.mark == Mark::Before ? Mark::After : Mark::Before;
        updateTitle(key);
        any = true;
    }
    if (any)
        emit marksChanged();
}

void TabModel::clearMarks()
{
    bool any = false;
    for (auto &[key, tab] : m_entries) {
        if (tab.mark == Mark::None)
            continue;
        tab.mark = Mark::None;
        updateTitle(key);
        any = true;
    }
    if (any)
        emit marksChanged();
}

void TabModel::updateTitle(const QWidget *page)
{
    const Tab *tab = find(page);
    const int index = indexOf(page);
    if (!tab || index < 0)
        return;
    m_tabs->setTabText(index, tab->mark == Mark::Before  ? tr("Before: %1").arg(tab->plainTitle)
                              : tab->mark == Mark::After ? tr("After: %1").arg(tab->plainTitle)
                                                         : tab->plainTitle);
}

} // namespace lanescope
