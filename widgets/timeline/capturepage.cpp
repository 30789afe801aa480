#include "widgets/timeline/capturepage.h"

#include "model/format/loadprogresstext.h"
#include "widgets/overlays/runboundaryoverlay.h"
#include "widgets/timeline/timelineview.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStackedLayout>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QVBoxLayout>
#include <algorithm>

namespace lanescope {

namespace {

constexpr int kProgressSteps = 1000;
constexpr int kAllRuns = -1;

QString windowEntry(const DfxWindow &window)
{
    const QString launches =
        !window.launches ? QObject::tr("launches unknown")
        : *window.launches == 1
            ? QObject::tr("1 launch")
            : QObject::tr("%1 launches").arg(QLocale().toString(qulonglong(*window.launches)));
    return QObject::tr("window %1 · %2").arg(window.index).arg(launches);
}

QString runEntry(const Capture &run)
{
    const QString &verdict = run.info.collection.verdict;
    return QObject::tr("%1 · %2 · %3 rows")
        .arg(runLabel(run.info), verdict.isEmpty() ? QObject::tr("no verdict") : verdict,
             QLocale().toString(qulonglong(run.rows.size())));
}

// Why this run may be missing data, in the runtime's own words (supplement §5.3).
QString verdictBanner(const Capture &run)
{
    const RunCollection &c = run.info.collection;
    QStringList parts;
    if (c.isPartial()) {
        QString text =
            QObject::tr("%1: verdict %2 — %3").arg(runLabel(run.info), c.verdict, c.verdictMeaning());
        const QStringList causes = c.causes();
        if (!causes.isEmpty())
            text += QStringLiteral(" (") + causes.join(QStringLiteral(", ")) + u')';
        parts << text;
    }
    if (c.handoffIdentityVerified == false)
        parts << QObject::tr("hand-off identity not verified: a zero loss count proves nothing");
    return parts.join(QStringLiteral("  ·  "));
}

} // namespace

CapturePage::CapturePage(const QString &path, QWidget *parent) : QWidget(parent), m_path(path)
{
    m_stack = new QStackedLayout(this);

    m_loadingPage = new QWidget(this);
    auto *loadingLayout = new QVBoxLayout(m_loadingPage);
    loadingLayout->addStretch();
    auto *title = new QLabel(tr("Loading %1…").arg(QFileInfo(path).fileName()), m_loadingPage);
    title->setAlignment(Qt::AlignCenter);
    loadingLayout->addWidget(title);
    m_progress = new QProgressBar(m_loadingPage);
    m_progress->setRange(0, 0);
    m_progress->setMinimumWidth(360);
    m_progress->setTextVisible(false);
    loadingLayout->addWidget(m_progress, 0, Qt::AlignHCenter);
    m_progressText = new QLabel(m_loadingPage);
    m_progressText->setObjectName(QStringLiteral("loadProgressText"));
    m_progressText->setAlignment(Qt::AlignCenter);
    loadingLayout->addWidget(m_progressText);
    m_cancel = new QPushButton(tr("Cancel"), m_loadingPage);
    loadingLayout->addWidget(m_cancel, 0, Qt::AlignHCenter);
    loadingLayout->addStretch();
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancel->setEnabled(false);
        m_cancel->setText(tr("Cancelling…"));
        emit cancelRequested();
    });
    m_stack->addWidget(m_loadingPage);

    m_errorLabel = new QLabel(this);
    m_errorLabel->setAlignment(Qt::AlignCenter);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setMargin(24);
    m_stack->addWidget(m_errorLabel);

    m_capturePage = new QWidget(this);
    auto *captureLayout = new QVBoxLayout(m_capturePage);
    captureLayout->setContentsMargins(0, 0, 0, 0);
    captureLayout->setSpacing(0);
    // Above a preview: the progress and Cancel move here from the loading page (showPreview).
    m_previewStrip = new QWidget(m_capturePage);
    m_previewStrip->setObjectName(QStringLiteral("previewStrip"));
    auto *stripLayout = new QHBoxLayout(m_previewStrip);
    stripLayout->setContentsMargins(6, 3, 6, 3);
    m_previewText = new QLabel(m_previewStrip);
    stripLayout->addWidget(m_previewText, 1);
    m_previewStrip->hide();
    captureLayout->addWidget(m_previewStrip);
    m_runBar = new QWidget(m_capturePage);
    auto *runLayout = new QHBoxLayout(m_runBar);
    runLayout->setContentsMargins(6, 3, 6, 3);
    // The window first: it chooses the files, the run what of them is on screen.
    m_windowLabel = new QLabel(tr("DFX &window:"), m_runBar);
    m_windowPicker = new QComboBox(m_runBar);
    m_windowPicker->setObjectName(QStringLiteral("windowPicker"));
    m_windowPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_windowLabel->setBuddy(m_windowPicker);
    runLayout->addWidget(m_windowLabel);
    runLayout->addWidget(m_windowPicker);
    runLayout->addSpacing(12);
    m_windowLabel->hide(); // until setWindows() gives two windows or more
    m_windowPicker->hide();
    connect(m_windowPicker, &QComboBox::activated, this, [this](int index) {
        const int window = m_windowPicker->itemData(index).toInt();
        if (window != m_currentWindow)
            emit windowRequested(window);
    });
    m_runLabel = new QLabel(tr("&Run:"), m_runBar);
    m_runPicker = new QComboBox(m_runBar);
    m_runPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_runPicker->setToolTip(tr("Each run is analysed on its own; \"All runs\" lays them on one axis"));
    m_runLabel->setBuddy(m_runPicker);
    runLayout->addWidget(m_runLabel);
    runLayout->addWidget(m_runPicker);
    runLayout->addStretch();
    captureLayout->addWidget(m_runBar);
    connect(m_runPicker, &QComboBox::activated, this,
            [this](int index) { setCurrentRun(m_runPicker->itemData(index).toInt()); });
    m_banner = new QLabel(m_capturePage);
    m_banner->setWordWrap(true);
    m_banner->setMargin(6);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The warning colours of a status banner, legible in the light and the dark theme alike.
    m_banner->setStyleSheet(
        QStringLiteral("QLabel { background: #fff3cd; color: #664d03; border-bottom: 1px solid #e0c36a; }"));
    captureLayout->addWidget(m_banner);
    m_content = new QStackedWidget(m_capturePage);
    m_timeline = new TimelineView(m_content);
    m_timeline->addOverlay(std::make_shared<RunBoundaryOverlay>());
    m_content->addWidget(m_timeline);
    m_nothingLabel = new QLabel(m_content);
    m_nothingLabel->setObjectName(QStringLiteral("capturedNothing"));
    m_nothingLabel->setAlignment(Qt::AlignCenter);
    m_nothingLabel->setWordWrap(true);
    m_nothingLabel->setMargin(24);
    m_nothingLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_content->addWidget(m_nothingLabel);
    captureLayout->addWidget(m_content, 1);
    m_stack->addWidget(m_capturePage);
    m_stack->setCurrentWidget(m_loadingPage);
    m_loadTimer.start();
}

