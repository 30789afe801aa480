#include "capturepage.h"

#include "timelineview.h"

#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStackedLayout>
#include <QVBoxLayout>

namespace lanescope {

namespace {
constexpr int kProgressSteps = 1000;
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

    m_timeline = new TimelineView(this);
    m_stack->addWidget(m_timeline);
    m_stack->setCurrentWidget(m_loadingPage);
}

void CapturePage::setProgress(qint64 done, qint64 total)
{
    if (total <= 0) {
        m_progress->setRange(0, 0);
        return;
    }
    m_progress->setRange(0, kProgressSteps);
    m_progress->setValue(int(std::clamp<double>(double(done) / double(total), 0, 1) * kProgressSteps));
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
    m_state = State::Ready;
    m_capture = std::move(capture);
    m_timeline->setCapture(m_capture);
    m_stack->setCurrentWidget(m_timeline);
    m_timeline->setFocus();
}

} // namespace lanescope
