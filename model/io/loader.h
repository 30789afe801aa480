#pragma once

#include "model/capture/capture.h"
#include "model/capture/captureruns.h"
#include "readerror.h"

#include <QString>

namespace lanescope {

struct LoadResult
{
    std::shared_ptr<Capture>
        capture;      // the run shown and analysed by default (the last); null when nothing could be read
    CaptureRuns runs; // every run of the input (supplement §4); one entry for a single run
    ReadError error;  // set when capture is null

    bool ok() const { return capture != nullptr; }
};

// Opens a capture from a file or a directory: finds the main file and its siblings (deps.json,
// name map, scope stats, host log), reads them all, resolves names and builds the lanes, and
// splits what it read into runs: the runs of one file by run_epoch, or the records_e<epoch>.json
// files of a retained folder. Synchronous; run it off the GUI thread (see CaptureLoader).
LoadResult loadCapture(const QString &path, const LoadControl &control = {});

} // namespace lanescope