CaptureAnalysisPtr CapturePage::analysis() const
{
    const auto it = m_capture ? m_analyses.find(m_capture.get()) : m_analyses.end();
    return it == m_analyses.end() ? nullptr : it->second;
}

bool CapturePage::holdsRun(const CapturePtr &run) const
{
    return std::any_of(m_runs.runs.begin(), m_runs.runs.end(), [&](const auto &r) { return r == run; });
}

void CapturePage::setAnalysis(const CapturePtr &run, CaptureAnalysisPtr analysis)
{
    if (holdsRun(run))
        m_analyses[run.get()] = std::move(analysis);
}

QString CapturePage::bannerText() const
{
    return m_banner->isHidden() ? QString() : m_banner->text();
}

void CapturePage::setProgress(qint64 done, qint64 total, qint64 records)
{
    m_loadRate.add(double(m_loadTimer.nsecsElapsed()) / 1e9, done, total, records);
    m_progressText->setText(loadProgressText(done, total, m_loadRate.reading()));
    if (total <= 0) {
        m_progress->setRange(0, 0);
        return;
    }
    m_progress->setRange(0, kProgressSteps);
    m_progress->setValue(int(std::clamp<double>(double(done) / double(total), 0, 1) * kProgressSteps));
}

QString CapturePage::progressText() const
{
    return m_progressText->text();
}

bool CapturePage::showsPreview() const
{
    return m_state == State::Loading && !m_previewStrip->isHidden();
}

QString CapturePage::previewText() const
{
    return m_previewText->text();
}

void CapturePage::showPreview(CapturePtr preview, CaptureIndexPtr index, qint64 rowsRead)
{
    if (m_state != State::Loading || !preview)
        return;
    m_previewText->setText(tr("Preview of %1 rows read so far — loading…").arg(QLocale().toString(rowsRead)));
    const bool first = m_previewStrip->isHidden();
    if (first) {
        auto *strip = static_cast<QHBoxLayout *>(m_previewStrip->layout());
        m_progress->setMinimumWidth(200);
        strip->addWidget(m_progress);
        strip->addWidget(m_progressText);
        strip->addWidget(m_cancel);
        m_previewStrip->show();
        m_runBar->hide();
        m_banner->hide();
        m_content->setCurrentWidget(m_timeline);
        m_stack->setCurrentWidget(m_capturePage);
    }
    // A range the user chose on the last preview stays, moved by the change of time base (each
    // preview starts at its own earliest row).
    const CapturePtr shown = m_timeline->capture();
    const bool zoomed = !first && m_timeline->visibleRange() != m_previewFit;
    TimeRange kept = m_timeline->visibleRange();
    if (zoomed && shown && preview->info.clockFreqHz) {
        const auto cycles = std::int64_t(shown->info.baseCycles - preview->info.baseCycles);
        const double shiftUs = double(cycles) * 1e6 / double(*preview->info.clockFreqHz);
        kept = {kept.startUs + shiftUs, kept.endUs + shiftUs};
    }
    m_timeline->setCapture(std::move(preview), std::move(index));
    m_previewFit = m_timeline->visibleRange();
    if (zoomed)
        m_timeline->setVisibleRange(kept);
}

