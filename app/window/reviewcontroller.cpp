#include "app/window/reviewcontroller.h"

#include "app/window/mainwindow.h"
#include "app/window/shortcutactions.h"
#include "app/window/tabmodel.h"

#include "model/format/metrictext.h"
#include "model/session/reviewfileworker.h"
#include "widgets/comparison/comparisonview.h"
#include "widgets/comparison/twintimeline.h"
#include "widgets/panels/techniquespanel.h"
#include "widgets/style/verdictcolours.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>

namespace lanescope {

namespace {

QString fileFilter()
{
    return ReviewController::tr("Lanescope reviews (*.lanescope);;All files (*)");
}

// Waits in a local event loop, so the window goes on painting, until `report` (a signal of the
// review file worker) has reached `take`. False when the wait ended otherwise: the controller
// was destroyed with its window, or the application is quitting; then the caller must return at
// once and touch nothing of itself.
template <typename Signal, typename Take>
bool waitForWorker(ReviewController *controller, ReviewFileWorker *worker, Signal report, Take take)
{
    const QPointer<ReviewController> alive(controller);
    bool reported = false;
    QEventLoop wait;
    QObject::connect(worker, report, &wait, [&](const auto &...result) {
        take(result...);
        reported = true;
        wait.quit();
    });
    QObject::connect(controller, &QObject::destroyed, &wait, &QEventLoop::quit);
    wait.exec();
    return reported && alive;
}

} // namespace

ReviewController::ReviewController(MainWindow *window)
    : QObject(window), m_window(window), m_files(new ReviewFileWorker(this))
{
    if (auto catalogue =
            TechniqueCatalogue::fromFile(QString::fromLatin1(kCatalogueResource), &m_catalogueError))
        m_catalogue = std::make_shared<const TechniqueCatalogue>(std::move(*catalogue));

    m_panel = new TechniquesPanel(m_catalogue, *window->activeCapture(), window);
    // Beside the legend, as a tab: stacked under it and the details, a technique's text had a few
    // lines; a tab gives it the column's height.
    m_dock =
        window->addDock(tr("Techniques"), QStringLiteral("techniquesDock"), m_panel, Qt::RightDockWidgetArea,
                        window->findChild<QDockWidget *>(QStringLiteral("legendDock")));
    connect(m_panel, &TechniquesPanel::compareRequested, this, [this](const QString &id) {
        if (m_comparison)
            m_comparison->setTechnique(id);
        compare(id);
    });

    createActions();

    connect(window->tabs(), &QTabWidget::currentChanged, this, &ReviewController::updateActions);
    connect(window, &MainWindow::captureLoaded, this, &ReviewController::captureLoaded);
    connect(window, &MainWindow::captureAnalysed, this, &ReviewController::captureLoaded);
    updateActions();
}

ReviewController::~ReviewController() = default;

ComparisonView *ReviewController::comparisonView() const
{
    return m_comparison;
}
CapturePage *ReviewController::beforePage() const
{
    return m_window->tabModel()->marked(TabModel::Mark::Before);
}
CapturePage *ReviewController::afterPage() const
{
    return m_window->tabModel()->marked(TabModel::Mark::After);
}

void ReviewController::createActions()
{
    m_openReview = new QAction(tr("Open &Review…"), this);
    setChangeableShortcut(m_openReview, QStringLiteral("file.openReview"));
    connect(m_openReview, &QAction::triggered, this, &ReviewController::chooseAndOpen);
    m_saveReview = new QAction(tr("&Save Review…"), this);
    setChangeableShortcut(m_saveReview, QStringLiteral("file.saveReview"), QKeySequence::Save);
    connect(m_saveReview, &QAction::triggered, this, [this] { chooseAndSave(false); });
    m_saveReviewEmbedded = new QAction(tr("Save Review with &Captures Inside…"), this);
    setChangeableShortcut(m_saveReviewEmbedded, QStringLiteral("file.saveReviewWithCaptures"));
    m_saveReviewEmbedded->setToolTip(tr("The capture files travel inside the review file (compressed)."));
    connect(m_saveReviewEmbedded, &QAction::triggered, this, [this] { chooseAndSave(true); });
    m_window->addMenuActions(MainWindow::MenuSection::FileReview,
                             {m_openReview, m_saveReview, m_saveReviewEmbedded});

    m_markBefore = new QAction(tr("Mark Tab as &Before"), this);
    connect(m_markBefore, &QAction::triggered, this, [this] { markBefore(currentPage()); });
    setChangeableShortcut(m_markBefore, QStringLiteral("compare.markBefore"),
                          QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_B));
    m_markAfter = new QAction(tr("Mark Tab as &After"), this);
    connect(m_markAfter, &QAction::triggered, this, [this] { markAfter(currentPage()); });
    setChangeableShortcut(m_markAfter, QStringLiteral("compare.markAfter"),
                          QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_A));
    m_swap = new QAction(tr("&Swap Before and After"), this);
    setChangeableShortcut(m_swap, QStringLiteral("compare.swapMarks"));
    connect(m_swap, &QAction::triggered, this, &ReviewController::swapMarks);
    m_clear = new QAction(tr("C&lear Marks"), this);
    setChangeableShortcut(m_clear, QStringLiteral("compare.clearMarks"));
    connect(m_clear, &QAction::triggered, this, &ReviewController::clearMarks);
    auto *separator = new QAction(this);
    separator->setSeparator(true);
    m_compare = new QAction(tr("&Compare Before and After…"), this);
    connect(m_compare, &QAction::triggered, this, &ReviewController::chooseAndCompare);
    setChangeableShortcut(m_compare, QStringLiteral("compare.compare"),
                          QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    m_addToBefore = new QAction(tr("Add Tab to Be&fore"), this);
    m_addToBefore->setToolTip(
        tr("The current tab's capture becomes a further run of the comparison's Before."));
    setChangeableShortcut(m_addToBefore, QStringLiteral("compare.addTabToBefore"));
    connect(m_addToBefore, &QAction::triggered, this, &ReviewController::addTabToBefore);
    m_addToAfter = new QAction(tr("Add Tab to Af&ter"), this);
    m_addToAfter->setToolTip(
        tr("The current tab's capture becomes a further run of the comparison's After."));
    setChangeableShortcut(m_addToAfter, QStringLiteral("compare.addTabToAfter"));
    connect(m_addToAfter, &QAction::triggered, this, &ReviewController::addTabToAfter);
    m_window->addMenuActions(
        MainWindow::MenuSection::Compare,
        {m_markBefore, m_markAfter, m_swap, m_clear, separator, m_compare, m_addToBefore, m_addToAfter});

    m_window->addMenuActions(MainWindow::MenuSection::View, {m_dock->toggleViewAction()});

    m_guided = new QAction(tr("&Guided Example: Before and After"), this);
    m_guided->setToolTip(
        tr("Opens the bundled pair (technique 01a, larger tiling) from symptom to verdict."));
    setChangeableShortcut(m_guided, QStringLiteral("help.guidedExample"));
    connect(m_guided, &QAction::triggered, this, &ReviewController::openGuidedExample);
    m_window->addMenuActions(MainWindow::MenuSection::Help, {m_guided});

    if (!m_catalogue) {
        m_panel->setToolTip(tr("The technique catalogue could not be read: %1").arg(m_catalogueError));
        m_guided->setEnabled(false);
    }
}

