#include "depswriter.h"

#include "bufferedfile.h"

#include <algorithm>

namespace lanescope {

namespace {

constexpr std::uint64_t kBufferBase = 0x12c0'0000'0000ull;
constexpr std::uint32_t kCols = 128;

struct Tensor
{
    std::uint64_t id = 0;
    std::uint64_t bufferAddr = 0;
    std::uint64_t numel = 0;
    std::uint32_t rows = 1;
    std::int32_t version = 0;
};

// tensor_id = FNV-1a over (buffer_addr, version), stable across runs (§4.1).
std::uint64_t tensorId(std::uint64_t addr, std::int32_t version)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    auto mix = [&h](std::uint64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i) {
            h ^= (v >> (8 * i)) & 0xFF;
            h *= 0x100000001b3ull;
        }
    };
    mix(addr, 8);
    mix(std::uint32_t(version), 4);
    return h;
}

void putShape(BufferedFile &f, std::uint32_t rows)
{
    f.put('[').put(rows).put(',').put(kCols).put(']');
}

void putStrides(BufferedFile &f)
{
    f.put('[').put(kCols).put(",1]");
}

bool writeV1(const Workload &w, const QString &path)
{
    BufferedFile f(path);
    if (!f.isOpen())
        return false;
    f.put("{\"version\":1,\"edges\":[");
    for (std::size_t i = 0; i < w.edges.size(); ++i) {
        const auto &e = w.edges[i];
        f.put(i ? ",[" : "[").put(w.tasks[e.pred].taskId).put(',').put(w.tasks[e.succ].taskId).put(']');
    }
    f.put("]}\n");
    return f.close();
}

} // namespace

