#pragma once

#include <QString>
#include <QStringList>

namespace lanescope {

// Which side of the chip wrote a scheduler stream (upstream supplement §7): the AICPU scheduler
// threads, or an AICore-resident scheduler (A5 host_build_graph).
enum class SchedulerProducer { Aicpu, Aicore };

// The scheduler phase names each producer writes, so that lanes, colours and the Part 5 budget agree
// on one list instead of each keeping its own.
//
// AICPU: the outer phases of the reference budget (supplement §6.2 OUTER, in its order), followed by
// the inner and marker kinds of the base spec §2.7 and the newer resolve_standalone (§11).
// AICore: the wire kinds of supplement §7, in its order; `bootstrap` and `idle` are measured records.
const QStringList &phaseVocabulary(SchedulerProducer producer);

// Supplement §6.2 OUTER: the AICPU phases that are scheduler work in Part 5, in report order.
const QStringList &outerPhases();

// resolve_standalone is a Resolve outside complete/dummy and is shown and counted as resolve (§11).
QString canonicalPhase(const QString &kind);

// Bar names of AICore-producer streams (supplement §7): complete -> Completion, resolve -> Resolve,
// state_probe -> StateProbe, dispatch -> Dispatch, worksteal -> Worksteal, refill -> Refill. Every
// other kind, bootstrap and idle included, keeps its wire name.
QString aicoreDisplayName(const QString &kind);

// AICore-resident schedulers of older revisions wrote ready_claim, ready_steal, direct_refill and
// fanin; the reference converter has no colour for them and leaves them off the timeline (§7 "Drawn
// set"). The records are still kept.
bool isLegacyAicorePhase(const QString &kind);

// A scheduler phase that marks a task which runs on no core (a dummy task or a predicated skip): its
// task has no AICore row by design.
bool isMarkerPhase(const QString &kind);

} // namespace lanescope