QMenu *ReviewController::createTabMenu(int index, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    const TabModel *tabs = m_window->tabModel();
    CapturePage *page = tabs->capturePage(index);
    const bool ready = page && page->state() == CapturePage::State::Ready;
    QAction *before = menu->addAction(tr("Mark as &Before"), this, [this, page] { markBefore(page); });
    QAction *after = menu->addAction(tr("Mark as &After"), this, [this, page] { markAfter(page); });
    before->setEnabled(ready && tabs->mark(page) != TabModel::Mark::Before);
    after->setEnabled(ready && tabs->mark(page) != TabModel::Mark::After);
    menu->addSeparator();
    menu->addAction(m_compare);
    menu->addAction(m_clear);
    return menu;
}

CapturePage *ReviewController::currentPage() const
{
    return m_window->tabModel()->currentCapturePage();
}

QString ReviewController::pageName(CapturePage *page) const
{
    if (!page)
        return {};
    const QString plain = m_window->tabModel()->plainTitle(page);
    return plain.isEmpty() ? QFileInfo(page->path()).fileName() : plain;
}

void ReviewController::mark(CapturePage *page, bool before)
{
    if (!page || page->state() != CapturePage::State::Ready) {
        m_window->statusBar()->showMessage(tr("Only a loaded capture can be marked."), 5000);
        return;
    }
    m_window->tabModel()->setMark(page, before ? TabModel::Mark::Before : TabModel::Mark::After);
    updateActions();
    emit marksChanged();
}

