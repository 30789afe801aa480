#pragma once

#include <QMainWindow>
#include <QPointer>
#include <QString>
#include <map>

#include <QList>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QSettings;
class QTabWidget;
class QToolButton;

namespace lanescope {

class ActiveCapture;
class BarLegend;
class DependencyArrows;
class HbViolationList;
class CriticalPathHighlight;
class QueryPanel;
class ReportPanel;
class RecentFiles;
class RingsPanel;
class CompilerHintsPanel;
class ReviewController;
class CapturePage;
class DetailsPanel;
class FunctionTable;
class MeasureTools;
class SearchBar;
class TabModel;
class TimelineView;
class ViewBookmarkActions;
struct Capture;
struct CaptureDocument;
class CaptureLoader;

// The application window: one tab per opened capture. Captures load on a worker thread while
// their tab shows progress and a Cancel button; a capture that cannot be read says why in its
// tab. The status bar describes the current tab; its warnings are listed in a dock. The docks for
// the selected bar's details, the per-function table and the colour legend, the search box and
// the back / forward buttons follow the current tab's timeline: the window keeps activeCapture()
// on the tab in front (its run and analysis) and the docks follow that. The window owns the menus:
// features hand it their actions per menu section (addMenuActions) and their docks (addDock).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a capture file or directory in a new tab and returns its page at once; loading
    // continues and ends with captureLoaded().
    CapturePage *openPath(const QString &path);
    // Opens the first bundled sample capture (":/samples", else <prefix>/share/lanescope/samples),
    // if the build has one.
    void openSample();
    // Shows the window as it was when it last closed (its place, size, maximized or not); the very
    // first time, maximized with the bottom docks at about a fifth of the screen's height, so that a
    // new user sees as many lanes as the screen holds.
    void showAsLastClosed();

    QTabWidget *tabs() const { return m_tabs; }
    // Every tab's page, plain title and Before/After mark.
    TabModel *tabModel() const { return m_tabModel; }
    // What the tab in front shows; the docks follow it.
    ActiveCapture *activeCapture() const { return m_active; }
    QMenu *viewMenu() const { return m_viewMenu; }

    // Where in the menus a feature's actions go. Each section is a group of its own, set off by a
    // separator from its neighbours; actions keep the order they were handed in.
    enum class MenuSection {
        FileReview, // File, after Open Recent
        FileExport, // File, just above Quit
        Edit,
        View, // View, after the window's own entries
        Compare,
        Help, // Help, at the top
    };
    // A separator in `actions` separates there.
    void addMenuActions(MenuSection section, const QList<QAction *> &actions);
    // Puts `panel` in a dock named `objectName` (window state is saved by it) in `area`; with
    // `tabbedWith`, as a tab beside that dock, which stays in front.
    QDockWidget *addDock(const QString &title, const QString &objectName, QWidget *panel,
                         Qt::DockWidgetArea area, QDockWidget *tabbedWith = nullptr);
    // Loads, analyses and lays out every opened input off the GUI thread.
    const CaptureLoader *loader() const { return m_loader; }
    // The current tab's timeline, if it has loaded.
    TimelineView *currentTimeline() const;
    DetailsPanel *detailsPanel() const { return m_details; }
    FunctionTable *functionTable() const { return m_functions; }
    // The bottom dock the wide tables are tabbed with.
    QDockWidget *functionsDock() const { return m_functionsDock; }
    SearchBar *searchBar() const { return m_search; }
    BarLegend *legend() const { return m_legend; }
    DependencyArrows *dependencyArrows() const { return m_arrows; }
    ReportPanel *reportPanel() const { return m_report; }
    // SQL over the run in front (docs/query.md).
    QueryPanel *queryPanel() const { return m_query; }
    QDockWidget *queryDock() const { return m_queryDock; }
    CriticalPathHighlight *criticalPath() const { return m_criticalPath; }
    QAction *showCriticalPathAction() const { return m_showCriticalPath; }
    // Before/after marks, the comparison, review files and the techniques panel.
    ReviewController *review() const { return m_review; }
    // Ctrl+Shift+digit stores the current tab's view, Ctrl+digit recalls it.
    ViewBookmarkActions *viewBookmarks() const { return m_viewBookmarks; }

signals:
    // A tab's capture finished loading, successfully or not (see CapturePage::state()).
    void captureLoaded(CapturePage *page);
    // Its analysis (CapturePage::analysis()) followed, computed after the timeline was shown.
    void captureAnalysed(CapturePage *page);
    // The tab shows another of its runs (or all of them).
    void runChanged(CapturePage *page);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createMenus();
    void chooseFile();
    void chooseDirectory();
    void closeTab(int index);
    void connectLoader();
    CapturePage *pageOf(int job) const;
    void loadFinished(CapturePage *page, const CaptureDocument &document);
    // The user folded or moved a group in `view`: the settings learn it, and every capture page
    // opens its next capture with it.
    void followGroupLayout(TimelineView *view);
    void showLoadError(CapturePage *page, const QString &message);
    void updateStatus();
    void createDocks();
    void createToolBar();
    // Sets activeCapture() to what the tab in front shows: its run and analysis, a comparison's
    // Before side, or nothing.
    void updateActive();
    // Points the toolbar (modes, back / forward, search shortcut) at the timeline in front.
    void attachTimeline();
    void updateHistoryActions();
    QString pageName(const CapturePage *page) const;
    void fillRecentMenu();
    // Asks before reloading a tab whose files changed on disk.
    void offerReload(CapturePage *page);
    // Puts `path` in the place of `page`'s tab, on a page of its own loaded like any other, which
    // keeps the DFX window picker of `page` with `window` shown, and its Before/After mark.
    CapturePage *replaceTab(CapturePage *page, const QString &path, int window);
    // The user picked DFX window `window` of the output folder `page` shows one of.
    void showWindow(CapturePage *page, int window);