bool writeDeps(const Workload &w, const GeneratorOptions &o, const QString &path)
{
    if (o.deps == DepsShape::V1Pairs)
        return writeV1(w, path);

    // One output tensor per producer; a kernel whose argument was created by alloc_tensors()
    // writes into that buffer (OUTPUT_EXISTING) instead of a fresh one.
    std::vector<Tensor> tensors;
    std::vector<std::int64_t> output(w.tasks.size(), -1);
    std::uint64_t next = kBufferBase;
    for (std::size_t i = 0; i < w.tasks.size(); ++i) {
        const auto &t = w.tasks[i];
        if (t.kind == TaskKind::Dummy)
            continue;
        std::int64_t created = -1;
        for (auto e = t.firstEdge; e < t.firstEdge + t.edgeCount; ++e)
            if (w.edges[e].source == EdgeSource::Creator)
                created = output[w.edges[e].pred];
        if (created >= 0) {
            output[i] = created;
            continue;
        }
        Tensor x;
        x.bufferAddr = next;
        x.numel = std::max<std::uint64_t>(kCols, t.outputBytes / 2);
        x.rows = std::uint32_t(x.numel / kCols);
        x.numel = std::uint64_t(x.rows) * kCols;
        x.id = tensorId(x.bufferAddr, x.version);
        next += (x.numel * 2 + 511) / 512 * 512;
        output[i] = std::int64_t(tensors.size());
        tensors.push_back(x);
    }

    BufferedFile f(path);
    if (!f.isOpen())
        return false;
    f.put('{');
    if (o.shape == RecordShape::Upstream)
        f.put("\"runtime\":")
            .putQuoted(o.idLayout == TaskIdLayout::HostBuildGraph ? "host_build_graph"
                                                                  : "tensormap_and_ringbuffer")
            .put(',');
    f.put("\"tasks\":[");
    bool first = true;
    for (std::size_t i = 0; i < w.tasks.size(); ++i) {
        const auto &t = w.tasks[i];
        if (t.kind == TaskKind::Alloc)
            continue;
        f.put(first ? "{" : ",{");
        first = false;
        f.put("\"task_id\":")
            .putQuoted(t.taskId)
            .put(",\"scope\":")
            .putQuoted(t.manualScope ? "manual" : "auto");
        f.put(",\"early_dispatch\":").put(t.earlyDispatch ? "true" : "false");
        f.put(",\"kernel_ids\":[")
            .put(t.kernelIds[0])
            .put(',')
            .put(t.kernelIds[1])
            .put(',')
            .put(t.kernelIds[2])
            .put(']');
        f.put(",\"block_num\":").put(t.blockNum).put(",\"args\":[");
        if (t.kind != TaskKind::Dummy) {
            bool firstArg = true;
            std::int32_t slotCount = 0;
            bool ownsOutput = true;
            for (auto e = t.firstEdge; e < t.firstEdge + t.edgeCount; ++e) {
                const auto &edge = w.edges[e];
                if (edge.source == EdgeSource::Explicit)
                    continue;
                const auto &x = tensors[std::size_t(output[edge.pred])];
                const bool creator = edge.source == EdgeSource::Creator;
                ownsOutput = ownsOutput && !creator;
                f.put(firstArg ? "{" : ",{");
                firstArg = false;
                f.put("\"idx\":")
                    .put(edge.arg)
                    .put(",\"type\":")
                    .putQuoted(creator ? "OUTPUT_EXISTING" : "INPUT");
                f.put(",\"tensor_id\":").putQuoted(x.id).put(",\"dtype\":\"BFLOAT16\",\"shape\":");
                putShape(f, x.rows);
                f.put(",\"start_offset\":\"0\",\"strides\":");
                putStrides(f);
                f.put('}');
                slotCount = std::max(slotCount, edge.arg + 1);
            }
            if (ownsOutput) {
                const auto &x = tensors[std::size_t(output[i])];
                f.put(firstArg ? "{" : ",{");
                f.put("\"idx\":").put(slotCount).put(",\"type\":\"OUTPUT\",\"tensor_id\":").putQuoted(x.id);
                f.put(",\"dtype\":\"BFLOAT16\",\"shape\":");
                putShape(f, x.rows);
                f.put(",\"start_offset\":\"0\",\"strides\":");
                putStrides(f);
                f.put('}');
            }
        }
        f.put("]}");
    }
    f.put("],\"tensors\":[");
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const auto &x = tensors[i];
        f.put(i ? ",{" : "{")
            .put("\"tensor_id\":")
            .putQuoted(x.id)
            .put(",\"buffer_addr\":")
            .putQuoted(x.bufferAddr);
        f.put(",\"version\":")
            .put(x.version)
            .put(",\"dtype\":\"BFLOAT16\",\"buffer_numel\":")
            .putQuoted(x.numel)
            .put('}');
    }
    f.put("],\"edges\":[");
    for (std::size_t i = 0; i < w.edges.size(); ++i) {
        const auto &e = w.edges[i];
        f.put(i ? ",{" : "{")
            .put("\"pred\":")
            .putQuoted(w.tasks[e.pred].taskId)
            .put(",\"succ\":")
            .putQuoted(w.tasks[e.succ].taskId);
        f.put(",\"arg\":").put(e.arg);
        if (e.source == EdgeSource::Explicit) {
            f.put(",\"source\":\"explicit\",\"flags\":[\"wait\",\"retain\"]}");
            continue;
        }
        const auto &x = tensors[std::size_t(output[e.pred])];
        // A repeated (pred, succ) pair reads the second half of the producer's tile.
        bool repeat = false;
        for (auto k = w.tasks[e.succ].firstEdge; k < i; ++k)
            repeat = repeat || w.edges[k].pred == e.pred;
        const auto rows = repeat ? std::max<std::uint32_t>(1, x.rows / 2) : x.rows;
        const auto offset = repeat ? std::uint64_t(x.rows - rows) * kCols : 0;
        if (e.source == EdgeSource::Creator) {
            f.put(",\"source\":\"creator\",\"flags\":[\"wait\",\"retain\"]");
        } else {
            f.put(",\"source\":\"tensormap\",\"flags\":[\"wait\"],\"overlap\":")
                .putQuoted(repeat ? "other" : "covered");
        }
        f.put(",\"tensor_id\":").putQuoted(x.id).put(",\"consumer_dtype\":\"BFLOAT16\",\"consumer_shape\":");
        putShape(f, rows);
        f.put(",\"consumer_start_offset\":").putQuoted(offset).put(",\"consumer_strides\":");
        putStrides(f);
        if (e.source == EdgeSource::Tensormap) {
            f.put(",\"producer_shape\":");
            putShape(f, x.rows);
            f.put(",\"producer_start_offset\":\"0\",\"producer_strides\":");
            putStrides(f);
        }
        f.put('}');
    }
    f.put("]}\n");
    return f.close();
}

} // namespace lanescope
