#pragma once

#include "loader.h"

#include <QStringList>

namespace lanescope {

// Opens an L3 output (supplement §2.9): each rank<N>/d<M>/ directory as a capture of its own,
// analysed on its own, and all of them on one host clock axis as the "All ranks" view. Refused,
// with the reason, when the ranks name different host clock domains or a rank's device clock has
// no placement on its host clock.
LoadResult loadRanks(const QString &path, const QStringList &rankDirs, const LoadControl &control);

} // namespace lanescope
