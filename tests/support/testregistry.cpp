#include "testmain.h"

#include <QFileInfo>

#include <map>
#include <string>

namespace lanescope {
namespace {

// Filled by namespace-scope constants before main; a function's static, so that it exists before
// the first of them, whatever the order the files are initialised in.
std::map<std::string, TestClassEntry> &registry()
{
    static std::map<std::string, TestClassEntry> entries;
    return entries;
}

} // namespace

bool registerTestClass(const char *sourceFile, TestClassEntry entry)
{
    registry()[QFileInfo(QString::fromLocal8Bit(sourceFile)).completeBaseName().toStdString()] = entry;
    return true;
}

TestClassEntry findTestClass(const char *name)
{
    const auto it = registry().find(name);
    return it == registry().end() ? nullptr : it->second;
}

QStringList registeredTestClasses()
{
    QStringList names;
    for (const auto &[name, entry] : registry())
        names.append(QString::fromStdString(name));
    return names;
}

} // namespace lanescope
