#pragma once

#include "model/analysis/ringdiagnosis.h"
#include "model/capture/capture.h"
#include "model/techniques/captureanalysis.h"
#include "widgets/timeline/timelinenavigator.h"

#include <QPointer>
#include <QWidget>
#include <memory>

class QAction;
class QLabel;
class QTreeView;

namespace lanescope {

class RingPressureBand;
class RingsModel;
class ActiveCapture;

// The rings of a capture at a glance (chapter page 05): per resource, under a heading that names its
// unit (RingsModel), one row per ring with the peak, its % of capacity and the scope site it
// happened in; and the two diagnoses stated plainly (see RingDiagnosis for the thresholds). Owns the "Ring
// pressure band" action: when checked, the band (RingPressureBand) is drawn over the AICore lanes of the
// timeline the panel follows.
class RingsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RingsPanel(QWidget *parent = nullptr);
    // Follows the timeline of the capture tab in front and its analysis.
    explicit RingsPanel(ActiveCapture &active, QWidget *parent = nullptr);
    ~RingsPanel() override;

    // Follows this timeline (nullptr: none): shows the figures of its capture's `analysis`
    // (computed off the GUI thread; null while that runs), and draws the band on it.
    void setTimeline(TimelineNavigator *view, CaptureAnalysisPtr analysis);
    // Shows a capture's figures without a timeline (no band).
    void setCapture(CapturePtr capture, CaptureAnalysisPtr analysis);

    QAction *bandAction() const { return m_bandAction; }
    bool bandShown() const;
    const RingDiagnosis &diagnosis() const { return m_diagnosis; }
    QString diagnosisText() const;
    QTreeView *tree() const { return m_tree; }
    RingsModel *model() const { return m_model; }

private:
    void rebuild();
    void updateBand();

    CapturePtr m_capture;
    CaptureAnalysisPtr m_analysis;
    NavigatorPointer m_view;
    NavigatorPointer m_bandView; // where the band currently is
    std::shared_ptr<RingPressureBand> m_band;
    QAction *m_bandAction = nullptr;
    QLabel *m_diagnosisLabel = nullptr;
    QLabel *m_noteLabel = nullptr;
    QTreeView *m_tree = nullptr;
    RingsModel *m_model = nullptr;
    RingDiagnosis m_diagnosis;
};

} // namespace lanescope
