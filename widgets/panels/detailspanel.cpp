#include "widgets/panels/detailspanel.h"

#include "widgets/text/slicedetails.h"
#include "widgets/timeline/activecapture.h"

namespace lanescope {

DetailsPanel::DetailsPanel(QWidget *parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (const auto task = taskOfLink(url.toString()))
            emit taskActivated(*task);
    });
    showNothing();
}

DetailsPanel::DetailsPanel(ActiveCapture &active, QWidget *parent) : DetailsPanel(parent)
{
    connect(&active, &ActiveCapture::changed, this, [this, &active] { follow(active.navigator()); });
    connect(this, &DetailsPanel::taskActivated, this, [this](quint64 task) {
        if (m_followed)
            m_followed->selectTask(task);
    });
    follow(active.navigator());
}

void DetailsPanel::follow(TimelineNavigator *navigator)
{
    disconnect(m_selection);
    m_followed = navigator;
    if (navigator)
        m_selection = navigator->connectSelectionChanged(this, [this] { showSelection(); });
    showSelection();
}

void DetailsPanel::showSelection()
{
    if (m_followed && m_followed->selection())
        showSlice(m_followed->capture(), *m_followed->selection());
    else
        showNothing();
}

void DetailsPanel::showSlice(const CapturePtr &capture, SliceRef bar)
{
    if (!capture || bar.lane < 0 || std::size_t(bar.lane) >= capture->lanes.size() ||
        bar.slice >= capture->lanes[std::size_t(bar.lane)].slices.size()) {
        showNothing();
        return;
    }
    const Lane &lane = capture->lanes[std::size_t(bar.lane)];
    setHtml(sliceDetailsHtml(*capture, lane, lane.slices[bar.slice]));
}

void DetailsPanel::showNothing()
{
    setHtml(QStringLiteral("<p><i>%1</i></p>").arg(tr("Click a bar to see its details.")));
}

} // namespace lanescope
