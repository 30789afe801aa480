#include "app/window/mainwindow.h"

#include "app/window/measuretools.h"

#include "app/settings/grouplayoutsetting.h"
#include "app/settings/snapshotcachesetting.h"
#include "app/window/capturewatcher.h"
#include "app/window/recentfiles.h"
#include "app/window/reviewcontroller.h"
#include "app/window/shortcutactions.h"
#include "app/window/shortcutsdialog.h"
#include "app/window/tabmodel.h"
#include "app/window/theme.h"
#include "app/window/viewbookmarkactions.h"

#include "model/analysis/capturesummary.h"
#include "model/capture/captureruns.h"
#include "model/format/counttext.h"
#include "model/format/generationtext.h"
#include "model/io/loader.h"
#include "model/session/captureloader.h"
#include "model/snapshot/snapshotcache.h"
#include "model/techniques/captureanalysis.h"
#include "widgets/comparison/comparisonview.h"
#include "widgets/comparison/twintimeline.h"
#include "widgets/overlays/criticalpathhighlight.h"
#include "widgets/overlays/dependencyarrows.h"
#include "widgets/overlays/dependencyarrowscontrols.h"
#include "widgets/panels/barlegend.h"
#include "widgets/panels/compilerhintspanel.h"
#include "widgets/panels/detailspanel.h"
#include "widgets/panels/functiontable.h"
#include "widgets/panels/hbviolationlist.h"
#include "widgets/panels/querypanel.h"
#include "widgets/panels/reportpanel.h"
#include "widgets/panels/ringspanel.h"
#include "widgets/panels/searchbar.h"
#include "widgets/text/timeformat.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <functional>

namespace lanescope {

namespace {

QString tabTitle(const QString &path)
{
    const QFileInfo info(path);
    const QString name = info.fileName();
    return name.isEmpty() ? QDir(path).dirName() : name;
}

// "out · window 2" for a DFX window's own folder; window 0 is the output folder and keeps its name.
QString windowTabTitle(const DfxWindow &window)
{
    if (window.index == 0)
        return tabTitle(window.path);
    return QStringLiteral("%1 · window %2")
        .arg(tabTitle(QFileInfo(window.path).absolutePath()))
        .arg(window.index);
}

QString statusLine(const Capture &capture)
{
    const CaptureSummary s = summarize(capture);
    const QLocale locale;
    QStringList parts{s.format};
    if (capture.info.allRuns)
        parts << QObject::tr("all %1 %2").arg(capture.info.runCount).arg(runsNoun(capture));
    else if (capture.info.runCount > 1 || capture.info.runEpoch)
        parts << QObject::tr("%1 of %2").arg(runLabel(capture.info)).arg(capture.info.runCount);
    if (s.level)
        parts << QObject::tr("level %1").arg(*s.level);
    parts << QObject::tr("%1 rows").arg(locale.toString(qulonglong(s.rows)));
    if (s.makespanUs)
        parts << QObject::tr("makespan %1").arg(formatDuration(*s.makespanUs));
    if (capture.info.coreTypesInferred)
        parts << QObject::tr("core types inferred");
    if (capture.info.partial)
        parts << QObject::tr("PARTIAL");
    return parts.join(QStringLiteral("  ·  "));
}

// Compiled in from resources/samples (see resources/CMakeLists.txt).
const QString kBundledSample = QStringLiteral(":/samples/sample-l4");

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(QStringLiteral("Lanescope"));
    setAcceptDrops(true);
    resize(1400, 860);
    m_settings = new QSettings(this);
    m_recent = new RecentFiles(*m_settings, this);
    m_loader = new CaptureLoader(this);
    connectLoader();
    applyTheme(*qApp, themeFromName(m_settings->value(QStringLiteral("theme")).toString()));

