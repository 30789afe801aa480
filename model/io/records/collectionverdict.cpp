#include "collectionverdict.h"

namespace lanescope {

void applyRunCollection(const RawRecords &raw, Capture &capture, const QString &fileName)
{
    CaptureInfo &info = capture.info;
    info.collection = raw.collection;
    info.runBoundaries = raw.runBoundaries;
    info.droppedRunBoundaries = raw.droppedRunBoundaries;
    const RunCollection &c = raw.collection;
    if (c.present) {
        if (c.runEpoch && (*c.runEpoch == 0 || *c.runEpoch > 0xFFFFFFFFu))
            capture.warn(QStringLiteral("%1: metadata.collection.run_epoch is %2, not a run epoch (ignored)")
                             .arg(fileName)
                             .arg(*c.runEpoch));
        if (c.verdict.isEmpty()) {
            info.partial = true;
            capture.warn(
                QStringLiteral("%1: metadata.collection has no verdict; completeness unknown").arg(fileName));
        } else if (c.isPartial()) {
            info.partial = true;
            const QStringList causes = c.causes();
            capture.warn(QStringLiteral("%1: collection verdict %2 (%3)%4")
                             .arg(fileName, c.verdict, c.verdictMeaning(),
                                  causes.isEmpty()
                                      ? QString()
                                      : QStringLiteral(": ") + causes.join(QStringLiteral(", "))));
        }
        if (c.handoffIdentityVerified == false)
            capture.warn(
                QStringLiteral(
                    "%1: handoff_identity_verified is false: records were placed by payload alone, so a "
                    "zero loss count proves nothing")
                    .arg(fileName));
    }
}

} // namespace lanescope
