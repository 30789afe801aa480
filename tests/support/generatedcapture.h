#pragma once

// Captures written by the generator (tests/generator) and loaded, for tests that need a shape or a
// size no fixture has.

#include "generatoroptions.h"
#include "model/capture/capture.h"

#include <QString>
#include <cstdint>

class QTemporaryDir;

namespace lanescope {

// Generates `options` into `dir` and loads it; null (with the reason logged) when either fails.
CapturePtr generateAndLoad(const GeneratorOptions &options, const QString &dir);

// Ring 0's task window at its 16-entry capacity, four blocks per task, no host log.
GeneratorOptions ringAtCapacityOptions();

// A level-4 capture of 40 000 tasks written into `dir`: large enough that loading and analysing
// it take a while (about a second each in an optimised build). Returns `dir`'s path, or empty.
QString largeCapture(const QTemporaryDir &dir, std::uint64_t seed = 7);

} // namespace lanescope