    m_tabs = new QTabWidget(this);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    setCentralWidget(m_tabs);
    m_tabModel = new TabModel(m_tabs, this);
    m_active = new ActiveCapture(this);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeTab);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateStatus);

    m_warningsList = new QListWidget(this);
    m_warningsList->setWordWrap(true);
    m_warningsDock =
        addDock(tr("Warnings"), QStringLiteral("warningsDock"), m_warningsList, Qt::BottomDockWidgetArea);
    m_warningsDock->hide();

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("statusText"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(m_status, 1);
    m_warningsButton = new QToolButton(this);
    m_warningsButton->setAutoRaise(true);
    m_warningsButton->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_warningsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_warningsButton->hide();
    statusBar()->addPermanentWidget(m_warningsButton);
    connect(m_warningsButton, &QToolButton::clicked, this,
            [this] { m_warningsDock->setVisible(!m_warningsDock->isVisible()); });

    createDocks();
    createToolBar();
    createMenus();
    // Compare menu, review files, the guided example and the Techniques dock.
    m_review = new ReviewController(this);
    connect(m_review, &ReviewController::comparisonOpened, this, [this](ComparisonView *view) {
        // The docks follow the side the comparison's switch names; the status bar its verdict.
        connect(view, &ComparisonView::dockSideChanged, this, &MainWindow::updateActive,
                Qt::UniqueConnection);
        connect(view, &ComparisonView::statusChanged, this, &MainWindow::updateStatus, Qt::UniqueConnection);
        updateActive();
        updateStatus();
    });
    m_tabs->tabBar()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tabs->tabBar(), &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const int index = m_tabs->tabBar()->tabAt(pos);
        if (index < 0)
            return;
        QMenu *menu = m_review->createTabMenu(index, m_tabs);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_tabs->tabBar()->mapToGlobal(pos));
    });
    m_measure = new MeasureTools(this);
    m_viewBookmarks = new ViewBookmarkActions(this);
    connect(m_active, &ActiveCapture::changed, this, &MainWindow::attachTimeline);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateActive);
    restoreGeometry(m_settings->value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(m_settings->value(QStringLiteral("window/state")).toByteArray());
    applyStoredShortcuts(this, *m_settings);
    updateStatus();
    updateActive();
    attachTimeline();
}

void MainWindow::addMenuActions(MenuSection section, const QList<QAction *> &actions)
{
    MenuPlace &place = m_menuPlaces.at(section);
    if (!place.used && (place.before || place.separatorBelow)) {
        // The section's first actions bring the separator that sets it off.
        QAction *separator = place.menu->insertSeparator(place.before);
        if (place.separatorBelow)
            place.before = separator;
    }
    place.used = true;
    place.menu->insertActions(place.before, actions);
}

QDockWidget *MainWindow::addDock(const QString &title, const QString &objectName, QWidget *panel,
                                 Qt::DockWidgetArea area, QDockWidget *tabbedWith)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    // "view.panel.detailsDock": the dock's name is already stable, window state is saved by it.
    setChangeableShortcut(dock->toggleViewAction(), QStringLiteral("view.panel.") + objectName, {},
                          tr("%1 Panel").arg(title));
    dock->setWidget(panel);
    addDockWidget(area, dock);
    if (tabbedWith && dockWidgetArea(tabbedWith) == area) {
        tabifyDockWidget(tabbedWith, dock);
        tabbedWith->raise();
    }
    return dock;
}

