#include "generatedcapture.h"

#include "capturegenerator.h"
#include "model/io/loader.h"

#include <QTemporaryDir>
#include <QtDebug>

namespace lanescope {

CapturePtr generateAndLoad(const GeneratorOptions &options, const QString &dir)
{
    const GeneratedCapture generated = generateCapture(options, dir);
    if (!generated.ok()) {
        qWarning("generator: %s", qPrintable(generated.error));
        return {};
    }
    LoadResult loaded = loadCapture(dir);
    if (!loaded.ok())
        qWarning("loader: %s", qPrintable(loaded.error.toString()));
    return loaded.capture;
}

GeneratorOptions ringAtCapacityOptions()
{
    GeneratorOptions o;
    o.workload = WorkloadKind::RingAtCapacity;
    o.taskWindowMax = 16;
    o.blockDim = 4;
    o.hostLog = false;
    return o;
}

QString largeCapture(const QTemporaryDir &dir, std::uint64_t seed)
{
    GeneratorOptions o;
    o.seed = seed;
    o.level = 4;
    o.tasks = 40000;
    return generateCapture(o, dir.path()).ok() ? dir.path() : QString();
}

} // namespace lanescope
