#pragma once

#include "model/techniques/captureanalysis.h"
#include "widgets/timeline/timeviewport.h"

#include <QAbstractItemModel>
#include <vector>

namespace lanescope {

// What a report entry points at on the timeline.
struct ReportTarget
{
    enum class Kind { None, Task, Row, Range };
    Kind kind = Kind::None;
    std::uint64_t taskId = 0; // Task: select this task's first bar
    std::size_t row = 0;      // Row: select the bar of Capture::rows[row]
    TimeRange range;          // when valid: zoom to it (after selecting, for Task and Row)

    bool isValid() const { return kind != Kind::None; }
};

// One line of the report: a figure of spec §12, its numbers, the capture level it needs, and,
// when the capture cannot give it, why (the value then says so instead of showing a number).
struct ReportEntry
{
    QString key; // the figure's name in `lanescope analyze --json`, dotted for its parts
    QString figure;
    QString value;
    QString needs; // "L1", "L2", "L2 + deps", "L3"
    QString absentReason;
    ReportTarget target;
    int parent = -1;
    std::vector<int> children;

    bool isAbsent() const { return !absentReason.isEmpty(); }
};

// The findings of spec §12.2 Parts 1–6 and the observed critical path of §12.4 as a tree: a line
// per part with its headline, its figures below. Columns: figure, value, level needed.
class ReportModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { Figure, Value, Needs, ColumnCount };

    explicit ReportModel(QObject *parent = nullptr);

    // `capture` gives task names; a null analysis empties the model.
    void setAnalysis(CapturePtr capture, CaptureAnalysisPtr analysis);
    const CaptureAnalysisPtr &analysis() const { return m_analysis; }
    const CapturePtr &capture() const { return m_capture; }

    const ReportEntry *entry(const QModelIndex &index) const;
    // The entry of a figure key ("overhead", "head_oh.max", ...), or an invalid index.
    QModelIndex indexOfKey(const QString &key) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int add(int parent, QString key, QString figure, QString value, QString needs, ReportTarget target = {});
    int addAbsentAware(int parent, const QString &key, QString figure, QString needs, bool present,
                       QString value);
    void build(const Capture &capture, const CaptureAnalysis &analysis);

    CapturePtr m_capture;
    CaptureAnalysisPtr m_analysis;
    std::vector<ReportEntry> m_entries;
    std::vector<int> m_roots;
};

} // namespace lanescope
