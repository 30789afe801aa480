#pragma once

namespace lanescope {

// Spec §7.5: an edge is a happens-before violation when the consumer's bar started before the
// producer's ended. Deps edges and trace flows (an arrow that arrives before it leaves) use this
// one rule.
inline bool isHbViolation(double producerEndUs, double consumerStartUs)
{
    return producerEndUs > consumerStartUs;
}

} // namespace lanescope