void MainWindow::createDocks()
{
    m_details = new DetailsPanel(*m_active, this);
    m_detailsDock = addDock(tr("Details"), QStringLiteral("detailsDock"), m_details, Qt::RightDockWidgetArea);

    m_legend = new BarLegend(*m_active, this);
    // The legend lists every function, which may be more than the dock's height: it scrolls rather
    // than raising the window's minimum height.
    auto *legendScroll = new QScrollArea(this);
    legendScroll->setWidget(m_legend);
    legendScroll->setWidgetResizable(true);
    legendScroll->setFrameShape(QFrame::NoFrame);
    m_legendDock = addDock(tr("Legend"), QStringLiteral("legendDock"), legendScroll, Qt::RightDockWidgetArea);

    m_functions = new FunctionTable(*m_active, this);
    m_functionsDock =
        addDock(tr("Functions"), QStringLiteral("functionsDock"), m_functions, Qt::BottomDockWidgetArea);
    m_rings = new RingsPanel(*m_active, this);
    m_ringsDock =
        addDock(tr("Rings"), QStringLiteral("ringsDock"), m_rings, Qt::BottomDockWidgetArea, m_functionsDock);
    m_report = new ReportPanel(*m_active, this);
    m_reportDock = addDock(tr("Analysis"), QStringLiteral("reportDock"), m_report, Qt::BottomDockWidgetArea,
                           m_functionsDock);
    m_criticalPath = new CriticalPathHighlight(*m_active, this);
    m_hbViolations = new HbViolationList(this);
    m_hbViolationsDock = addDock(tr("Happens-before violations"), QStringLiteral("hbViolationsDock"),
                                 m_hbViolations, Qt::BottomDockWidgetArea, m_functionsDock);
    m_compilerHints = new CompilerHintsPanel(*m_active, this);
    m_compilerHintsDock = addDock(tr("Compiler hints"), QStringLiteral("compilerHintsDock"), m_compilerHints,
                                  Qt::BottomDockWidgetArea, m_functionsDock);
    // SQL over the run in front: a tab of the bottom docks, so that it adds no height.
    m_query = new QueryPanel(*m_active, this);
    m_query->setHistoryStore(m_settings);
    m_queryDock =
        addDock(tr("Query"), QStringLiteral("queryDock"), m_query, Qt::BottomDockWidgetArea, m_functionsDock);
    resizeDocks({m_detailsDock}, {380}, Qt::Horizontal);
    resizeDocks({m_functionsDock}, {220}, Qt::Vertical);
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Navigation"));
    bar->setObjectName(QStringLiteral("navigationBar"));
    bar->setMovable(false);
    m_back = bar->addAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("Back"), this, [this] {
        if (TimelineView *view = currentTimeline())
            view->goBack();
    });
    setChangeableShortcut(m_back, QStringLiteral("view.back"), QKeySequence(Qt::ALT | Qt::Key_Left));
    m_back->setToolTip(tr("Back to the previous view (Alt+Left)"));
    m_forward = bar->addAction(style()->standardIcon(QStyle::SP_ArrowForward), tr("Forward"), this, [this] {
        if (TimelineView *view = currentTimeline())
            view->goForward();
    });
    setChangeableShortcut(m_forward, QStringLiteral("view.forward"), QKeySequence(Qt::ALT | Qt::Key_Right));
    m_forward->setToolTip(tr("Forward to the next view (Alt+Right)"));
    bar->addSeparator();

    bar->addWidget(new QLabel(tr(" Labels "), bar));
    m_labelMode = new QComboBox(bar);
    m_labelMode->addItem(tr("Function"), int(BarLabelMode::Function));
    m_labelMode->addItem(tr("Task id"), int(BarLabelMode::TaskId));
    m_labelMode->addItem(tr("Both"), int(BarLabelMode::Both));
    m_labelMode->setCurrentIndex(2);
    bar->addWidget(m_labelMode);
    connect(m_labelMode, &QComboBox::currentIndexChanged, this, [this] {
        if (TimelineView *view = currentTimeline())
            view->setLabelMode(BarLabelMode(m_labelMode->currentData().toInt()));
    });
    bar->addWidget(new QLabel(tr("  Colours "), bar));
    m_colourMode = new QComboBox(bar);
    m_colourMode->addItem(tr("By function"), int(BarColourMode::Function));
    m_colourMode->addItem(tr("By core type"), int(BarColourMode::CoreType));
    m_colourMode->addItem(tr("By phase"), int(BarColourMode::Phase));
    bar->addWidget(m_colourMode);
    connect(m_colourMode, &QComboBox::currentIndexChanged, this, [this] {
        const auto mode = BarColourMode(m_colourMode->currentData().toInt());
        if (TimelineView *view = currentTimeline())
            view->setColourMode(mode);
        m_legend->setColourMode(mode);
    });
    bar->addSeparator();

    auto *arrowControls = new DependencyArrowsControls(bar);
    bar->addWidget(arrowControls);
    m_arrows = new DependencyArrows(*m_active, arrowControls, m_hbViolations, this);
    bar->addSeparator();

    m_search = new SearchBar(*m_active, bar);
    bar->addWidget(m_search);
    auto *find = new QAction(tr("Find"), this);
    setChangeableShortcut(find, QStringLiteral("edit.find"), QKeySequence::Find);
    connect(find, &QAction::triggered, m_search, &SearchBar::activate);
    addAction(find);
    auto *findNext = new QAction(tr("Find Next"), this);
    setChangeableShortcut(findNext, QStringLiteral("edit.findNext"), QKeySequence(Qt::Key_F3));
    connect(findNext, &QAction::triggered, m_search, &SearchBar::next);
    addAction(findNext);
    auto *findPrevious = new QAction(tr("Find Previous"), this);
    setChangeableShortcut(findPrevious, QStringLiteral("edit.findPrevious"),
                          QKeySequence(Qt::SHIFT | Qt::Key_F3));
    connect(findPrevious, &QAction::triggered, m_search, &SearchBar::previous);
    addAction(findPrevious);
}

