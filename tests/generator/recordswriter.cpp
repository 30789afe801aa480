#include "recordswriter.h"

#include "bufferedfile.h"

#include <algorithm>

namespace lanescope {

namespace {

void writeDepthArray(BufferedFile &f, const std::int16_t (&d)[3])
{
    f.put('[')
        .put(std::int32_t(d[0]))
        .put(", ")
        .put(std::int32_t(d[1]))
        .put(", ")
        .put(std::int32_t(d[2]))
        .put(']');
}

const char *boolean(bool v)
{
    return v ? "true" : "false";
}

// Supplement §5.2: one line, the writer's key order.
void writeCollection(BufferedFile &f, const CollectionBlock &c)
{
    f.put("    \"collection\": {\"run_epoch\": ").put(c.runEpoch).put(", \"session_id\": ").put(c.sessionId);
    f.put(", \"processing_complete\": ").put(boolean(c.processingComplete));
    f.put(", \"metadata_complete\": ").put(boolean(c.metadataComplete));
    f.put(", \"not_received_buffers\": ").put(c.notReceivedBuffers);
    f.put(", \"unpublished_loss\": ").put(c.unpublishedLoss);
    f.put(", \"transport_retired\": ").put(c.transportRetired);
    f.put(", \"transport_retired_records\": ").put(c.transportRetiredRecords);
    f.put(", \"unattributable_handoffs\": ").put(c.unattributableHandoffs);
    f.put(", \"handoff_identity_verified\": ").put(boolean(c.handoffIdentityVerified));
    f.put(", \"cut_failed_queues\": ").put(c.cutFailedQueues);
    f.put(", \"verdict\": ").putQuoted(c.verdict).put("},\n");
}

void writeMetadata(BufferedFile &f, const CaptureData &d, const GeneratorOptions &o,
                   const CollectionBlock *collection)
{
    f.put("  \"metadata\": {\n");
    if (o.shape == RecordShape::Upstream)
        f.put("    \"runtime\": ")
            .putQuoted(o.idLayout == TaskIdLayout::HostBuildGraph ? "host_build_graph"
                                                                  : "tensormap_and_ringbuffer")
            .put(",\n");
    if (collection)
        writeCollection(f, *collection);
    f.put("    \"clock_freq_hz\": ").put(d.clockFreqHz).put(",\n");
    f.put("    \"num_cores\": ").put(std::int32_t(d.layout.numCores)).put(",\n");
    f.put("    \"core_types\": [");
    for (int c = 0; c < d.layout.numCores; ++c)
        f.put(c ? ", " : "").putQuoted(d.layout.isAic(c) ? "aic" : "aiv");
    f.put(']');
    if (d.level >= 3) {
        f.put(",\n    \"core_to_thread\": [");
        for (int c = 0; c < d.layout.numCores; ++c)
            f.put(c ? ", " : "").put(std::int32_t(d.layout.coreToThread[std::size_t(c)]));
        f.put(']');
    }
    if (d.orchestratorOnHost && !d.orchestrator.empty()) {
        const auto n = std::uint64_t(d.orchestrator.size());
        f.put(",\n    \"orchestrator_source\": \"host\"");
        f.put(",\n    \"orchestrator_clock_domain\": \"host_monotonic_ns\"");
        f.put(",\n    \"device_clock_domain\": \"device_syscnt_cycles\"");
        f.put(",\n    \"host_timestamp_resolution_ns\": 1");
        f.put(",\n    \"host_timestamp_quantization_ns\": 0");
        f.put(",\n    \"host_orchestration_origin_ns\": ").put(d.hostOrchestrationOriginNs);
        f.put(",\n    \"timeline_relation\": \"host_orchestration_precedes_device\"");
        f.put(",\n    \"host_capture\": {\"status\": \"complete\", \"expected_records\": ").put(n);
        f.put(", \"recorded_records\": ").put(n).put(", \"pool_records\": ").put(n + d.hostUploads.size());
        f.put(", \"dropped_records\": 0, \"error\": null}");
    }
    f.put("\n  }");
}

void writeAicoreRows(BufferedFile &f, const CaptureData &d, const GeneratorOptions &o)
{
    const int columns = o.shape == RecordShape::V2FiveColumns ? 5 : o.shape == RecordShape::Upstream ? 7 : 6;
    f.put(",\n  \"aicore_tasks\": [");
    bool first = true;
    for (const auto &r : d.aicore) {
        f.put(first ? "\n    [" : ",\n    [");
        first = false;
        f.put(r.coreId)
            .put(", ")
            .put(r.taskId)
            .put(", ")
            .put(r.regTaskId)
            .put(", ")
            .put(r.startCycles)
            .put(", ")
            .put(r.endCycles);
        if (columns >= 6)
            f.put(", ").put(r.receiveToStart);
        if (columns >= 7)
            f.put(", ").put(r.runEpoch);
        f.put(']');
    }
    f.put(first ? "]" : "\n  ]");
}

void writeAicpuRows(BufferedFile &f, const CaptureData &d, bool withEpoch, const char *indent)
{
    bool first = true;
    for (const auto &r : d.aicpu) {
        f.put(first ? "\n" : ",\n").put(indent).put('[');
        first = false;
        f.put(r.coreId)
            .put(", ")
            .put(r.regTaskId)
            .put(", ")
            .put(r.dispatchCycles)
            .put(", ")
            .put(r.finishCycles);
        if (withEpoch)
            f.put(", ").put(r.runEpoch);
        f.put(']');
    }
    if (!first)
        f.put('\n').put(std::string_view(indent).substr(2));
}

void writeSchedulerRecordFields(BufferedFile &f, const SchedulerRecord &r, bool upstream)
{
    f.put("\"kind\": ").putQuoted(phaseKindName(r.kind));
    f.put(", \"start_cycles\": ").put(r.startCycles).put(", \"end_cycles\": ").put(r.endCycles);
    f.put(", \"loop_iter\": ").put(r.loopIter).put(", \"tasks_processed\": ").put(r.tasksProcessed);
    if (r.hasTaskId)
        f.put(", \"task_id\": ").put(r.taskId);
    if (upstream) {
        f.put(", \"run_epoch\": ").put(r.runEpoch);
        return;
    }
    if (r.kind == SimPhaseKind::Dispatch)
        f.put(", \"pop_hit\": ").put(r.popHit).put(", \"pop_miss\": ").put(r.popMiss);
    f.put(", \"shared_at_start\": ");
    writeDepthArray(f, r.sharedAtStart);
    f.put(", \"shared_at_end\": ");
    writeDepthArray(f, r.sharedAtEnd);
}

void writeLegacySchedulerPhases(BufferedFile &f, const CaptureData &d)
{
    const auto lanes =
        std::max<std::size_t>(d.scheduler.size(), std::size_t(platformMaxAicpuThreads(d.clockFreqHz)));
    f.put(",\n  \"aicpu_scheduler_phases\": [");
    for (std::size_t t = 0; t < lanes; ++t) {
        f.put(t ? ",\n    [" : "\n    [");
        bool first = true;
        if (t < d.scheduler.size()) {
            for (const auto &r : d.scheduler[t]) {
                f.put(first ? "\n      {" : ",\n      {");
                first = false;
                writeSchedulerRecordFields(f, r, false);
                f.put('}');
            }
        }
        f.put(first ? "]" : "\n    ]");
    }
    f.put("\n  ]");
}

void writeUpstreamSchedulerRecords(BufferedFile &f, const CaptureData &d)
{
    f.put(",\n  \"scheduler_records\": {\"schema_version\": 1, \"streams\": [");
    for (std::size_t t = 0; t < d.scheduler.size(); ++t) {
        const auto &records = d.scheduler[t];
        f.put(t ? ",\n    {" : "\n    {");
        f.put("\"platform\": ").putQuoted(platformName(d.clockFreqHz)).put(", \"producer\": \"aicpu\"");
        f.put(", \"scheduler_id\": ")
            .put(std::uint64_t(t))
            .put(", \"worker_id\": ")
            .put(std::uint64_t(t + 1));
        f.put(", \"core_type\": \"aicpu\", \"physical_core_id\": ").put(std::uint64_t(t + 1));
        f.put(", \"capture\": {\"committed\": ").put(std::uint64_t(records.size()));
        f.put(", \"dropped\": 0, \"truncated\": false},\n     \"records\": [");
        for (std::size_t i = 0; i < records.size(); ++i) {
            f.put(i ? ",\n      {" : "\n      {");
            writeSchedulerRecordFields(f, records[i], true);
            f.put('}');
        }
        f.put(records.empty() ? "],\n     \"metrics\": [" : "\n     ],\n     \"metrics\": [");
        bool first = true;
        for (std::size_t i = 0; i < records.size(); ++i) {
            const auto &r = records[i];
            if (r.kind != SimPhaseKind::Complete && r.kind != SimPhaseKind::Dispatch)
                continue;
            f.put(first ? "\n      {" : ",\n      {");
            first = false;
            f.put("\"record_index\": ").put(std::uint64_t(i));
            if (r.kind == SimPhaseKind::Dispatch)
                f.put(", \"pop_hit\": ").put(r.popHit).put(", \"pop_miss\": ").put(r.popMiss);
            f.put(", \"shared_at_start\": ");
            writeDepthArray(f, r.sharedAtStart);
            f.put(", \"shared_at_end\": ");
            writeDepthArray(f, r.sharedAtEnd);
            f.put('}');
        }
        f.put(first ? "]}" : "\n     ]}");
    }
    f.put(d.scheduler.empty() ? "]}" : "\n  ]}");
}

// Upstream AICPU orchestrator records carry run_epoch; host arrays never do (supplement §4.1).
void writeOrchestrator(BufferedFile &f, const CaptureData &d, bool upstream)
{
    if (d.orchestrator.empty())
        return;
    const bool host = d.orchestratorOnHost;
    f.put(host ? ",\n  \"host_orchestrator_phases\": [\n    ["
               : ",\n  \"aicpu_orchestrator_phases\": [\n    [");
    bool first = true;
    for (const auto &r : d.orchestrator) {
        f.put(first ? "\n      {" : ",\n      {");
        first = false;
        f.put("\"submit_idx\": ").put(r.submitIdx).put(", \"task_id\": ").put(r.taskId);
        f.put(host ? ", \"start_host_ns\": " : ", \"start_cycles\": ").put(r.start);
        f.put(host ? ", \"end_host_ns\": " : ", \"end_cycles\": ").put(r.end);
        if (upstream && !host)
            f.put(", \"run_epoch\": ").put(r.runEpoch); // the Host arrays never carry one (§4.1)
        f.put('}');
    }
    f.put("\n    ]\n  ]");
    if (!host)
        return;
    f.put(",\n  \"host_device_uploads\": [");
    for (std::size_t i = 0; i < d.hostUploads.size(); ++i) {
        const auto &u = d.hostUploads[i];
        f.put(i ? ",\n    {" : "\n    {");
        f.put("\"phase\": ").putQuoted(u.phase).put(", \"start_host_ns\": ").put(u.startNs);
        f.put(", \"end_host_ns\": ").put(u.endNs).put(", \"detail\": ").put(u.bytes).put('}');
    }
    f.put(d.hostUploads.empty() ? "]" : "\n  ]");
}

} // namespace

const char *platformName(std::int64_t clockFreqHz)
{
    return clockFreqHz >= 1'000'000'000 ? "a5" : "a2a3";
}

int platformMaxAicpuThreads(std::int64_t clockFreqHz)
{
    return clockFreqHz >= 1'000'000'000 ? 5 : 4;
}

bool writeRawRecords(const CaptureData &d, const GeneratorOptions &o, const QString &path,
                     const CollectionBlock *collection)
{
    BufferedFile f(path);
    if (!f.isOpen())
        return false;
    const bool upstream = o.shape == RecordShape::Upstream;
    const char *levelKey = o.shape == RecordShape::L2LevelKey ? "l2_swimlane_level" : "chip_swimlane_level";
    f.put("{\n  ").putQuoted(levelKey).put(": ").put(std::int32_t(d.level)).put(",\n");
    writeMetadata(f, d, o, collection);
    writeAicoreRows(f, d, o);
    if (upstream) {
        f.put(",\n  \"scheduler_tasks\": {\"schema_version\": 1, \"producer\": \"aicpu\", \"records\": [");
        writeAicpuRows(f, d, true, "    ");
        f.put("]}");
        if (d.level >= 3)
            writeUpstreamSchedulerRecords(f, d);
    } else {
        f.put(",\n  \"aicpu_tasks\": [");
        writeAicpuRows(f, d, false, "    ");
        f.put(']');
        if (d.level >= 3)
            writeLegacySchedulerPhases(f, d);
    }
    writeOrchestrator(f, d, upstream);
    f.put("\n}\n");
    return f.close();
}

} // namespace lanescope
