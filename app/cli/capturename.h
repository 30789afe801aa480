#pragma once

#include <QString>

namespace lanescope {

// What the command-line verbs' reports and captions call a capture: the directory the user named,
// or a records file with the directory it sits in (a file name alone says little).
QString captureName(const QString &input);

} // namespace lanescope
