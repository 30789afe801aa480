#include "detailspanel.h"

#include "slicedetails.h"

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
