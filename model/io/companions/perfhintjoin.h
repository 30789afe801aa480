#pragma once

#include "model/capture/namemap.h"
#include "model/capture/perfhints.h"

#include <QHash>
#include <QStringList>

namespace lanescope {

// Which kernels the generated MLIR places at each source line (perf-hints spec B.3): every op in
// <output_dir>/ptoas/*.pto ends with loc("FILE":LINE:COL) inside func.func @<kernel name>.
struct PtoLocations
{
    QHash<QString, QStringList> kernelsAt; // "FILE:LINE" -> kernel names, in first-seen order
    bool isEmpty() const { return kernelsAt.isEmpty(); }
    void add(const QString &file, int line, const QString &kernel);
    QStringList kernelsOf(const HintLocation &where) const;
};

// Reads the ptoas/ folder beside a build's report/ folder; empty when it has none. Unreadable
// files become warnings.
PtoLocations readPtoLocations(const QString &ptoasDir, QStringList &warnings);
// The ops of one .pto text, for tests and the reader above.
void addPtoLocations(const QByteArray &pto, PtoLocations &into);

// Ties each hint to the capture's func ids (spec B.3): PH-DSA-001 by the function it names; the
// others by their span through the .pto locations, PH-MR-001 choosing the _aic or _aiv half by
// its memory space. Names go to func ids through the capture's name map. A hint that joins to
// nothing keeps an empty funcIds and is never dropped.
void joinPerfHints(PerfHints &hints, const NameMap &names, const PtoLocations &pto);

} // namespace lanescope
