// Must not compile: widgets/ cannot see app/ (see lanescope_layer in the top CMakeLists.txt).
#include "app/window/mainwindow.h"
