#pragma once

#include "model/techniques/capturecomparison.h"

#include <QColor>
#include <QString>

namespace lanescope {

// The one table of verdict colours: the comparison table's verdict column, the After bar of each
// comparison chart and the HTML report of `lanescope compare` all take a verdict's colour from
// here, so each verdict (improved, regressed, unchanged, held, broken, inconclusive, not
// comparable) looks alike wherever it appears.
QColor verdictColour(Verdict verdict);

// The After bar of a metric reported for context only: no verdict is claimed for it.
QColor contextOnlyColour();

// The CSS class the HTML report gives a verdict's cell: its name with hyphens ("not-comparable").
QString verdictCssClass(Verdict verdict);

// A CSS rule per verdict (".improved{color:#2e8b3e}…"), for reports that colour cells by class.
QString verdictStyleSheet();

} // namespace lanescope
