#pragma once

#include "model/capture/capture.h"
#include "readerror.h"

#include <QString>

namespace lanescope {

struct LoadResult
{
    std::shared_ptr<Capture> capture;  // null when the input could not be read at all
    ReadError error;                   // set when capture is null

    bool ok() const { return capture != nullptr; }
};

// Opens a capture from a file or a directory: finds the main file and its siblings (deps.json,
// name map, scope stats, host log), reads them all, resolves names and builds the lanes.
// Synchronous; run it off the GUI thread (see CaptureLoader).
LoadResult loadCapture(const QString &path, const LoadControl &control = {});

} // namespace lanescope
