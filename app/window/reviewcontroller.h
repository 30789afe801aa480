#pragma once

#include "model/techniques/reviewsession.h"
#include "model/techniques/techniquecatalogue.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QDockWidget;
class QMenu;
class QTemporaryDir;

namespace lanescope {

class CapturePage;
class ComparisonView;
class MainWindow;
class ReviewFileWorker;
class TechniquesPanel;

// The window's before/after review: marks two capture tabs as Before and After (tab context menu
// and the Compare menu), opens the comparison in a tab of its own, saves and reopens the review as
// a `.lanescope` file, and opens the bundled pair as a guided example. The marks live in the
// window's TabModel; the Techniques dock follows the window's ActiveCapture (on a comparison: its
// Before capture).
class ReviewController : public QObject
{
    Q_OBJECT

public:
    static constexpr const char *kCatalogueResource = ":/techniques/catalogue.json";
    static constexpr const char *kGuidedBefore = ":/samples/before-after/before";
    static constexpr const char *kGuidedAfter = ":/samples/before-after/after";
    static constexpr const char *kGuidedTechnique = "01a-larger-tiling";

    explicit ReviewController(MainWindow *window);
    ~ReviewController() override;

    const std::shared_ptr<const TechniqueCatalogue> &catalogue() const { return m_catalogue; }
    TechniquesPanel *techniquesPanel() const { return m_panel; }
    QDockWidget *techniquesDock() const { return m_dock; }
    ComparisonView *comparisonView() const;
    CapturePage *beforePage() const;
    CapturePage *afterPage() const;

    // Marks a capture tab; a page marked on the other side loses that mark.
    void markBefore(CapturePage *page);
    void markAfter(CapturePage *page);
    void swapMarks();
    void clearMarks();

    // Adds the current tab's capture to the open comparison's side, as a further run of it. False,
    // with the reason in the status bar, without a comparison or a loaded capture tab.
    bool addTabToBefore();
    bool addTabToAfter();

    // Opens (or updates) the comparison of the marked pair for `technique` (an id or "general").
    // False, with the reason in the status bar, when the pair is not both marked and loaded.
    bool compare(const QString &technique);
    // Marks `before` and `after` and compares them for `technique` once both have loaded and been
    // analysed (`lanescope --compare BEFORE AFTER`); a side that fails to load ends the wait, its
    // tab saying why.
    void compareWhenAnalysed(CapturePage *before, CapturePage *after, const QString &technique);

    // The review as it stands: the pair's paths, technique, markers, notes and the view bookmarks
    // of the pair's capture tabs (null without a comparison). `embed` carries the capture files inside.
    std::optional<ReviewSession> currentSession(bool embed, QString *error = nullptr) const;
    // Both wait for the review file worker while the window goes on painting. False with the reason
    // in `error`, or with no reason when the wait was abandoned (the application quit, or the
    // window and this controller were destroyed meanwhile: then the caller touches nothing more).
    bool saveReview(const QString &path, bool embed, QString *error = nullptr);
    // Opens both captures (unpacking embedded ones into a private temporary directory) and
    // restores the comparison once they have loaded, and the view bookmarks of each side on its tab
    // (they take their slots; the tab's other slots stay); reviewRestored() or reviewFailed() follows.
    bool openReview(const QString &path, QString *error = nullptr);
    // Help > Guided example: the bundled before/after pair with technique 01a.
    void openGuidedExample();

    // The actions, for the menus and tests.
    QAction *markBeforeAction() const { return m_markBefore; }
    QAction *markAfterAction() const { return m_markAfter; }
    QAction *compareAction() const { return m_compare; }
    QAction *addToBeforeAction() const { return m_addToBefore; }
    QAction *addToAfterAction() const { return m_addToAfter; }
    QAction *guidedExampleAction() const { return m_guided; }
    QAction *saveReviewAction() const { return m_saveReview; }
    QAction *openReviewAction() const { return m_openReview; }
    // The context menu of tab `index` (caller owns it); the window shows it on the tab bar.
    QMenu *createTabMenu(int index, QWidget *parent);

signals:
    void marksChanged();
    void comparisonOpened(ComparisonView *view);
    void reviewRestored();
    void reviewFailed(const QString &message);

private:
    // What to restore once the pair of pages has loaded.
    struct Pending
    {
        QPointer<CapturePage> before;
        QPointer<CapturePage> after;
        QString technique;
        std::vector<ReviewMarker> markers;
        QString notes;
        DiffSettings diff;
        std::optional<bool> beforeSimulated, afterSimulated;
        ViewBookmarks beforeBookmarks, afterBookmarks;
        bool guided = false;
        QString source; // review file, for messages
    };

    void createActions();
    void mark(CapturePage *page, bool before);
    bool addTab(bool before);
    void updateActions();
    void captureLoaded(CapturePage *page); // loaded, failed, or its analysis arrived
    void finishPending();
    void chooseAndCompare();
    void chooseAndSave(bool embed);
    void chooseAndOpen();
    void showGuide();
    void fail(const QString &message);
    CapturePage *openOrReuse(const QString &path);
    // The capture tab showing `path` (a marked one first), whose view bookmarks a review keeps.
    CapturePage *pageShowing(const QString &path) const;
    CapturePage *currentPage() const;
    QString pageName(CapturePage *page) const;

    MainWindow *m_window = nullptr;
    std::shared_ptr<const TechniqueCatalogue> m_catalogue;
    QString m_catalogueError;
    TechniquesPanel *m_panel = nullptr;
    QDockWidget *m_dock = nullptr;
    QPointer<ComparisonView> m_comparison;
    std::optional<Pending> m_pending;
    ReviewFileWorker *m_files = nullptr; // reads and writes review files off the GUI thread
    std::vector<std::shared_ptr<QTemporaryDir>> m_unpacked; // embedded captures of opened reviews
    QString m_lastDirectory;

    QAction *m_markBefore = nullptr;
    QAction *m_markAfter = nullptr;
    QAction *m_swap = nullptr;
    QAction *m_clear = nullptr;
    QAction *m_compare = nullptr;
    QAction *m_addToBefore = nullptr;
    QAction *m_addToAfter = nullptr;
    QAction *m_saveReview = nullptr;
    QAction *m_saveReviewEmbedded = nullptr;
    QAction *m_openReview = nullptr;
    QAction *m_guided = nullptr;
};

} // namespace lanescope
