#pragma once

#include "expectedvalues.h"
#include "generatoroptions.h"

#include <QString>
#include <QStringList>

namespace lanescope {

// One generated capture directory. Paths are absolute; empty when that file was not written. With
// zstd they name the .zst files.
struct GeneratedCapture
{
    QString dir;
    QString recordsPath;         // chip_swimlane_records.json (retained layout: the last run's file)
    QStringList runRecordsPaths; // multi-run capture: every records file written, by epoch
    QString depsPath;            // deps.json
    QString nameMapPath;         // name_map_<case>.json
    QString scopeStatsPath;      // scope_stats/scope_stats.jsonl
    QString hostLogPath;         // strace.log
    ExpectedValues expected;
    QString error; // empty on success

    bool ok() const { return error.isEmpty(); }
};

// Builds the workload, simulates it and writes every file of a capture into `outputDir` (created
// if needed; existing files of the same names are overwritten). Deterministic: the same options
// produce byte-identical files. Independent of the readers under test.
GeneratedCapture generateCapture(const GeneratorOptions &options, const QString &outputDir);

} // namespace lanescope