TimelineView *MainWindow::currentTimeline() const
{
    CapturePage *page = m_tabModel->currentCapturePage();
    return page && page->state() == CapturePage::State::Ready ? page->timeline() : nullptr;
}

QString MainWindow::pageName(const CapturePage *page) const
{
    const QString plain = m_tabModel->plainTitle(page);
    return plain.isEmpty() ? QFileInfo(page->path()).fileName() : plain;
}

void MainWindow::updateActive()
{
    if (ComparisonView *comparison = m_tabModel->currentComparison()) {
        const ComparisonView::Side side = comparison->dockSide();
        const ComparedCapture &shown = comparison->side(side);
        const QString name = side == ComparisonView::Side::Before ? tr("Before — %1") : tr("After — %1");
        m_active->showComparison(comparison->sideView(side), shown.capture, shown.analysis,
                                 name.arg(shown.name));
        return;
    }
    if (TimelineView *view = currentTimeline()) {
        CapturePage *page = m_tabModel->currentCapturePage();
        m_active->showCapture(view, view->capture(), page->analysis(), pageName(page));
        return;
    }
    m_active->clear();
}

void MainWindow::attachTimeline()
{
    TimelineView *view = m_active->view();
    for (const QMetaObject::Connection &c : std::as_const(m_attachedConnections))
        disconnect(c);
    m_attachedConnections.clear();
    m_attached = view;
    if (view) {
        m_attachedConnections << connect(view, &TimelineView::historyChanged, this,
                                         &MainWindow::updateHistoryActions)
                              << connect(view, &TimelineView::searchRequested, m_search, &SearchBar::activate)
                              << connect(view, &TimelineView::colourModeChanged, this,
                                         [this](BarColourMode mode) {
                                             const QSignalBlocker blocker(m_colourMode);
                                             m_colourMode->setCurrentIndex(m_colourMode->findData(int(mode)));
                                             m_legend->setColourMode(mode);
                                         });
        // The toolbar shows the modes of the tab in front.
        const QSignalBlocker labels(m_labelMode);
        const QSignalBlocker colours(m_colourMode);
        m_labelMode->setCurrentIndex(m_labelMode->findData(int(view->labelMode())));
        m_colourMode->setCurrentIndex(m_colourMode->findData(int(view->colourMode())));
        m_legend->setColourMode(view->colourMode());
    }
    updateHistoryActions();
}

void MainWindow::updateHistoryActions()
{
    m_back->setEnabled(m_attached && m_attached->canGoBack());
    m_forward->setEnabled(m_attached && m_attached->canGoForward());
}

