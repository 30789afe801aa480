#pragma once

#include "model/capture/capture.h"
#include "model/format/bytestext.h"

#include "widgets/panels/groupedtreemodel.h"

#include <vector>

namespace lanescope {

// The compiler's hints of a capture's build as a two-level tree: one row per code, then its hints.
// PH001 comes first and is ranked by the bytes a transfer moves (perf-hints spec A.4: the figure
// to rank by), hints without that figure last in file order; the other codes follow by name, their
// hints in file order. Hints that joined to no kernel are listed all the same. The bytes moved are
// written in one unit, named in the column's header ("Moves (KiB)").
class CompilerHintsModel : public GroupedTreeModel
{
    Q_OBJECT

public:
    enum Column { HintColumn, MovesColumn, KernelColumn, LocationColumn, ColumnCount };
    enum Role {
        FuncIdRole = Qt::UserRole, // the first joined func id, -1 when the hint joined to none
        HintRole,                  // the PerfHint, as a pointer into the capture (quintptr), 0 on a code row
    };

    explicit CompilerHintsModel(QObject *parent = nullptr);

    void setCapture(CapturePtr capture);
    const CapturePtr &capture() const { return m_capture; }
    // The hint an index shows; null for a code row or an invalid index.
    const PerfHint *hintAt(const QModelIndex &index) const;
    // The kernel names of a hint, from the capture's name map (labels.h functionName: "func_7_h" without an
    // entry, as the Functions table names it).
    QString kernelsOf(const PerfHint &hint) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Orders the hints within each code by a column: the moves by their byte count (none first),
    // the other columns by their text. The codes keep their order (PH001 first).
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    struct Group
    {
        QString code;
        std::vector<const PerfHint *> hints;
    };
    int groupCount() const override;
    int rowsInGroup(int group) const override;

    CapturePtr m_capture;
    std::vector<Group> m_groups;
    ByteUnit m_movesUnit = ByteUnit::B; // the Moves column's, from its middle value
};

} // namespace lanescope
