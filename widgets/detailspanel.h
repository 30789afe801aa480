#pragma once

#include "model/capture/capture.h"
#include "sliceref.h"

#include <QTextBrowser>

namespace lanescope {

// The selected bar in full: ids, function, core, timestamps and gaps, SPMD block, and the task's
// predecessors and successors as links that select that task.
class DetailsPanel : public QTextBrowser
{
    Q_OBJECT

public:
    explicit DetailsPanel(QWidget *parent = nullptr);

    void showSlice(const CapturePtr &capture, SliceRef bar);
    void showNothing();

signals:
    void taskActivated(quint64 taskId);
};

} // namespace lanescope
