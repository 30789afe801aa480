#pragma once

#include "capturedata.h"
#include "expectedvalues.h"
#include "generatoroptions.h"
#include "objectrecords.h"
#include "workload.h"

namespace lanescope {

// Program-level truth (task kinds, edges) that does not depend on the records shape.
void fillWorkloadExpectations(const Workload &workload, ExpectedValues &e);

// Row, time and record truth of a raw-stream records file, from the streams as written.
void fillRawExpectations(const CaptureData &data, const Workload &workload, const GeneratorOptions &options,
                         ExpectedValues &e);

// The same for a per-task object file (times from its integer-nanosecond values).
void fillObjectExpectations(const ObjectLayout &layout, const Workload &workload,
                            const GeneratorOptions &options, ExpectedValues &e);

} // namespace lanescope