void ReviewController::markBefore(CapturePage *page)
{
    mark(page, true);
}
void ReviewController::markAfter(CapturePage *page)
{
    mark(page, false);
}

void ReviewController::swapMarks()
{
    m_window->tabModel()->swapMarks();
    updateActions();
    emit marksChanged();
}

void ReviewController::clearMarks()
{
    m_window->tabModel()->clearMarks();
    updateActions();
    emit marksChanged();
}

void ReviewController::updateActions()
{
    CapturePage *page = currentPage();
    const bool ready = page && page->state() == CapturePage::State::Ready;
    const bool before = beforePage(), after = afterPage();
    m_markBefore->setEnabled(ready);
    m_markAfter->setEnabled(ready);
    m_swap->setEnabled(before || after);
    m_clear->setEnabled(before || after);
    m_compare->setEnabled(before && after && m_catalogue);
    m_addToBefore->setEnabled(ready && m_comparison);
    m_addToAfter->setEnabled(ready && m_comparison);
    m_saveReview->setEnabled(bool(m_comparison));
    m_saveReviewEmbedded->setEnabled(bool(m_comparison));
}

void ReviewController::chooseAndCompare()
{
    if (!m_catalogue)
        return;
    QStringList items{tr("General (no technique)")};
    QStringList ids{QStringLiteral("general")};
    for (const Technique &t : m_catalogue->techniques()) {
        items << QStringLiteral("%1  %2").arg(t.shortId, t.title);
        ids << t.id;
    }
    const QString shown = m_panel->currentTechnique();
    const int current = std::max(0, int(ids.indexOf(shown.isEmpty() ? QStringLiteral("general") : shown)));
    bool ok = false;
    const QString item = QInputDialog::getItem(m_window, tr("Compare Before and After"),
                                               tr("Confirm which technique?"), items, current, false, &ok);
    if (ok)
        compare(ids.value(int(items.indexOf(item)), QStringLiteral("general")));
}

bool ReviewController::addTabToBefore()
{
    return addTab(true);
}
bool ReviewController::addTabToAfter()
{
    return addTab(false);
}

bool ReviewController::addTab(bool before)
{
    const auto refuse = [this](const QString &why) {
        m_window->statusBar()->showMessage(why, 8000);
        return false;
    };
    if (!m_comparison)
        return refuse(tr("Open a comparison first (Compare Before and After)."));
    CapturePage *page = currentPage();
    if (!page || page->state() != CapturePage::State::Ready)
        return refuse(tr("Only a loaded capture tab can be added to a comparison."));
    if (page->showsAllRuns())
        return refuse(tr("A comparison takes one run per capture: pick a run instead of \"All runs\"."));
    const ComparedCapture capture{
        page->capture(),
        pageName(page),
        page->path(),
        page->analysis(),
        page->timeline()->captureIndex(),
        std::vector<CapturePtr>(page->runs().runs.begin(), page->runs().runs.end())};
    const auto side = before ? ComparisonView::Side::Before : ComparisonView::Side::After;
    if (!m_comparison->addCapture(side, capture))
        return refuse(tr("%1 is on that side of the comparison already.").arg(capture.name));
    m_window->statusBar()->showMessage(
        (before ? tr("%1 added to Before (%2 runs)") : tr("%1 added to After (%2 runs)"))
            .arg(capture.name)
            .arg(m_comparison->comparedRuns(side).size()),
        5000);
    return true;
}

void ReviewController::compareWhenAnalysed(CapturePage *before, CapturePage *after, const QString &technique)
{
    // Only a loaded capture can be marked: both are marked once analysed. The wait's connections
    // live with this object, and end with it.
    auto *wait = new QObject(this);
    const auto attempt = [this, wait, before = QPointer<CapturePage>(before),
                          after = QPointer<CapturePage>(after), technique] {
        const bool failed = !before || !after || before->state() == CapturePage::State::Failed ||
                            after->state() == CapturePage::State::Failed;
        if (!failed && (!before->analysis() || !after->analysis()))
            return;
        QObject::disconnect(m_window, nullptr, wait, nullptr);
        wait->deleteLater();
        if (failed)
            return;
        markBefore(before);
        markAfter(after);
        compare(technique);
    };
    connect(m_window, &MainWindow::captureLoaded, wait, attempt);
    connect(m_window, &MainWindow::captureAnalysed, wait, attempt);
    attempt(); // both may be analysed already
}