MainWindow::~MainWindow()
{
    // The loader reports to the pages: stop it first (it cancels every job and waits at most for
    // an analysis to reach its next cancel point).
    delete m_loader;
    m_loader = nullptr;
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *openFile = file->addAction(tr("&Open File…"), this, &MainWindow::chooseFile);
    setChangeableShortcut(openFile, QStringLiteral("file.open"), QKeySequence::Open);
    QAction *openDirectory = file->addAction(tr("Open &Directory…"), this, &MainWindow::chooseDirectory);
    setChangeableShortcut(openDirectory, QStringLiteral("file.openDirectory"),
                          QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::fillRecentMenu);
    fillRecentMenu();
    QAction *keepSnapshots = file->addAction(tr("&Keep Snapshots for Fast Reopening"));
    keepSnapshots->setCheckable(true);
    setChangeableShortcut(keepSnapshots, QStringLiteral("file.keepSnapshots"));
    keepSnapshots->setChecked(snapshotCacheSettings().enabled); // off for this run with --no-cache
    keepSnapshots->setToolTip(tr("Keep a snapshot of every opened capture in %1, so that it reopens "
                                 "without reading its files again while they are unchanged")
                                  .arg(QDir::toNativeSeparators(defaultSnapshotCacheDir())));
    connect(keepSnapshots, &QAction::toggled, this, [](bool on) { setSnapshotCacheSetting(on); });
    QAction *beforeClose = file->addSeparator();
    QAction *close = file->addAction(tr("&Close Tab"), this, [this] {
        if (m_tabs->currentIndex() >= 0)
            closeTab(m_tabs->currentIndex());
    });
    setChangeableShortcut(close, QStringLiteral("file.closeTab"), QKeySequence::Close);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    setChangeableShortcut(quit, QStringLiteral("file.quit"), QKeySequence::Quit);
    m_menuPlaces[MenuSection::FileReview] = {file, beforeClose, false};
    m_menuPlaces[MenuSection::FileExport] = {file, quit, true};
    m_menuPlaces[MenuSection::Edit] = {menuBar()->addMenu(tr("&Edit"))};

    QMenu *view = menuBar()->addMenu(tr("&View"));
    m_viewMenu = view;
    QAction *fit = view->addAction(tr("&Fit All"), this, [this] {
        if (CapturePage *page = m_tabModel->currentCapturePage())
            page->timeline()->fitAll();
    });
    setChangeableShortcut(fit, QStringLiteral("view.fitAll"), QKeySequence(Qt::Key_Home));
    view->addSeparator();
    view->addAction(m_detailsDock->toggleViewAction());
    view->addAction(m_functionsDock->toggleViewAction());
    view->addAction(m_legendDock->toggleViewAction());
    view->addAction(m_hbViolationsDock->toggleViewAction());
    view->addAction(m_warningsDock->toggleViewAction());
    view->addAction(m_reportDock->toggleViewAction());
    m_showCriticalPath = view->addAction(tr("Show &Critical Path"));
    m_showCriticalPath->setCheckable(true);
    connect(m_showCriticalPath, &QAction::toggled, m_criticalPath, &CriticalPathHighlight::setShown);
    setChangeableShortcut(m_showCriticalPath, QStringLiteral("view.showCriticalPath"),
                          QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_showCriticalPath->setToolTip(
        tr("Dim the bars off the observed critical path and mark its gaps (Ctrl+Shift+P)"));
    m_showCriticalPath->setEnabled(m_criticalPath->isAvailable());
    connect(m_criticalPath, &CriticalPathHighlight::availabilityChanged, m_showCriticalPath,
            &QAction::setEnabled);
    view->addAction(m_ringsDock->toggleViewAction());
    view->addAction(setChangeableShortcut(m_rings->bandAction(), QStringLiteral("view.ringPressureBand")));
    view->addAction(m_compilerHintsDock->toggleViewAction());
    view->addAction(m_queryDock->toggleViewAction());
    view->addSeparator();
    QMenu *themes = view->addMenu(tr("&Theme"));
    auto *themeGroup = new QActionGroup(this);
    const Theme current = themeFromName(m_settings->value(QStringLiteral("theme")).toString());
    for (Theme theme : {Theme::Light, Theme::Dark}) {
        QAction *a =
            themes->addAction(theme == Theme::Light ? tr("&Light") : tr("&Dark"), this, [this, theme] {
                applyTheme(*qApp, theme);
                m_settings->setValue(QStringLiteral("theme"), themeName(theme));
            });
        a->setCheckable(true);
        setChangeableShortcut(a, QStringLiteral("view.theme.%1").arg(themeName(theme)), {},
                              theme == Theme::Light ? tr("Light Theme") : tr("Dark Theme"));
        a->setChecked(theme == current);
        themeGroup->addAction(a);
    }

    m_menuPlaces[MenuSection::View] = {view};
    m_menuPlaces[MenuSection::Compare] = {menuBar()->addMenu(tr("&Compare"))};

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *keys =
        help->addAction(tr("&Keyboard Shortcuts"), this, [this] { ShortcutsDialog(this, this).exec(); });
    setChangeableShortcut(keys, QStringLiteral("help.keyboardShortcuts"), QKeySequence::HelpContents);
    QAction *about = help->addAction(tr("&About Lanescope"), this, [this] {
        QMessageBox::about(this, tr("About Lanescope"),
                           tr("Lanescope %1\nA viewer for PyPTO L2 swimlane captures.")
                               .arg(QStringLiteral(LANESCOPE_VERSION)));
    });
    setChangeableShortcut(about, QStringLiteral("help.about"));
    m_menuPlaces[MenuSection::Help] = {help, keys, true};
}

void MainWindow::chooseFile()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Capture"), m_lastDirectory,
                                     tr("Captures (*.json *.zst *.jsonl *.log *.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    m_lastDirectory = QFileInfo(path).absolutePath();
    openPath(path);
}

void MainWindow::chooseDirectory()
{
    const QString path =
        QFileDialog::getExistingDirectory(this, tr("Open Capture Directory"), m_lastDirectory);
    if (path.isEmpty())
        return;
    m_lastDirectory = path;
    openPath(path);
}

void MainWindow::openSample()
{
    openPath(kBundledSample);
}

CapturePage *MainWindow::openPath(const QString &path)
{
    auto *page = new CapturePage(path, m_tabs);
    followGroupLayout(page->timeline());
    const int index = m_tabModel->addTab(page, tabTitle(path));
    m_tabs->setTabToolTip(index, QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath()));
    m_tabs->setCurrentIndex(index);
    const int job = m_loader->open(path);
    m_jobs[job] = page;
    connect(page, &CapturePage::cancelRequested, this, [this, job, page] {
        m_loader->cancel(job);
        m_jobs.erase(job);
        showLoadError(page, tr("Loading was cancelled."));
    });
    connect(page, &CapturePage::windowRequested, this,
            [this, page](int window) { showWindow(page, window); });
    updateStatus();
    return page;
}