    QSettings *m_settings = nullptr;
    RecentFiles *m_recent = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QTabWidget *m_tabs = nullptr;
    TabModel *m_tabModel = nullptr;
    ActiveCapture *m_active = nullptr;
    struct MenuPlace
    {
        QMenu *menu = nullptr;
        QAction *before = nullptr; // inserted above it; null: appended
        bool separatorBelow = false;
        bool used = false;
    };
    std::map<MenuSection, MenuPlace> m_menuPlaces;
    QLabel *m_status = nullptr;
    QToolButton *m_warningsButton = nullptr;
    QDockWidget *m_warningsDock = nullptr;
    QListWidget *m_warningsList = nullptr;
    QString m_lastDirectory;
    std::map<CapturePage *, QString> m_summaries; // status line per loaded tab
    CaptureLoader *m_loader = nullptr;
    std::map<int, QPointer<CapturePage>> m_jobs; // loader job -> its page, until the page closes

    DetailsPanel *m_details = nullptr;
    QDockWidget *m_detailsDock = nullptr;
    FunctionTable *m_functions = nullptr;
    QDockWidget *m_functionsDock = nullptr;
    BarLegend *m_legend = nullptr;
    QDockWidget *m_legendDock = nullptr;
    ReportPanel *m_report = nullptr;
    QDockWidget *m_reportDock = nullptr;
    CriticalPathHighlight *m_criticalPath = nullptr; // follows the current tab's timeline
    QAction *m_showCriticalPath = nullptr;
    RingsPanel *m_rings = nullptr;
    QDockWidget *m_ringsDock = nullptr;
    CompilerHintsPanel *m_compilerHints = nullptr;
    QDockWidget *m_compilerHintsDock = nullptr;
    QueryPanel *m_query = nullptr;
    QDockWidget *m_queryDock = nullptr;
    SearchBar *m_search = nullptr;
    QComboBox *m_labelMode = nullptr;
    QComboBox *m_colourMode = nullptr;
    QAction *m_back = nullptr;
    QAction *m_forward = nullptr;
    MeasureTools *m_measure = nullptr; // region and marker docks, undo, picture export
    HbViolationList *m_hbViolations = nullptr;
    QDockWidget *m_hbViolationsDock = nullptr;
    DependencyArrows *m_arrows = nullptr;
    QPointer<TimelineView> m_attached;
    ReviewController *m_review = nullptr;
    ViewBookmarkActions *m_viewBookmarks = nullptr;
    QList<QMetaObject::Connection> m_attachedConnections;
};

} // namespace lanescope
