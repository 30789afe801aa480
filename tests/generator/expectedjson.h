#pragma once

#include "expectedvalues.h"

#include <QByteArray>

namespace lanescope {

// expected.json: the ExpectedValues as one JSON object, keys named after the struct members.
// Integers are exact (64-bit), doubles in shortest round-trip form.
QByteArray expectedToJson(const ExpectedValues &e);

} // namespace lanescope
