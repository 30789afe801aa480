#pragma once

#include <QString>

class QApplication;

namespace lanescope {

enum class Theme { Light, Dark };

// Applies the Fusion style with a light or dark palette, so the look is the same on every desktop.
void applyTheme(QApplication &app, Theme theme);
QString themeName(Theme theme);
Theme themeFromName(const QString &name); // unknown names give Light

} // namespace lanescope
