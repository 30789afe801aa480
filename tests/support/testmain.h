#pragma once

// Each test class is its own ctest test and its own process, as if it had its own executable, yet the
// classes of a layer share one executable (tests/support/testdriver.cpp): one link instead of one per
// class, which is most of what building the tests used to cost. A file ends with one of the macros
// below instead of QTEST_MAIN, QTEST_GUILESS_MAIN or QTEST_APPLESS_MAIN; each makes the same
// application object Qt's would, and registers the class under its file's name ("tst_loader").

#include <QTest>

namespace lanescope {

using TestClassEntry = int (*)(int argc, char *argv[]);

// Registers `entry` under the base name of `sourceFile`; returns true so that a namespace-scope
// constant can call it before main.
bool registerTestClass(const char *sourceFile, TestClassEntry entry);

// The entry registered under `name`, or nullptr; the registered names, sorted.
TestClassEntry findTestClass(const char *name);
QStringList registeredTestClasses();

} // namespace lanescope

#define LANESCOPE_TEST_ENTRY(TestObject, ...)                                                                \
    namespace {                                                                                              \
    int runTestClass(int argc, char *argv[])                                                                 \
    {                                                                                                        \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                                   \
        __VA_ARGS__                                                                                          \
        TestObject tc;                                                                                       \
        QTEST_SET_MAIN_SOURCE_PATH                                                                           \
        return QTest::qExec(&tc, argc, argv);                                                                \
    }                                                                                                        \
    const bool testClassRegistered = lanescope::registerTestClass(__FILE__, runTestClass);                   \
    }

// QApplication where the executable links Qt Widgets, as QTEST_MAIN.
#define LANESCOPE_TEST_MAIN(TestObject) LANESCOPE_TEST_ENTRY(TestObject, QTEST_MAIN_SETUP())
#define LANESCOPE_TEST_GUILESS_MAIN(TestObject)                                                              \
    LANESCOPE_TEST_ENTRY(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
#define LANESCOPE_TEST_APPLESS_MAIN(TestObject) LANESCOPE_TEST_ENTRY(TestObject)