bool ReviewController::compare(const QString &technique)
{
    const auto refuse = [this](const QString &why) {
        m_window->statusBar()->showMessage(why, 8000);
        return false;
    };
    if (!m_catalogue)
        return refuse(tr("The technique catalogue could not be read: %1").arg(m_catalogueError));
    CapturePage *beforePage = this->beforePage();
    CapturePage *afterPage = this->afterPage();
    if (!beforePage || !afterPage)
        return refuse(
            tr("Mark two open captures as Before and After first (Compare menu or the tab's context menu)."));
    if (beforePage->state() != CapturePage::State::Ready || afterPage->state() != CapturePage::State::Ready)
        return refuse(tr("Both captures must have loaded before they can be compared."));
    if (beforePage->showsAllRuns() || afterPage->showsAllRuns())
        return refuse(tr("A comparison is of one run per side: pick a run instead of \"All runs\"."));
    if (!beforePage->analysis() || !afterPage->analysis())
        return refuse(tr("Both captures are still being analysed; compare again in a moment."));

    TabModel *tabs = m_window->tabModel();
    const bool created = !m_comparison;
    if (created) {
        m_comparison = new ComparisonView(m_catalogue, tabs->tabs());
        m_comparison->setObjectName(QStringLiteral("comparisonView"));
        tabs->addTab(m_comparison, QString());
        // Queued: while `destroyed` is emitted the view is half torn down and m_comparison not yet
        // cleared, so reading it as a ComparisonView would be undefined.
        connect(m_comparison, &QObject::destroyed, this, &ReviewController::updateActions,
                Qt::QueuedConnection);
    }
    const auto runsOf = [](const CapturePage *page) {
        return std::vector<CapturePtr>(page->runs().runs.begin(), page->runs().runs.end());
    };
    const ComparedCapture before{beforePage->capture(),
                                 pageName(beforePage),
                                 beforePage->path(),
                                 beforePage->analysis(),
                                 beforePage->timeline()->captureIndex(),
                                 runsOf(beforePage)};
    const ComparedCapture after{afterPage->capture(),
                                pageName(afterPage),
                                afterPage->path(),
                                afterPage->analysis(),
                                afterPage->timeline()->captureIndex(),
                                runsOf(afterPage)};
    if (created || m_comparison->before().capture != before.capture ||
        m_comparison->after().capture != after.capture)
        m_comparison->setPair(before, after);
    m_comparison->setTechnique(technique);
    m_comparison->setGuide({});
    const int index = tabs->indexOf(m_comparison);
    tabs->setPlainTitle(m_comparison, tr("Compare: %1 → %2").arg(before.name, after.name));
    tabs->tabs()->setCurrentIndex(index);
    updateActions();
    emit comparisonOpened(m_comparison);
    return true;
}

std::optional<ReviewSession> ReviewController::currentSession(bool embed, QString *error) const
{
    if (!m_comparison) {
        if (error)
            *error = tr("There is no comparison to save.");
        return std::nullopt;
    }
    ReviewSession session;
    session.before.path = m_comparison->before().path;
    session.after.path = m_comparison->after().path;
    session.before.simulated = m_comparison->beforeSimulated();
    session.after.simulated = m_comparison->afterSimulated();
    session.technique = m_comparison->technique();
    session.markers = m_comparison->markers();
    session.notes = m_comparison->notes();
    session.diff = m_comparison->diffSettings();
    if (const CapturePage *page = pageShowing(session.before.path))
        session.before.bookmarks = page->viewBookmarks();
    if (const CapturePage *page = pageShowing(session.after.path))
        session.after.bookmarks = page->viewBookmarks();
    if (embed) {
        for (ReviewCapture *side : {&session.before, &session.after}) {
            auto files = captureFilesForEmbedding(side->path, error);
            if (!files)
                return std::nullopt;
            side->embedded = std::move(*files);
        }
    }
    return session;
}

