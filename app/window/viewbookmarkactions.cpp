#include "app/window/viewbookmarkactions.h"

#include "app/window/mainwindow.h"
#include "app/window/shortcutactions.h"
#include "app/window/tabmodel.h"

#include "model/session/viewbookmarks.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QMenu>
#include <QStatusBar>

namespace lanescope {

namespace {

constexpr int kMessageMs = 5000;

Qt::Key digitKey(int slot)
{
    return Qt::Key(Qt::Key_0 + slot);
}

// "1 lane" / "3 lanes": counts spelled out, since no plural translation is loaded.
QString counted(std::size_t n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(n);
}

// What the lanes look like beyond the capture's own layout, for the menu.
QString layoutText(const ViewBookmark &view)
{
    QStringList parts;
    if (const std::size_t n = std::size_t(view.collapsedGroups.size()))
        parts << counted(n, ViewBookmarkActions::tr("1 group folded"),
                         ViewBookmarkActions::tr("%1 groups folded"));
    if (const std::size_t n = view.pinnedLanes.size())
        parts << counted(n, ViewBookmarkActions::tr("1 lane pinned"),
                         ViewBookmarkActions::tr("%1 lanes pinned"));
    if (const std::size_t n = view.hiddenLanes.size())
        parts << counted(n, ViewBookmarkActions::tr("1 lane hidden"),
                         ViewBookmarkActions::tr("%1 lanes hidden"));
    if (!view.laneOrder.empty())
        parts << ViewBookmarkActions::tr("lanes reordered");
    return parts.join(QStringLiteral(" · "));
}

} // namespace

ViewBookmarkActions::ViewBookmarkActions(MainWindow *window) : QObject(window), m_window(window)
{
    m_menu = new QMenu(tr("View &Bookmarks"), window);
    m_storeMenu = new QMenu(tr("&Store Current View"), m_menu);
    for (int slot = ViewBookmarks::kFirstSlot; slot <= ViewBookmarks::kLastSlot; ++slot) {
        const std::size_t i = std::size_t(slot - ViewBookmarks::kFirstSlot);
        // Children of the window, so that Help > Keyboard Shortcuts lists them.
        m_store[i] = new QAction(tr("Store View as Bookmark &%1").arg(slot), window);
        setChangeableShortcut(m_store[i], QStringLiteral("view.bookmark.store%1").arg(slot),
                              QKeySequence(Qt::CTRL | Qt::SHIFT | digitKey(slot)));
        connect(m_store[i], &QAction::triggered, this, [this, slot] { store(slot); });
        m_recall[i] = new QAction(tr("Recall View Bookmark %1").arg(slot), window);
        setChangeableShortcut(m_recall[i], QStringLiteral("view.bookmark.recall%1").arg(slot),
                              QKeySequence(Qt::CTRL | digitKey(slot)));
        connect(m_recall[i], &QAction::triggered, this, [this, slot] { recall(slot); });
        // The menu lists stored views by their range, not these actions: they act from the window.
        window->addAction(m_recall[i]);
        window->addAction(m_store[i]);
        m_storeMenu->addAction(m_store[i]);
    }
    connect(m_menu, &QMenu::aboutToShow, this, &ViewBookmarkActions::fillMenu);
    fillMenu();
    auto *separator = new QAction(this);
    separator->setSeparator(true);
    window->addMenuActions(MainWindow::MenuSection::View, {separator, m_menu->menuAction()});
}

QAction *ViewBookmarkActions::storeAction(int slot) const
{
    return ViewBookmarks::isSlot(slot) ? m_store[std::size_t(slot - ViewBookmarks::kFirstSlot)] : nullptr;
}

QAction *ViewBookmarkActions::recallAction(int slot) const
{
    return ViewBookmarks::isSlot(slot) ? m_recall[std::size_t(slot - ViewBookmarks::kFirstSlot)] : nullptr;
}

CapturePage *ViewBookmarkActions::currentPage() const
{
    CapturePage *page = m_window->tabModel()->currentCapturePage();
    return page && page->state() == CapturePage::State::Ready && page->capture() ? page : nullptr;
}

QString ViewBookmarkActions::describe(int slot, const ViewBookmark &view)
{
    QString text = QStringLiteral("%1   %2").arg(slot).arg(viewRangeText(view.range));
    if (const QString layout = layoutText(view); !layout.isEmpty())
        text += QStringLiteral(" · ") + layout;
    return text;
}

bool ViewBookmarkActions::store(int slot)
{
    CapturePage *page = currentPage();
    if (!page || !ViewBookmarks::isSlot(slot)) {
        m_window->statusBar()->showMessage(tr("View bookmarks are kept per capture tab: open or pick one."),
                                           kMessageMs);
        return false;
    }
    const ViewBookmark view = page->timeline()->currentView();
    ViewBookmarks bookmarks = page->viewBookmarks();
    const bool replaced = bookmarks.find(slot) != nullptr;
    bookmarks.store(slot, view);
    page->setViewBookmarks(std::move(bookmarks));
    m_window->statusBar()->showMessage((replaced ? tr("View %1 replaced: %2") : tr("View %1 stored: %2"))
                                           .arg(slot)
                                           .arg(viewRangeText(view.range)),
                                       kMessageMs);
    return true;
}

bool ViewBookmarkActions::recall(int slot)
{
    CapturePage *page = currentPage();
    if (!page || !ViewBookmarks::isSlot(slot)) {
        m_window->statusBar()->showMessage(tr("View bookmarks are kept per capture tab: open or pick one."),
                                           kMessageMs);
        return false;
    }
    const ViewBookmark *view = page->viewBookmarks().find(slot);
    if (!view) {
        m_window->statusBar()->showMessage(
            tr("View %1 is empty: %2 stores the current view there.")
                .arg(slot)
                .arg(storeAction(slot)->shortcut().toString(QKeySequence::NativeText)),
            kMessageMs);
        return false;
    }
    page->timeline()->showView(*view);
    m_window->statusBar()->showMessage(
        tr("View %1 recalled: %2").arg(slot).arg(viewRangeText(page->timeline()->visibleRange())),
        kMessageMs);
    return true;
}

void ViewBookmarkActions::fillMenu()
{
    m_menu->clear();
    const CapturePage *page = currentPage();
    const ViewBookmarks none;
    const ViewBookmarks &bookmarks = page ? page->viewBookmarks() : none;
    for (const int slot : bookmarks.storedSlots()) {
        // The text after the tab is the menu's shortcut column; the shortcut itself is the recall
        // action's, so two actions never claim one key.
        const QString keys = recallAction(slot)->shortcut().toString(QKeySequence::NativeText);
        QAction *entry = m_menu->addAction(describe(slot, *bookmarks.find(slot)) + u'\t' + keys);
        connect(entry, &QAction::triggered, this, [this, slot] { recall(slot); });
    }
    if (bookmarks.isEmpty()) {
        QAction *empty = m_menu->addAction(page ? tr("No views stored in this tab") : tr("No capture tab"));
        empty->setEnabled(false);
    }
    m_menu->addSeparator();
    m_menu->addMenu(m_storeMenu);
    m_storeMenu->setEnabled(page != nullptr);
}

} // namespace lanescope
