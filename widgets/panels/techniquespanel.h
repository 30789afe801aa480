#pragma once

#include "model/capture/capture.h"
#include "model/techniques/captureanalysis.h"
#include "model/techniques/confirmationmetrics.h"
#include "model/techniques/symptomdetection.h"
#include "model/techniques/techniquecatalogue.h"
#include "widgets/timeline/timelinenavigator.h"

#include <QPointer>
#include <QWidget>
#include <memory>

class QLabel;
class QPushButton;
class QScrollArea;
class QTabWidget;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;
class QVBoxLayout;

namespace lanescope {

class ActiveCapture;

// The tuning chapter beside the timeline. Above: what the open capture suggests (the decision
// rules that fire on its measured metrics), each with the numbers behind it, the techniques it
// points to and a button that shows the evidence on the timeline. Below: the chapter's pages in
// order with their techniques; the selected one shows its four fields (when it applies, how,
// cost, how to confirm) and the metrics that confirm it.
class TechniquesPanel : public QWidget
{
    Q_OBJECT

public:
    explicit TechniquesPanel(std::shared_ptr<const TechniqueCatalogue> catalogue, QWidget *parent = nullptr);
    // Reads the capture in front, a comparison's Before side included.
    TechniquesPanel(std::shared_ptr<const TechniqueCatalogue> catalogue, ActiveCapture &active,
                    QWidget *parent = nullptr);

    // Lists the suggestions of `capture` from its `analysis` (computed off the GUI thread; null
    // while that runs); evidence is shown on `timeline`. A null capture clears the suggestions.
    // `name` labels the list ("Before — x").
    void setCapture(CapturePtr capture, TimelineNavigator *timeline, const QString &name,
                    CaptureAnalysisPtr analysis);
    const CapturePtr &capture() const { return m_capture; }
    TimelineNavigator *timeline() const { return m_timeline.get(); }
    const std::vector<Suggestion> &suggestions() const { return m_suggestions; }
    const MetricSet &metrics() const { return m_metrics; }

    // Selects a technique (full or short id) or a page ("03") in the list and shows it.
    bool showTechnique(const QString &id);
    // Full id of the technique shown, empty when a page or nothing is selected.
    QString currentTechnique() const;

    // Shows suggestion `index`'s evidence on the timeline: frames its range and every bar of its
    // tasks with a margin, measures the range as the region (highlighted) and selects its task.
    // False when there is no timeline or nothing to show.
    bool showEvidence(int index);

    QTreeWidget *techniqueTree() const { return m_tree; }
    // The panel's two tabs: the capture's suggestions, and the chapter's techniques.
    QTabWidget *pages() const { return m_pages; }
    QTextBrowser *detailsBrowser() const { return m_details; }
    // The "Show on timeline" button of suggestion `index` (null when out of range).
    QPushButton *evidenceButton(int index) const;
    QWidget *suggestionArea() const { return m_suggestionArea; }

signals:
    // "Compare with this technique" was asked for the shown technique.
    void compareRequested(const QString &techniqueId);

private:
    void fillTree();
    void showItem(QTreeWidgetItem *item);
    void rebuildSuggestions();
    QString techniqueHtml(const Technique &t) const;
    QString pageHtml(const TechniquePage &page) const;

    std::shared_ptr<const TechniqueCatalogue> m_catalogue;
    CaptureAnalysisPtr m_analysis;
    CapturePtr m_capture;
    NavigatorPointer m_timeline;
    QString m_captureName;
    MetricSet m_metrics;
    std::vector<Suggestion> m_suggestions;

    QLabel *m_suggestionTitle = nullptr;
    QWidget *m_suggestionArea = nullptr;
    QScrollArea *m_suggestionScroll = nullptr;
    QVBoxLayout *m_suggestionLayout = nullptr;
    std::vector<QPushButton *> m_evidenceButtons;
    QTabWidget *m_pages = nullptr; // Suggestions, Chapter
    QTreeWidget *m_tree = nullptr;
    QTextBrowser *m_details = nullptr;
    QPushButton *m_compare = nullptr;
};

} // namespace lanescope
