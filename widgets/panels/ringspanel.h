#pragma once

#include "model/analysis/ringdiagnosis.h"
#include "model/capture/capture.h"
#include "model/format/durationtext.h"
#include "model/techniques/captureanalysis.h"
#include "widgets/timeline/timelinenavigator.h"

#include <QPointer>
#include <QWidget>
#include <memory>

class QAction;
class QLabel;
class QTreeWidget;

namespace lanescope {

class RingPressureBand;
class ActiveCapture;

// The rings of a capture at a glance (chapter page 05): per ring and resource the peak, its % of
// capacity and the scope site it happened in, and the two diagnoses stated plainly (see
// RingDiagnosis for the thresholds). Owns the "Ring pressure band" action: when checked, the band
// (RingPressureBand) is drawn over the AICore lanes of the timeline the panel follows.
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
    // One group per resource, its heading naming the unit of its Peak and Capacity; a row per ring.
    QTreeWidget *tree() const { return m_tree; }

    // Column order of the table.
    enum Column {
        RingColumn,
        PeakColumn,
        CapacityColumn,
        PercentColumn,
        SiteColumn,
        AtColumn,
        TasksColumn,
        ColumnCount
    };

private:
    static QString atHeader(TimeUnit unit);
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
    QTreeWidget *m_tree = nullptr;
    RingDiagnosis m_diagnosis;
};

} // namespace lanescope