bool ReviewController::saveReview(const QString &path, bool embed, QString *error)
{
    std::optional<ReviewSession> session = currentSession(false, error);
    if (!session)
        return false;
    // Reading and compressing the captures takes seconds for large ones: on the worker's thread,
    // while the window goes on painting.
    bool saved = false;
    QString why;
    if (!m_files->save(std::move(*session), embed, path)) {
        if (error)
            *error = tr("Another review file is being written or read.");
        return false;
    }
    if (!waitForWorker(this, m_files, &ReviewFileWorker::saved, [&](bool ok, const QString &message) {
            saved = ok;
            why = message;
        }))
        return false;
    if (!saved) {
        if (error)
            *error = why;
        return false;
    }
    m_window->statusBar()->showMessage(tr("Review saved to %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void ReviewController::chooseAndSave(bool embed)
{
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Review"), m_lastDirectory, fileFilter());
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(kReviewSessionSuffix)))
        path += QLatin1String(kReviewSessionSuffix);
    m_lastDirectory = QFileInfo(path).absolutePath();
    QString error;
    if (!saveReview(path, embed, &error) && !error.isEmpty())
        QMessageBox::warning(m_window, tr("Save Review"), tr("The review could not be saved: %1").arg(error));
}

void ReviewController::chooseAndOpen()
{
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Open Review"), m_lastDirectory, fileFilter());
    if (path.isEmpty())
        return;
    m_lastDirectory = QFileInfo(path).absolutePath();
    QString error;
    if (!openReview(path, &error) && !error.isEmpty())
        QMessageBox::warning(m_window, tr("Open Review"), error);
}

CapturePage *ReviewController::pageShowing(const QString &path) const
{
    for (CapturePage *marked : {beforePage(), afterPage()})
        if (marked && marked->path() == path)
            return marked;
    const TabModel *tabs = m_window->tabModel();
    for (int i = 0; i < tabs->count(); ++i) {
        CapturePage *page = tabs->capturePage(i);
        if (page && page->path() == path && page->state() == CapturePage::State::Ready)
            return page;
    }
    return nullptr;
}

CapturePage *ReviewController::openOrReuse(const QString &path)
{
    const TabModel *tabs = m_window->tabModel();
    for (int i = 0; i < tabs->count(); ++i) {
        CapturePage *page = tabs->capturePage(i);
        if (page && page->path() == path && page->state() != CapturePage::State::Failed)
            return page;
    }
    return m_window->openPath(path);
}

bool ReviewController::openReview(const QString &path, QString *error)
{
    const auto refuse = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    // Decompressing and unpacking embedded captures takes seconds for large ones: on the worker's
    // thread, while the window goes on painting.
    ReviewFileWorker::Opened opened;
    if (!m_files->open(path))
        return refuse(tr("Another review file is being written or read."));
    if (!waitForWorker(this, m_files, &ReviewFileWorker::opened,
                       [&](const ReviewFileWorker::Opened &result) { opened = result; }))
        return false;
    using Failure = ReviewFileWorker::Opened::Failure;
    switch (opened.failure) {
    case Failure::None:
        break;
    case Failure::Unreadable:
        return refuse(tr("%1 is not a readable review: %2").arg(QDir::toNativeSeparators(path), opened.why));
    case Failure::NoTemporaryDirectory:
        return refuse(tr("No temporary directory for the embedded capture: %1").arg(opened.why));
    case Failure::Unpacking:
        return refuse(tr("The embedded capture cannot be unpacked: %1").arg(opened.why));
    }
    const std::optional<ReviewSession> &session = opened.session;

    Pending pending;
    pending.technique = session->technique;
    pending.markers = session->markers;
    pending.notes = session->notes;
    pending.diff = session->diff;
    pending.beforeSimulated = session->before.simulated;
    pending.afterSimulated = session->after.simulated;
    pending.beforeBookmarks = session->before.bookmarks;
    pending.afterBookmarks = session->after.bookmarks;
    pending.source = path;
    const QStringList &paths = opened.paths;
    m_unpacked.insert(m_unpacked.end(), opened.unpacked.begin(), opened.unpacked.end());
    pending.before = openOrReuse(paths[0]);
    pending.after = openOrReuse(paths[1]);
    m_pending = std::move(pending);
    finishPending(); // both may be open already
    return true;
}

void ReviewController::openGuidedExample()
{
    Pending pending;
    pending.technique = QString::fromLatin1(kGuidedTechnique);
    pending.guided = true;
    pending.before = openOrReuse(QString::fromLatin1(kGuidedBefore));
    pending.after = openOrReuse(QString::fromLatin1(kGuidedAfter));
    m_pending = std::move(pending);
    finishPending();
}

void ReviewController::captureLoaded(CapturePage *page)
{
    updateActions();
    if (m_pending && (page == m_pending->before || page == m_pending->after))
        finishPending();
}

void ReviewController::finishPending()
{
    if (!m_pending)
        return;
    Pending &p = *m_pending;
    if (!p.before || !p.after) {
        fail(tr("A capture of the review was closed before it finished loading."));
        return;
    }
    for (CapturePage *page : {p.before.data(), p.after.data()}) {
        if (page->state() == CapturePage::State::Failed) {
            fail(tr("%1 could not be opened: %2")
                     .arg(QDir::toNativeSeparators(page->path()), page->errorMessage()));
            return;
        }
    }
    if (!p.before->analysis() || !p.after->analysis())
        return; // still loading or analysing; captureLoaded() comes back here
    const Pending done = std::move(p);
    m_pending.reset();
    markBefore(done.before);
    markAfter(done.after);
    if (!compare(done.technique))
        return;
    m_comparison->setMarkers(done.markers);
    m_comparison->setNotes(done.notes);
    m_comparison->setDiffSettings(done.diff);
    m_comparison->setSimulated(done.beforeSimulated, done.afterSimulated);
    const auto restoreBookmarks = [](CapturePage *page, const ViewBookmarks &stored) {
        ViewBookmarks bookmarks = page->viewBookmarks();
        bookmarks.merge(stored);
        page->setViewBookmarks(std::move(bookmarks));
    };
    restoreBookmarks(done.before, done.beforeBookmarks);
    restoreBookmarks(done.after, done.afterBookmarks);
    if (done.guided)
        showGuide();
    emit reviewRestored();
}

void ReviewController::fail(const QString &message)
{
    m_pending.reset();
    m_window->statusBar()->showMessage(message, 10000);
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Open Review"), message, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    emit reviewFailed(message);
}

// The walkthrough of the guided example, written from what the model measured on the pair.
void ReviewController::showGuide()
{
    if (!m_comparison)
        return;
    m_panel->showTechnique(QString::fromLatin1(kGuidedTechnique));
    m_dock->show();
    const Technique *technique = m_catalogue->find(QString::fromLatin1(kGuidedTechnique));

    QString symptom = tr("no decision rule fires on Before");
    for (const Suggestion &s : m_panel->suggestions()) {
        if (!s.techniques.contains(technique->id))
            continue;
        QStringList numbers;
        for (const SuggestionNumber &n : s.numbers)
            numbers << n.text();
        symptom = tr("<i>%1</i> (%2)")
                      .arg(s.title.toHtmlEscaped(), numbers.join(QStringLiteral(", ")).toHtmlEscaped());
        break;
    }
    // A metric the captures cannot give (the compiler's hints of a build whose report/ folder is not
    // beside them) is left out of the count and said so, rather than held against the example.
    int improved = 0, regressed = 0, judged = 0, notComparable = 0;
    for (const MetricComparison &m : m_comparison->comparison().metrics) {
        if (m.expected == ExpectedDirection::Report)
            continue;
        if (m.verdict == Verdict::NotComparable) {
            ++notComparable;
            continue;
        }
        ++judged;
        // An invariant that held confirms as much as a metric that moved the expected way.
        improved += m.verdict == Verdict::Improved || m.verdict == Verdict::Held;
        regressed += m.verdict == Verdict::Regressed || m.verdict == Verdict::Broken;
    }
    QString outcome =
        regressed == 0 && improved == judged && judged > 0
            ? tr("<b style='color:%1'>confirmed</b>: every confirmation metric moved the expected way")
                  .arg(verdictColour(Verdict::Improved).name())
            : tr("<b>%1 of %2</b> confirmation metrics improved or held, %3 regressed or broke")
                  .arg(improved)
                  .arg(judged)
                  .arg(regressed);
    if (notComparable > 0)
        outcome += tr(" (%1 more not comparable, as the table says)").arg(notComparable);
    m_comparison->setGuide(
        tr("<b>Guided example — from symptom to verdict.</b> "
           "<b>1. Symptom:</b> the Techniques panel on the right reads Before and finds %1; "
           "its <i>Show on timeline</i> button points at the evidence. "
           "<b>2. Technique:</b> %2 %3 — %4 "
           "<b>3. Verdict:</b> the table compares the metrics that confirm it: %5. "
           "<b>4. See it:</b> the timelines below share one time axis, so After's fewer, wider bars end well "
           "before Before's; zoom or drag either one and the other follows.")
            .arg(symptom, technique->shortId, technique->title.toHtmlEscaped(),
                 technique->how.toHtmlEscaped(), outcome));
}

} // namespace lanescope
