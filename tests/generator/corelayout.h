#pragma once

#include <cstdint>
#include <vector>

namespace lanescope {

// The AICore grid of one launch (spec §2.3, §14.1): block_dim clusters of 1 AIC + 2 AIV. Core ids
// follow metadata.core_types: the first block_dim ids are the AICs (core b belongs to cluster b),
// then the AIVs in cluster order (block_dim + 2b and block_dim + 2b + 1). Each cluster is owned
// by one scheduler thread, contiguous ranges of clusters per thread.
struct CoreLayout
{
    int blockDim = 0;
    int numCores = 0;
    int schedulerThreads = 0;
    std::vector<int> coreToThread; // index = core id

    static CoreLayout make(int blockDim, int schedulerThreads)
    {
        CoreLayout l;
        l.blockDim = blockDim < 1 ? 1 : blockDim;
        l.schedulerThreads =
            schedulerThreads < 1 ? 1 : (schedulerThreads > l.blockDim ? l.blockDim : schedulerThreads);
        l.numCores = 3 * l.blockDim;
        l.coreToThread.resize(std::size_t(l.numCores));
        for (int core = 0; core < l.numCores; ++core)
            l.coreToThread[std::size_t(core)] =
                int(std::int64_t(l.clusterOf(core)) * l.schedulerThreads / l.blockDim);
        return l;
    }

    bool isAic(int core) const { return core < blockDim; }
    int clusterOf(int core) const { return core < blockDim ? core : (core - blockDim) / 2; }
    int aicOf(int cluster) const { return cluster; }
    int aiv0Of(int cluster) const { return blockDim + 2 * cluster; }
    int aiv1Of(int cluster) const { return blockDim + 2 * cluster + 1; }
};

} // namespace lanescope
