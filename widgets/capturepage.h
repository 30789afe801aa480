#pragma once

#include "model/techniques/captureanalysis.h"
#include "model/capture/capture.h"

#include <QString>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QStackedLayout;

namespace lanescope {

class TimelineView;

// What a tab shows for one input: loading progress with a Cancel button, then either the
// timeline or the one-line reason the input could not be read.
class CapturePage : public QWidget
{
    Q_OBJECT

public:
    enum class State { Loading, Failed, Ready };

    explicit CapturePage(const QString &path, QWidget *parent = nullptr);

    const QString &path() const { return m_path; }
    State state() const { return m_state; }
    const QString &errorMessage() const { return m_error; }
    const CapturePtr &capture() const { return m_capture; }
    TimelineView *timeline() const { return m_timeline; }
    // The analysis of the whole capture (spec §12), computed once while loading; null until then.
    const CaptureAnalysisPtr &analysis() const { return m_analysis; }
    void setAnalysis(CaptureAnalysisPtr analysis) { m_analysis = std::move(analysis); }

    // `total` <= 0: the amount of work is unknown, show activity only.
    void setProgress(qint64 done, qint64 total);
    void showError(const QString &message);
    void showCapture(CapturePtr capture);

signals:
    void cancelRequested();

private:
    QString m_path;
    State m_state = State::Loading;
    QString m_error;
    CapturePtr m_capture;
    CaptureAnalysisPtr m_analysis;
    QStackedLayout *m_stack = nullptr;
    QWidget *m_loadingPage = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    QLabel *m_errorLabel = nullptr;
    TimelineView *m_timeline = nullptr;
};

} // namespace lanescope