CapturePage *MainWindow::replaceTab(CapturePage *page, const QString &path, int window)
{
    const int index = m_tabs->indexOf(page);
    if (index < 0)
        return nullptr;
    const DfxWindows windows = page->windows();
    const TabModel::Mark mark = m_tabModel->mark(page);
    closeTab(index);
    CapturePage *replaced = openPath(path);
    if (const DfxWindow *shown = windows.find(window)) {
        replaced->setWindows(windows, window);
        m_tabModel->setPlainTitle(replaced, windowTabTitle(*shown));
    }
    if (mark != TabModel::Mark::None)
        m_tabModel->setMark(replaced, mark);
    m_tabs->tabBar()->moveTab(m_tabs->count() - 1, index);
    m_tabs->setCurrentIndex(index);
    return replaced;
}

void MainWindow::showWindow(CapturePage *page, int window)
{
    // The window's own folder, read by the loader like any input: its files are not the folder's.
    if (const DfxWindow *chosen = page->windows().find(window))
        replaceTab(page, chosen->path, window);
}

// The loader's reports, routed to the page of their job; a page closed meanwhile hears nothing.
void MainWindow::connectLoader()
{
    connect(m_loader, &CaptureLoader::progress, this,
            [this](int job, qint64 done, qint64 total, qint64 records) {
                if (CapturePage *page = pageOf(job))
                    page->setProgress(done, total, records);
            });
    // A large capture's bars while it loads; the page drops them once it shows the document.
    connect(m_loader, &CaptureLoader::previewed, this,
            [this](int job, const CapturePtr &preview, const CaptureIndexPtr &index, qint64 rowsRead) {
                if (CapturePage *page = pageOf(job))
                    page->showPreview(preview, index, rowsRead);
            });
    connect(m_loader, &CaptureLoader::failed, this, [this](int job, const ReadError &error) {
        if (CapturePage *page = pageOf(job)) {
            m_jobs.erase(job);
            showLoadError(page, error.toString());
        }
    });
    connect(m_loader, &CaptureLoader::opened, this, [this](int job, const DocumentPtr &document) {
        if (CapturePage *page = pageOf(job))
            loadFinished(page, *document);
    });
    // The analysis comes after the timeline is shown: at a million rows it takes seconds, and the
    // capture is worth looking at meanwhile. The panels that show it say so until it arrives.
    connect(m_loader, &CaptureLoader::analysed, this,
            [this](int job, const CapturePtr &run, const CaptureAnalysisPtr &analysis) {
                CapturePage *page = pageOf(job);
                if (!page)
                    return;
                page->setAnalysis(run, analysis);
                if (page == m_tabs->currentWidget())
                    updateActive();
                updateStatus();
                emit captureAnalysed(page);
            });
    connect(m_loader, &CaptureLoader::allRunsLaidOut, this,
            [this](int job, const CapturePtr &allRuns, const CaptureIndexPtr &index) {
                if (CapturePage *page = pageOf(job))
                    page->setAllRuns(allRuns, index);
            });
}

