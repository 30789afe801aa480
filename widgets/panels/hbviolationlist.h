#pragma once

#include "model/analysis/dependencyanchors.h"
#include "model/format/durationtext.h"

#include <QWidget>
#include <vector>

class QComboBox;
class QLabel;
class QTreeWidget;

namespace lanescope {

// The happens-before violations (spec §7.5) of the selected task's full cone or of the whole
// capture: each edge whose consumer started before its producer ended, with by how much (in one
// unit for the column, named in its header, right-aligned). Every column sorts by value: the task
// ids as ids, the overlaps by length. Clicking an entry asks for its consumer to be selected.
class HbViolationList : public QWidget
{
    Q_OBJECT

public:
    enum class Scope { SelectionCone, WholeCapture };
    // More entries than this are counted, not listed.
    static constexpr int kMaxEntries = 5000;
    enum Column { ConsumerColumn, ProducerColumn, OverlapColumn };
    // The number each cell sorts by.
    static constexpr int kSortRole = Qt::UserRole + 1;

    explicit HbViolationList(QWidget *parent = nullptr);

    Scope scope() const;
    void setScope(Scope scope);
    // `what` names the scope ("cone of r0t12", "whole capture").
    void setViolations(const Capture *capture, const std::vector<HbViolation> &violations,
                       const QString &what);
    void showMessage(const QString &message);

    QTreeWidget *tree() const { return m_tree; }
    QComboBox *scopeBox() const { return m_scope; }
    QString summary() const;

signals:
    void consumerActivated(quint64 taskId);
    void scopeChanged();

private:
    static QString overlapHeader(TimeUnit unit);

    QComboBox *m_scope = nullptr;
    QLabel *m_summary = nullptr;
    QTreeWidget *m_tree = nullptr;
};

} // namespace lanescope
