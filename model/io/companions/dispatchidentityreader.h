#pragma once

#include "model/io/json/bytesource.h"
#include "model/io/readerror.h"

#include "model/capture/dispatchidentity.h"

#include <QStringList>

namespace lanescope {

// Reads a capture's dispatch_identity.json sidecar (upstream §2.8 filters 2 and 3): host_pid names
// the host process that ran the capture, and run_id, endpoint_dispatch_id, pipeline_slot and
// pipeline_generation name its dispatch. Every other key is ignored.
//
// The spec gives no types (inferred): each field is an integer, written as a number or as a
// string of decimal digits, and a null is no value. A host_pid that is not a positive integer
// costs the pid filter, and an identity missing a field or holding a non-integer costs the identity
// filter; either comes with a warning naming the file and byte. Malformed JSON, trailing data or a
// top level that is not an object returns false with `error` naming the file and byte: the caller
// then uses no sidecar at all.
bool readDispatchIdentity(ByteSource &source, DispatchIdentity &identity, QStringList &warnings,
                          ReadError *error);

} // namespace lanescope