CapturePage *MainWindow::pageOf(int job) const
{
    const auto it = m_jobs.find(job);
    return it != m_jobs.end() ? it->second.data() : nullptr;
}

void MainWindow::showLoadError(CapturePage *page, const QString &message)
{
    page->showError(message);
    if (const int index = m_tabs->indexOf(page); index >= 0) {
        m_tabs->setTabIcon(index, style()->standardIcon(QStyle::SP_MessageBoxCritical));
        m_tabs->setTabToolTip(index, m_tabs->tabToolTip(index) + u'\n' + message);
    }
    updateStatus();
    emit captureLoaded(page);
}

void MainWindow::loadFinished(CapturePage *page, const CaptureDocument &document)
{
    const int index = m_tabs->indexOf(page);
    m_recent->add(page->path());
    const CaptureSources &sources = document.runs.defaultRun()->info.sources;
    auto *watcher = new CaptureWatcher(page);
    watcher->watch({sources.records, sources.deps, sources.nameMap, sources.scopeStats, sources.hostLog,
                    sources.dispatchIdentity});
    connect(watcher, &CaptureWatcher::changed, this, [this, page] { offerReload(page); });
    page->showRuns(document.runs, document.indexes);
    // An output folder's windows; a window's own folder has none, and its page keeps the folder's.
    if (const DfxWindow *shown = document.windows.defaultWindow())
        page->setWindows(document.windows, shown->index);
    m_summaries[page] = statusLine(*page->capture());
    connect(page, &CapturePage::runChanged, this, [this, page] {
        m_summaries[page] = statusLine(*page->capture());
        if (page == m_tabs->currentWidget()) {
            updateActive(); // same view, another capture: every dock follows it again
            updateStatus();
        }
        emit runChanged(page);
    });
    if (page == m_tabs->currentWidget())
        updateActive();
    if (index >= 0 && !document.runs.defaultRun()->info.warnings.isEmpty())
        m_tabs->setTabIcon(index, style()->standardIcon(QStyle::SP_MessageBoxWarning));
    updateStatus();
    emit captureLoaded(page);
}

void MainWindow::followGroupLayout(TimelineView *view)
{
    view->setGroupPreference(groupLayoutSetting(*m_settings));
    const auto remember = [this](const std::function<void(GroupPreference &)> &change) {
        GroupPreference preference = groupLayoutSetting(*m_settings);
        change(preference);
        setGroupLayoutSetting(*m_settings, preference);
        for (int i = 0; i < m_tabs->count(); ++i)
            if (CapturePage *page = m_tabModel->capturePage(i))
                page->timeline()->setGroupPreference(preference);
    };
    connect(view, &TimelineView::groupFoldedByUser, this, [remember](const QString &group, bool folded) {
        remember([&](GroupPreference &p) { p.rememberFolding(group, folded); });
    });
    connect(view, &TimelineView::groupsReorderedByUser, this, [remember](const QStringList &groups) {
        remember([&](GroupPreference &p) { p.rememberOrder(groups); });
    });
}