void CapturePage::showError(const QString &message)
{
    m_state = State::Failed;
    m_error = message;
    m_errorLabel->setText(tr("Cannot open %1\n\n%2").arg(QFileInfo(m_path).fileName(), message));
    m_stack->setCurrentWidget(m_errorLabel);
}

void CapturePage::showCapture(CapturePtr capture)
{
    CaptureRuns runs;
    runs.runs.push_back(std::const_pointer_cast<Capture>(std::move(capture)));
    showRuns(std::move(runs));
}

void CapturePage::showRuns(CaptureRuns runs, std::map<const Capture *, CaptureIndexPtr> indexes)
{
    m_indexes = std::move(indexes);
    m_state = State::Ready;
    m_runs = std::move(runs);
    m_previewStrip->hide();
    m_allRuns.reset();
    m_analyses.clear();
    m_currentRun = int(m_runs.size()) - 1;
    fillRunPicker();
    m_stack->setCurrentWidget(m_capturePage);
    showCurrent();
    m_timeline->setFocus();
}

void CapturePage::setCurrentRun(int index)
{
    if (index != kAllRuns && (index < 0 || std::size_t(index) >= m_runs.size()))
        return;
    if (index == kAllRuns && !m_allRuns)
        return;
    if (index == m_currentRun)
        return;
    m_currentRun = index;
    m_runPicker->setCurrentIndex(m_runPicker->findData(index));
    showCurrent();
    emit runChanged();
}

void CapturePage::setAllRuns(CapturePtr allRuns, CaptureIndexPtr index)
{
    m_allRuns = std::move(allRuns);
    if (m_allRuns && index)
        m_indexes[m_allRuns.get()] = std::move(index);
    fillRunPicker();
}

void CapturePage::fillRunPicker()
{
    m_runPicker->clear();
    for (std::size_t i = 0; i < m_runs.size(); ++i)
        m_runPicker->addItem(runEntry(*m_runs.runs[i]), int(i));
    if (m_runs.size() > 1) {
        const QString entry = m_allRuns ? tr("All %1 (%2, not analysed)") : tr("All %1 (%2, laying out…)");
        m_runPicker->addItem(entry.arg(runsNoun(m_runs)).arg(m_runs.size()), kAllRuns);
        // Not pickable until laid out.
        if (auto *items = qobject_cast<QStandardItemModel *>(m_runPicker->model()); items && !m_allRuns)
            items->item(m_runPicker->count() - 1)->setEnabled(false);
    }
    m_runPicker->setCurrentIndex(m_runPicker->findData(m_currentRun));
    m_runLabel->setVisible(m_runs.size() > 1);
    m_runPicker->setVisible(m_runs.size() > 1);
    m_runBar->setVisible(m_runs.size() > 1 || m_windows.windows.size() > 1);
}

void CapturePage::setWindows(DfxWindows windows, int shown)
{
    m_windows = std::move(windows);
    m_currentWindow = shown;
    fillWindowPicker();
    fillRunPicker();
}

void CapturePage::fillWindowPicker()
{
    m_windowPicker->clear();
    for (const DfxWindow &w : m_windows.windows) {
        m_windowPicker->addItem(windowEntry(w), w.index);
        m_windowPicker->setItemData(m_windowPicker->count() - 1, QDir::toNativeSeparators(w.path),
                                    Qt::ToolTipRole);
    }
    m_windowPicker->setCurrentIndex(m_windowPicker->findData(m_currentWindow));
    QString tip = tr("Each DFX window has its own files and launches; picking one loads it in this tab");
    if (!m_windows.skipped.isEmpty())
        tip += tr("\nNot windows: %1").arg(m_windows.skipped.join(QStringLiteral("; ")));
    m_windowPicker->setToolTip(tip);
    const bool several = m_windows.windows.size() > 1;
    m_windowPicker->setVisible(several);
    m_windowLabel->setVisible(several);
}

void CapturePage::showCurrent()
{
    m_capture = m_currentRun == kAllRuns ? m_allRuns : CapturePtr(m_runs.runs[std::size_t(m_currentRun)]);
    const auto index = m_capture ? m_indexes.find(m_capture.get()) : m_indexes.end();
    m_timeline->setCapture(m_capture, index != m_indexes.end() ? index->second : CaptureIndexPtr());
    const QString banner = m_capture->info.allRuns
                               ? tr("%1 Their boundaries are marked.").arg(analysisPendingText(*m_capture))
                           : m_capture->info.launchesUnknown ? notAnalysedText(m_capture->info)
                                                             : verdictBanner(*m_capture);
    m_banner->setText(banner);
    m_banner->setVisible(!banner.isEmpty());
    if (capturedNothing(*m_capture)) {
        m_nothingLabel->setText(capturedNothingText(*m_capture));
        m_content->setCurrentWidget(m_nothingLabel);
    } else {
        m_content->setCurrentWidget(m_timeline);
    }
}

} // namespace lanescope
