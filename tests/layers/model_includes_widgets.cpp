// Must not compile: model/ cannot see widgets/ (see lanescope_layer in the top CMakeLists.txt).
#include "widgets/timeline/timelineview.h"
