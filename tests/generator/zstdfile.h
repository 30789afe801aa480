#pragma once

#include <QString>

namespace lanescope {

// Compresses `input` into the zstd file `output` (one frame, content size recorded). Single-threaded
// and at a fixed level, so the output bytes depend only on the input.
bool compressFileZstd(const QString &input, const QString &output, QString *error);

} // namespace lanescope
