#pragma once

// Holds a CaptureLoader's load after a known number of its previews, so that a test looks at a
// preview, zooms it or cancels the load while the load certainly waits, without timing anything.

#include "model/session/captureloader.h"

#include <atomic>
#include <memory>

namespace lanescope {

class PreviewHold
{
public:
    // Lets the load go on past its first `previews` previews; it waits at the next one until
    // allowed further or cancelled.
    explicit PreviewHold(int previews = 0);

    // For CaptureLoader::setPreviewCheckpoint; shares this hold's state, so it may outlive the hold.
    CaptureLoader::PreviewCheckpoint checkpoint() const;
    // Previews the load has handed out so far (the held one included).
    int handedOut() const;
    void allow(int previews);
    void releaseAll();

private:
    struct State
    {
        std::atomic<int> handedOut{0};
        std::atomic<int> allowed{0};
    };
    std::shared_ptr<State> m_state;
};

// A preview at the first look and at every doubling after it, however fast the load runs.
PreviewPacing eagerPreviewPacing();

} // namespace lanescope
