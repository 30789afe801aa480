#pragma once

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// Where a hint points in the kernel's Python source (perf-hints spec A.2: FILE:LINE:COL). Columns
// are 0-indexed bytes before pypto cc1174e36 and 1-indexed characters after it, so matching goes
// by file and line first.
struct HintLocation
{
    QString file;
    int line = 0;   // >= 1 when the record has a location
    int column = 0; // >= 1, or -1 for an unknown column
    bool isValid() const { return line > 0; }
    QString toString() const; // "file:line:col", empty when invalid
};

// The facts a PH001 message prints (spec A.4); the optional parts are absent in older builds.
struct TileTransferHint
{
    QString op; // tile.load or tile.store
    std::int64_t innermostBytes = 0;
    QString dtype; // since 1b5f6f857, with innermostElements and space
    std::int64_t innermostElements = 0;
    QString space;
    std::optional<std::int64_t> movedBytes; // "moves TOTAL B" since 8e27c0130: the figure to rank by
    std::int64_t rows = 0;
    std::int64_t rowBytes = 0;
    std::int64_t recommendedBytes = 0;
    QString arch; // a2a3, a5
    std::int64_t l2LineBytes = 0;
    std::int64_t occurrences = 1; // "(k occurrences at this source location)"
};

// The facts of a PH-MR-001 message (spec A.4): a pipeline that got `fitted` of `depth` buffers.
struct PipelineShortfallHint
{
    int depth = 0;
    int group = 0;
    QString space;
    int fitted = 0;
    std::int64_t slotBytes = 0;
    std::int64_t freeBytes = 0;
    std::int64_t reservedBytes = 0;           // 0 when the "after … reserved" clause is absent
    std::optional<std::int64_t> maxSlotBytes; // the slot-bound fix: shrink the tile to this
};

// One record of perf_hints.log (spec A.2), after duplicates from recompiles were folded.
struct PerfHint
{
    QString code;    // "PH001", "PH-MR-001", …; empty for "[perf_hint]"; unknown codes are kept as read
    QString rule;    // TileInnermostDimGranularity, MemoryReuse, …
    QString message; // without the " at SPAN" suffix; may hold a line break (PH-AT-005)
    HintLocation location;
    int fileLine = 0; // line of the record's first physical line in perf_hints.log
    int copies = 1;   // how many identical records the file held (appended recompiles)
    std::optional<TileTransferHint> transfer;      // PH001 whose message parsed
    std::optional<PipelineShortfallHint> pipeline; // PH-MR-001 whose message parsed
    QString functionName; // PH-DSA-001's quoted FUNC, the only hint naming a function
    // The capture's func ids of the kernel(s) the hint was joined to (spec B.3); empty: not joined.
    std::vector<int> funcIds;
    QString joinedBy; // how the join was made, for the reader of the panel
};

// The compiler's report/perf_hints.log of the build a capture came from (perf-hints spec A).
struct PerfHints
{
    QString path;                // the log; empty when there is none
    QString reportDir;           // <output_dir>/report when found, with or without a log in it
    std::vector<PerfHint> hints; // unique records, in file order
    int records = 0;             // records read, duplicates included
    QStringList notes;           // foreign text lines kept opaque, "perf_hints.log:12: …"

    bool isEmpty() const { return hints.empty(); }
    // The build's report folder was found: no log in it then means the compiler emitted no hint.
    bool known() const { return !reportDir.isEmpty() || !path.isEmpty(); }
    int uniqueCount(const QString &code) const;
    // Unique records by code, for info --json and the comparison metrics.
    QHash<QString, int> countsByCode() const;
    // Func ids some hint was joined to, for a marker on their bars.
    QSet<int> hintedFuncIds() const;
    // The hints joined to one func id, in file order.
    std::vector<const PerfHint *> hintsOf(int funcId) const;
};

} // namespace lanescope
