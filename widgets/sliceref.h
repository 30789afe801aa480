#pragma once

// SliceRef lives with the bar index in the model; widgets include it by its old name.
#include "model/index/sliceref.h"
