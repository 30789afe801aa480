#pragma once

#include "model/session/viewbookmarks.h"

#include <QObject>
#include <array>

class QAction;
class QMenu;

namespace lanescope {

class CapturePage;
class MainWindow;

// View bookmarks of the main window: Ctrl+Shift+1…9 stores the current tab's view (visible range
// and lane layout) in that slot, Ctrl+1…9 recalls it, each saying so in the status bar. Every
// capture tab has its own nine slots (CapturePage::viewBookmarks); review files keep those of the
// Before and After tabs. View > View Bookmarks lists the current tab's stored views. The window
// creates it once after its menus.
class ViewBookmarkActions : public QObject
{
    Q_OBJECT

public:
    explicit ViewBookmarkActions(MainWindow *window);

    // Slots 1 to 9; null outside them.
    QAction *storeAction(int slot) const;
    QAction *recallAction(int slot) const;
    QMenu *menu() const { return m_menu; }

    // What the actions do, on the current tab. False, with the reason in the status bar, without a
    // loaded capture tab or (recall) when the slot is empty; the view is then left as it is.
    bool store(int slot);
    bool recall(int slot);

    // "3   1.25 ms – 3.5 ms (2.25 ms) · 2 groups folded": a stored view as the menu lists it.
    static QString describe(int slot, const ViewBookmark &view);

private:
    CapturePage *currentPage() const;
    void fillMenu();

    MainWindow *m_window;
    std::array<QAction *, ViewBookmarks::kLastSlot> m_store{}; // slot N at N - 1
    std::array<QAction *, ViewBookmarks::kLastSlot> m_recall{};
    QMenu *m_menu = nullptr;
    QMenu *m_storeMenu = nullptr;
};

} // namespace lanescope
