// The main of a layer's test executable: `lanescope_tests_<layer> tst_name [Qt Test arguments]` runs
// that one class, exactly as its own executable would have; without a known name it lists them.
#include "testmain.h"

#include <cstdio>
#include <vector>

int main(int argc, char *argv[])
{
    const auto entry = argc > 1 ? lanescope::findTestClass(argv[1]) : nullptr;
    if (!entry) {
        std::fprintf(stderr, "usage: %s TEST_CLASS [Qt Test arguments]\ntest classes:\n", argv[0]);
        for (const QString &name : lanescope::registeredTestClasses())
            std::fprintf(stderr, "  %s\n", qPrintable(name));
        return 2;
    }
    // The class's name stands in argv[0], where its own executable's name stood: the application
    // name derived from it keys QSettings and the test-mode paths, so tests never share them.
    std::vector<char *> arguments(argv + 1, argv + argc);
    arguments.push_back(nullptr);
    return entry(argc - 1, arguments.data());
}
