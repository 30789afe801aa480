#pragma once

// TaskLocator lives with the bar index in the model; widgets include it by its old name.
#include "model/index/tasklocator.h"
