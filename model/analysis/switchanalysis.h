#pragma once

#include "analysisinput.h"

#include <array>
#include <optional>

namespace lanescope {

struct EngineSwitch
{
    bool present = false;
    int cores = 0;    // cores of this type that have rows
    double minUs = 0; // of the per-core switch totals
    double meanUs = 0;
    double maxUs = 0;
    std::size_t events = 0;
    double perEventUs = 0;                  // Σ gaps / events (0 without events)
    std::optional<double> duringOverheadUs; // portions with waiting_ty > 0 (needs Part 1)
    std::optional<double> independentUs;
};

// Spec §12.2 Part 2: AICore switch (pickup) cost.
struct SwitchFigures
{
    std::array<EngineSwitch, kEngineCount> engines;
    double boundLowerUs = 0;  // min per-core total over all cores
    double boundUpperUs = 0;  // Σ over engines of the engine's min per-core total
    double boundLowerPct = 0; // of the makespan
    double boundUpperPct = 0;
};

// `waitingIntervals` (from OverheadFigures) splits the gaps; without it the split stays empty.
// Needs rows with dispatch (level >= 2).
SwitchFigures
switchFigures(const AnalysisInput &in,
              const std::array<std::vector<std::pair<double, double>>, kEngineCount> *waitingIntervals);

} // namespace lanescope
