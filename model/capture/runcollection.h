#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>

namespace lanescope {

// metadata.collection of a retained ("background") run (supplement §5.2): how completely the
// runtime captured this file's run. Absent in captures taken with retention off. Both the newer
// shape and the older one without the hand-off identity keys are accepted.
struct RunCollection
{
    bool present = false;
    std::optional<std::uint64_t> runEpoch;
    std::optional<std::uint64_t> sessionId;
    std::optional<bool> processingComplete;
    std::optional<bool> metadataComplete;
    std::optional<std::uint64_t> notReceivedBuffers;
    std::optional<std::uint64_t> unpublishedLoss;
    std::optional<std::uint64_t> transportRetired;
    std::optional<std::uint64_t> transportRetiredRecords;
    std::optional<std::uint64_t> unattributableHandoffs;
    std::optional<bool> handoffIdentityVerified;
    std::optional<std::uint64_t> cutFailedQueues;
    QString verdict; // as written: published | partial_safe | partial_cut_unknown; empty when absent

    bool isPublished() const { return verdict == QLatin1String("published"); }
    // A verdict that says data may be missing (§5.3): anything written other than "published".
    bool isPartial() const { return present && !verdict.isEmpty() && !isPublished(); }
    // "content incomplete" / "completeness unknown" (§5.3, inferred display), empty when published.
    QString verdictMeaning() const;
    // The non-zero loss counters and false flags behind the verdict, e.g. "not_received_buffers=3".
    QStringList causes() const;
};

} // namespace lanescope
