#pragma once

#include "generatoroptions.h"

#include <QString>
#include <optional>
#include <vector>

namespace lanescope {

// The options behind every committed capture: the bundled samples (resources/samples/...) and the
// small reader fixtures (tests/fixtures/generated/...). `directory` is relative to the source root.
// Regenerate them all with `lanescope-gen --bundled <source root>`.
struct GeneratorPreset
{
    QString name;
    QString directory;
    QString description;
    GeneratorOptions options;
};

std::vector<GeneratorPreset> generatorPresets();
std::optional<GeneratorPreset> findGeneratorPreset(const QString &name);

} // namespace lanescope