void MainWindow::closeTab(int index)
{
    CapturePage *page = m_tabModel->capturePage(index);
    if (!page) {
        // Not a capture (a comparison): nothing is loading behind it.
        if (QWidget *other = m_tabModel->page(index)) {
            m_tabModel->removeTab(index);
            other->deleteLater();
            updateStatus();
        }
        return;
    }
    for (auto it = m_jobs.begin(); it != m_jobs.end();) {
        if (it->second == page) {
            m_loader->cancel(it->first); // loading, analysing or laying out: nothing is wanted now
            it = m_jobs.erase(it);
        } else {
            ++it;
        }
    }
    m_summaries.erase(page);
    m_tabModel->removeTab(index);
    page->deleteLater();
    updateStatus();
}

void MainWindow::updateStatus()
{
    CapturePage *page = m_tabModel->currentCapturePage();
    m_warningsList->clear();
    m_warningsButton->hide();
    m_status->setToolTip(QString());
    if (ComparisonView *comparison = m_tabModel->currentComparison()) {
        m_status->setText(comparison->statusText());
        setWindowTitle(QStringLiteral("%1 — Lanescope").arg(m_tabs->tabText(m_tabs->currentIndex())));
        return;
    }
    if (!page) {
        m_status->setText(tr("Open a capture file or directory (File > Open, or drop it here)."));
        setWindowTitle(QStringLiteral("Lanescope"));
        return;
    }
    setWindowTitle(QStringLiteral("%1 — Lanescope").arg(m_tabs->tabText(m_tabs->currentIndex())));
    switch (page->state()) {
    case CapturePage::State::Loading:
        m_status->setText(tr("Loading %1…").arg(QDir::toNativeSeparators(page->path())));
        return;
    case CapturePage::State::Failed:
        m_status->setText(page->errorMessage());
        return;
    case CapturePage::State::Ready:
        break;
    }
    m_status->setText(m_summaries[page]);
    m_status->setToolTip(page->capture()->info.format == CaptureFormat::ChipSwimlaneRecords
                             ? tr("Detected: %1").arg(generationText(*page->capture()))
                             : QString());
    const QStringList &warnings = page->capture()->info.warnings;
    if (warnings.isEmpty())
        return;
    m_warningsList->addItems(warnings);
    m_warningsButton->setText(countText(qint64(warnings.size()), tr("warning"), tr("warnings")));
    m_warningsButton->show();
}

void MainWindow::showAsLastClosed()
{
    if (m_settings->contains(QStringLiteral("window/geometry"))) {
        show();
        return;
    }
    showMaximized();
    // The bottom docks take about a fifth of the screen's height: on a 768-px laptop the timeline
    // (or a comparison's twin timelines) keeps the rest.
    const int screenHeight = screen()->availableGeometry().height();
    resizeDocks({m_functionsDock}, {std::clamp(screenHeight * 22 / 100, 150, 260)}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_settings->setValue(QStringLiteral("window/geometry"), saveGeometry());
    m_settings->setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    for (const QString &path : m_recent->paths())
        m_recentMenu->addAction(QDir::toNativeSeparators(path), this, [this, path] { openPath(path); });
    if (!m_recent->paths().isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), m_recent, &RecentFiles::clear);
    }
    m_recentMenu->setEnabled(!m_recent->paths().isEmpty());
}

void MainWindow::offerReload(CapturePage *page)
{
    const int index = m_tabs->indexOf(page);
    if (index < 0)
        return;
    const auto answer = QMessageBox::question(
        this, tr("Capture Changed"),
        tr("The files of %1 changed on disk. Reload the capture?").arg(m_tabs->tabText(index)));
    if (answer != QMessageBox::Yes)
        return;
    replaceTab(page, page->path(), page->currentWindow());
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            openPath(url.toLocalFile());
    }
    event->acceptProposedAction();
}

} // namespace lanescope
