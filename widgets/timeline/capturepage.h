#pragma once

#include "model/capture/capture.h"
#include "model/capture/captureruns.h"
#include "model/capture/timerange.h"
#include "model/index/captureindex.h"
#include "model/io/dfxwindows.h"
#include "model/io/loadrate.h"
#include "model/session/viewbookmarks.h"
#include "model/techniques/captureanalysis.h"

#include <QElapsedTimer>
#include <QString>
#include <QWidget>
#include <map>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QStackedLayout;
class QStackedWidget;

namespace lanescope {

class TimelineView;

// What a tab shows for one input: loading progress with a Cancel button, then either the
// timeline or the one-line reason the input could not be read. While a large records file loads,
// its previews (CaptureLoader::previewed) are drawn as the timeline with the progress, the rows
// read so far and Cancel in a strip above it, until the whole capture replaces them. An input with
// several runs gets a run picker above the timeline: each run on its own, or all of them on one
// axis ("All runs", never analysed). A tab of a kernel-mode output folder gets a DFX window picker
// beside it, one entry per window of the folder. A run whose verdict is not "published" carries a banner
// saying so, and a run that captured nothing says that instead of showing an empty timeline.
class CapturePage : public QWidget
{
    Q_OBJECT

public:
    enum class State { Loading, Failed, Ready };

    explicit CapturePage(const QString &path, QWidget *parent = nullptr);

    const QString &path() const { return m_path; }
    State state() const { return m_state; }
    const QString &errorMessage() const { return m_error; }
    // The capture on screen: the picked run, or the "All runs" view.
    const CapturePtr &capture() const { return m_capture; }
    const CaptureRuns &runs() const { return m_runs; }
    TimelineView *timeline() const { return m_timeline; }
    // The analysis of the run on screen (spec §12), computed after loading; null until then, and
    // always null for the "All runs" view, which is never analysed.
    CaptureAnalysisPtr analysis() const;
    // Keeps the analysis of one of this page's runs; ignored for a capture it does not hold.
    void setAnalysis(const CapturePtr &run, CaptureAnalysisPtr analysis);
    bool holdsRun(const CapturePtr &run) const;
    bool showsAllRuns() const { return m_capture && m_capture->info.allRuns; }

    // Index into runs() of the run on screen, -1 for "All runs".
    int currentRun() const { return m_currentRun; }
    void setCurrentRun(int index);
    QComboBox *runPicker() const { return m_runPicker; }
    // The DFX windows of the output folder this tab shows one of (field spec §3), and which: an
    // entry each in the window picker, shown with two or more. The page loads nothing itself:
    // picking another window asks for it (windowRequested). Kept across showRuns.
    void setWindows(DfxWindows windows, int shown);
    const DfxWindows &windows() const { return m_windows; }
    int currentWindow() const { return m_currentWindow; }
    QComboBox *windowPicker() const { return m_windowPicker; }
    // The verdict banner's text, empty when it is hidden.
    QString bannerText() const;

    // Bytes of the input read and their size (`total` <= 0: the amount of work is unknown, show
    // activity only) and records read so far: the bar, and under it the rate and the time left.
    void setProgress(qint64 done, qint64 total, qint64 records = 0);
    // What the line under the progress bar says.
    QString progressText() const;
    // Draws `preview` (the rows read so far, with its bar index) while the page is loading; the
    // first one fitted whole, later ones at the range the user chose meanwhile, if any. Ignored
    // once the page shows its capture or its error.
    void showPreview(CapturePtr preview, CaptureIndexPtr index, qint64 rowsRead);
    // A preview is on screen (and so the page is loading); its strip's text.
    bool showsPreview() const;
    QString previewText() const;
    void showError(const QString &message);
    // Shows the runs, starting with the last one. With several, the "All runs" entry of the picker
    // waits for setAllRuns(): that view is laid out after loading, off the GUI thread. `indexes`
    // are the runs' bar indexes (CaptureDocument::indexes); a run without one gets its own.
    void showRuns(CaptureRuns runs, std::map<const Capture *, CaptureIndexPtr> indexes = {});
    // The "All runs" view of these runs (layOutAllRuns), once laid out, and its bar index (without
    // one, the view builds its own).
    void setAllRuns(CapturePtr allRuns, CaptureIndexPtr index = {});
    bool hasAllRuns() const { return bool(m_allRuns); }
    // Shows one capture as the only run.
    void showCapture(CapturePtr capture);

    // The views the user stored on this tab (slots 1 to 9); they stay when another run is shown.
    const ViewBookmarks &viewBookmarks() const { return m_bookmarks; }
    void setViewBookmarks(ViewBookmarks bookmarks) { m_bookmarks = std::move(bookmarks); }

signals:
    void cancelRequested();
    // Another run (or "All runs") is on screen.
    void runChanged();
    // The user picked DFX window `index` (one of windows()), which is not the one shown.
    void windowRequested(int index);

private:
    void fillRunPicker();
    void fillWindowPicker();
    void showCurrent();

    QString m_path;
    State m_state = State::Loading;
    QString m_error;
    CaptureRuns m_runs;
    std::map<const Capture *, CaptureIndexPtr> m_indexes;
    CapturePtr m_allRuns;
    int m_currentRun = 0;
    CapturePtr m_capture;
    std::map<const Capture *, CaptureAnalysisPtr> m_analyses;
    QStackedLayout *m_stack = nullptr;
    QWidget *m_loadingPage = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_progressText = nullptr;
    QElapsedTimer m_loadTimer; // from the page's creation: the load starts with it
    LoadRate m_loadRate;
    QPushButton *m_cancel = nullptr;
    QLabel *m_errorLabel = nullptr;
    QWidget *m_capturePage = nullptr;
    QWidget *m_previewStrip = nullptr;
    QLabel *m_previewText = nullptr;
    TimeRange m_previewFit; // the range the last preview was fitted to: another one means a zoom
    QWidget *m_runBar = nullptr;
    QLabel *m_runLabel = nullptr;
    QComboBox *m_runPicker = nullptr;
    QLabel *m_windowLabel = nullptr;
    QComboBox *m_windowPicker = nullptr;
    DfxWindows m_windows;
    int m_currentWindow = -1;
    QLabel *m_banner = nullptr;
    QStackedWidget *m_content = nullptr;
    QLabel *m_nothingLabel = nullptr;
    TimelineView *m_timeline = nullptr;
    ViewBookmarks m_bookmarks;
};

} // namespace lanescope
