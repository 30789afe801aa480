#include "capturegenerator.h"
