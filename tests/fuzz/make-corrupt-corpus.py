#!/usr/bin/env python3
"""Writes tests/fixtures/corrupt/: small hostile and broken inputs for every reader, one idea per file.

Deterministic (no randomness without a fixed seed, no timestamps): re-running it rewrites the same
bytes. Each file is named after what it tests; manifest.tsv (hand-maintained, read by
tst_corruptcorpus) says what loading it must give. Run: tests/fuzz/make-corrupt-corpus.py
"""
import os
import random
import shutil
import struct
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "corrupt")

RECORDS = (
    b'{"chip_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000000, "num_cores": 2, '
    b'"core_types": ["aic", "aiv"]}, "core_to_thread": [0, 0], '
    b'"aicore_tasks": [[0, 10, 0, 1100, 1200, 40], [1, 11, 0, 1150, 1400, 30]], '
    b'"aicpu_tasks": [[0, 0, 1000, 1250], [1, 0, 1010, 1450]], '
    b'"aicpu_scheduler_phases": [[{"kind": "dispatch", "start_cycles": 990, "end_cycles": 1030, '
    b'"loop_iter": 7, "tasks_processed": 2}]]}\n'
)

TRACE = (
    b'{"traceEvents": [{"name": "thread_name", "ph": "M", "pid": 1, "tid": 7, "args": {"name": "AIC_0"}}, '
    b'{"name": "QK", "ph": "X", "pid": 1, "tid": 7, "ts": 100.0, "dur": 2.5, "args": {"taskId": 1}}, '
    b'{"name": "SF", "ph": "X", "pid": 1, "tid": 7, "ts": 103.0, "dur": 1.0}, '
    b'{"name": "f", "ph": "s", "id": 9, "pid": 1, "tid": 7, "ts": 101.0}, '
    b'{"name": "f", "ph": "f", "id": 9, "pid": 1, "tid": 7, "ts": 103.0, "bp": "e"}], '
    b'"displayTimeUnit": "ns"}\n'
)

# A multi-rank trace of a directory conversion (supplement §2.9): rank-namespaced flow ids, args.rank.
L3_EVENTS = (
    b'{"name": "process_name", "ph": "M", "pid": 102, "args": {"name": "AICPU Scheduler"}}, '
    b'{"name": "process_name", "ph": "M", "pid": 104, "args": {"name": "Worker View"}}, '
    b'{"name": "process_name", "ph": "M", "pid": 202, "args": {"name": "AICPU Scheduler"}}, '
    b'{"name": "process_name", "ph": "M", "pid": 204, "args": {"name": "Worker View"}}, '
    b'{"name": "QK", "ph": "X", "pid": 104, "tid": 10000, "ts": 12.0, "dur": 3.0, "args": {"rank": 0, "run_epoch": 1}}, '
    b'{"name": "QK", "ph": "X", "pid": 204, "tid": 10000, "ts": 13.0, "dur": 3.0, "args": {"rank": 1, "run_epoch": 1}}, '
    b'{"name": "dispatch", "cat": "flow", "ph": "s", "id": "r0:5", "pid": 102, "tid": 30000, "ts": 10.0, "args": {"rank": 0}}, '
    b'{"name": "dispatch", "cat": "flow", "ph": "s", "id": "r1:5", "pid": 202, "tid": 30000, "ts": 11.0, "args": {"rank": 1}}, '
    b'{"name": "dispatch", "cat": "flow", "ph": "f", "bp": "e", "id": "r0:5", "pid": 104, "tid": 10000, "ts": 12.0, "args": {"rank": 0}}, '
    b'{"name": "dispatch", "cat": "flow", "ph": "f", "bp": "e", "id": "r1:5", "pid": 204, "tid": 10000, "ts": 13.0, "args": {"rank": 1}}'
)
L3_META = (
    b'{"layout": "containment_spliced_multi_rank", "cross_rank_uncertainty_ns": 3000, "ranks": ['
    b'{"rank": 0, "placement": {"method": "span_containment_v1", "slack_ns": 1000}}, '
    b'{"rank": 1, "placement": {"method": "span_containment_v1", "slack_ns": 2000}}]}'
)


def l3(events=L3_EVENTS, meta=L3_META):
    return b'{"traceEvents": [' + events + b'], "metadata": ' + meta + b'}\n'


DEPS = (
    b'{"tasks": [{"task_id": "0", "kernel_ids": [3], "block_num": 1, "scope": "auto"}, '
    b'{"task_id": "1", "kernel_ids": [4], "block_num": 2}], "tensors": [{"tensor_id": 77}], '
    b'"edges": [{"pred": "0", "succ": "1", "source": "tensormap"}]}\n'
)

# The upstream shape (supplement §1): 7-column rows, scheduler_tasks, scheduler_records streams
# whose records carry run_epoch.
UPSTREAM = (
    b'{"chip_swimlane_level": 3, "metadata": {"runtime": "tensormap_and_ringbuffer", '
    b'"clock_freq_hz": 1000000000, "num_cores": 2, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0]}, '
    b'"aicore_tasks": [[0, 10, 0, 1100, 1200, 40, 1], [1, 11, 0, 1150, 1400, 30, 1]], '
    b'"scheduler_tasks": {"producer": "aicpu", "records": [[0, 0, 1000, 1250, 1], [1, 0, 1010, 1450, 1]]}, '
    b'"scheduler_records": {"streams": [{"producer": "aicpu", "scheduler_id": 0, '
    b'"capture": {"committed": 1, "dropped": 0, "truncated": false}, '
    b'"records": [{"start_cycles": 990, "end_cycles": 1030, "run_epoch": 1, "loop_iter": 7, "kind": "dispatch", '
    b'"tasks_processed": 2, "task_id": null}]}]}}\n'
)
# metadata.collection of a retained run (supplement §5.2), in the writer's key order.
COLLECTION = (
    b'"collection": {"run_epoch": 1, "session_id": 1, "processing_complete": true, "metadata_complete": true, '
    b'"not_received_buffers": 0, "unpublished_loss": 0, "transport_retired": 0, "transport_retired_records": 0, '
    b'"unattributable_handoffs": 0, "handoff_identity_verified": true, "cut_failed_queues": 0, '
    b'"verdict": "published"}, '
)
RETAINED = UPSTREAM.replace(b'"runtime": "tensormap_and_ringbuffer", ',
                            b'"runtime": "tensormap_and_ringbuffer", ' + COLLECTION)

NAMEMAP = b'{"level": 2, "orchestrator_name": "orch", "callable_id_to_name": {"0": "QK", "1": "SF"}}\n'

SCOPE_META = (b'{"version": 6, "fatal": false, "dropped": 0, "total": 2, "task_window_max": [16, 16, 16, 16], '
              b'"heap_max": [256, 256, 256, 256], "tensormap_max": 64}')
SCOPE_BEGIN = (b'{"site": "a.py:1", "phase": "begin", "depth": 0, "ring": 0, "task_window_start": 0, '
               b'"task_window_end": 0, "heap_start": 0, "heap_end": 0, "tensormap": 0}')
SCOPE_END = (b'{"site": "a.py:1", "phase": "end", "depth": 0, "ring": 0, "task_window_start": 0, '
             b'"task_window_end": 1, "heap_start": 0, "heap_end": 0, "tensormap": 1}')
SCOPE = SCOPE_META + b"\n" + SCOPE_BEGIN + b"\n" + SCOPE_END + b"\n"
# The current writer (supplement §9): no "version", samples stamped with run_epoch and buf_seq.
SCOPE7_META = (b'{"fatal": false, "dropped": 0, "total": 2, "task_window_max": [16, 16, 16, 16], '
               b'"heap_max": [256, 256, 256, 256], "dep_pool_max": [8, 8, 8, 8], "tensormap_max": 64}')
SCOPE7_BG = SCOPE7_META[:-1] + (b', "collection_verdict": "published", "counts_unknown": false, '
                                b'"host_received_records": 2, "host_retained_records": 2}')
SCOPE7_BEGIN = SCOPE_BEGIN[:-1] + b', "dep_pool_start": 0, "dep_pool_end": 0, "run_epoch": 1, "buf_seq": 0}'
SCOPE7_END = SCOPE_END[:-1] + b', "dep_pool_start": 0, "dep_pool_end": 1, "run_epoch": 1, "buf_seq": 1}'
SCOPE7 = SCOPE7_META + b"\n" + SCOPE7_BEGIN + b"\n" + SCOPE7_END + b"\n"
SCOPE7B = SCOPE7_BG + b"\n" + SCOPE7_BEGIN + b"\n" + SCOPE7_END + b"\n"

STRACE = (b"[mono_ns=2000][T0x1][TIMING] scope_exit: [STRACE] v=1 pid=42 tid=43 inv=0 hid=9f depth=0 "
          b"name=chip.run ts=1000 dur=1500\n"
          b"[mono_ns=2100][T0x1][TIMING] scope_exit: [STRACE] v=1 pid=42 tid=43 inv=0 hid=9f depth=1 "
          b"name=chip.run.bind ts=1100 dur=300\n")

# dispatch_identity.json (upstream §2.8): the sidecar naming a capture's host pid and dispatch.
SIDECAR = (b'{"schema_version": 1, "host_pid": 4242, "run_id": 17, "endpoint_dispatch_id": 3, '
           b'"pipeline_slot": 0, "pipeline_generation": 1}\n')

STRUCTURAL = b'{}[],:"'
files = {}


def put(subdir, name, data):
    assert (subdir, name) not in files, name
    files[(subdir, name)] = data


def truncations(subdir, prefix, suffix, data):
    """One file per structural byte: the input cut right after it (and the empty prefix)."""
    for i, b in enumerate(data[:-2]):
        if bytes([b]) in STRUCTURAL:
            put(subdir, "%s-truncated-at-%04d%s" % (prefix, i + 1, suffix), data[: i + 1])


def deep(n):
    return b"[" * n + b"]" * n


def main():
    random.seed(20261129)
    rec = "chip_swimlane_records"
    R = RECORDS
    truncations("records", rec, ".json", R)
    put("records", rec + "-empty.json", b"")
    put("records", rec + "-whitespace-only.json", b" \n\t\r\n ")
    put("records", rec + "-utf8-bom.json", b"\xef\xbb\xbf" + R)
    put("records", rec + "-crlf.json", R.replace(b", ", b",\r\n"))
    put("records", rec + "-binary-garbage.json", bytes(random.randrange(256) for _ in range(2048)))
    put("records", rec + "-nul-bytes.json", b"\0" * 512)
    put("records", rec + "-nul-inside-row.json", R.replace(b"1100, 1200", b"1100\0, 1200"))
    put("records", rec + "-trailing-garbage.json", R + b"}}]]garbage")
    put("records", rec + "-top-level-array.json", b"[" + R + b"]")
    put("records", rec + "-top-level-string.json", b'"chip_swimlane_level"')
    put("records", rec + "-level-string.json", R.replace(b'"chip_swimlane_level": 3', b'"chip_swimlane_level": "3"'))
    put("records", rec + "-level-99.json", R.replace(b'"chip_swimlane_level": 3', b'"chip_swimlane_level": 99'))
    put("records", rec + "-level-negative.json", R.replace(b'"chip_swimlane_level": 3', b'"chip_swimlane_level": -1'))
    put("records", rec + "-level-missing.json", R.replace(b'"chip_swimlane_level": 3, ', b""))
    put("records", rec + "-metadata-array.json", R.replace(b'"metadata": {', b'"metadata": [{', 1).replace(
        b'"aiv"]}, "core_to', b'"aiv"]}], "core_to'))
    put("records", rec + "-metadata-missing.json", R.replace(
        b'"metadata": {"clock_freq_hz": 1000000000, "num_cores": 2, "core_types": ["aic", "aiv"]}, ', b""))
    put("records", rec + "-clock-zero.json", R.replace(b'"clock_freq_hz": 1000000000', b'"clock_freq_hz": 0'))
    put("records", rec + "-clock-negative.json", R.replace(b'"clock_freq_hz": 1000000000', b'"clock_freq_hz": -50'))
    put("records", rec + "-clock-string.json", R.replace(b'"clock_freq_hz": 1000000000', b'"clock_freq_hz": "fast"'))
    put("records", rec + "-clock-float.json", R.replace(b'"clock_freq_hz": 1000000000', b'"clock_freq_hz": 1.5e9'))
    put("records", rec + "-clock-inf.json", R.replace(b'"clock_freq_hz": 1000000000', b'"clock_freq_hz": 1e400'))
    # metadata.clock_alignment damaged (upstream §3.2): refused with a warning, the capture still loads.
    def alignment(record):
        return R.replace(b'"core_types": ["aic", "aiv"]}', b'"core_types": ["aic", "aiv"], "clock_alignment": ' + record + b'}')
    put("records", rec + "-alignment-status-not-string.json", alignment(b'{"status": 1}'))
    put("records", rec + "-alignment-float-anchor.json", alignment(
        b'{"status": "bounded", "device_anchor_cycles": 990, "host_anchor_ns": 5000.5, '
        b'"host_anchor_min_ns": 4000, "host_anchor_max_ns": 6000}'))
    put("records", rec + "-alignment-min-above-max.json", alignment(
        b'{"status": "bounded", "device_anchor_cycles": 990, "host_anchor_ns": 5000, '
        b'"host_anchor_min_ns": 7000, "host_anchor_max_ns": 6000}'))
    put("records", rec + "-num-cores-huge.json", R.replace(b'"num_cores": 2', b'"num_cores": 2147483647'))
    put("records", rec + "-num-cores-beyond-2p64.json", R.replace(b'"num_cores": 2', b'"num_cores": 18446744073709551617'))
    put("records", rec + "-num-cores-negative.json", R.replace(b'"num_cores": 2', b'"num_cores": -2'))
    put("records", rec + "-num-cores-zero.json", R.replace(b'"num_cores": 2', b'"num_cores": 0'))
    put("records", rec + "-core-types-unknown.json", R.replace(b'["aic", "aiv"]', b'["gpu", 7]'))
    put("records", rec + "-core-types-object.json", R.replace(b'["aic", "aiv"]', b'{"0": "aic"}'))
    put("records", rec + "-core-beyond-num-cores.json", R.replace(b"[1, 11, 0, 1150", b"[9, 11, 0, 1150").replace(
        b"[1, 0, 1010", b"[9, 0, 1010"))
    put("records", rec + "-core-id-2p31.json", R.replace(b"[1, 11, 0, 1150", b"[2147483648, 11, 0, 1150").replace(
        b"[1, 0, 1010", b"[2147483648, 0, 1010"))
    put("records", rec + "-core-id-negative.json", R.replace(b"[1, 11, 0, 1150", b"[-1, 11, 0, 1150"))
    put("records", rec + "-core-to-thread-huge.json", R.replace(b'"core_to_thread": [0, 0]', b'"core_to_thread": [0, 99999999]'))
    put("records", rec + "-core-to-thread-string.json", R.replace(b'"core_to_thread": [0, 0]', b'"core_to_thread": "0,0"'))
    put("records", rec + "-task-id-2p63.json", R.replace(b"[0, 10, 0,", b"[0, 9223372036854775809, 0,"))
    put("records", rec + "-task-id-2p64-max.json", R.replace(b"[0, 10, 0,", b"[0, 18446744073709551615, 0,"))
    put("records", rec + "-task-id-beyond-2p64.json", R.replace(b"[0, 10, 0,", b"[0, 18446744073709551616, 0,"))
    put("records", rec + "-task-id-negative.json", R.replace(b"[0, 10, 0,", b"[0, -10, 0,"))
    put("records", rec + "-task-id-float.json", R.replace(b"[0, 10, 0,", b"[0, 10.5, 0,"))
    put("records", rec + "-task-id-string.json", R.replace(b"[0, 10, 0,", b'[0, "10", 0,'))
    put("records", rec + "-task-id-null.json", R.replace(b"[0, 10, 0,", b"[0, null, 0,"))
    put("records", rec + "-time-nan-literal.json", R.replace(b"1100, 1200", b"NaN, 1200"))
    put("records", rec + "-time-infinity-literal.json", R.replace(b"1100, 1200", b"Infinity, 1200"))
    put("records", rec + "-time-exponent-overflow.json", R.replace(b"1100, 1200", b"1e400, 1200"))
    put("records", rec + "-time-negative.json", R.replace(b"1100, 1200", b"-1100, 1200"))
    put("records", rec + "-time-float.json", R.replace(b"1100, 1200", b"1100.75, 1200"))
    put("records", rec + "-time-zero-start.json", R.replace(b"1100, 1200", b"0, 1200"))
    put("records", rec + "-end-before-start.json", R.replace(b"1100, 1200", b"1200, 1100"))
    put("records", rec + "-finish-before-dispatch.json", R.replace(b"1000, 1250", b"1250, 1000"))
    put("records", rec + "-time-beyond-2p64.json", R.replace(b"1100, 1200", b"1100, 36893488147419103232"))
    put("records", rec + "-time-max-u64.json", R.replace(b"1100, 1200", b"1100, 18446744073709551615"))
    put("records", rec + "-duplicate-rows.json", R.replace(b"[[0, 10, 0, 1100, 1200, 40],",
                                                           b"[[0, 10, 0, 1100, 1200, 40], [0, 10, 0, 1100, 1200, 40],"))
    put("records", rec + "-duplicate-aicpu-rows.json", R.replace(b"[[0, 0, 1000, 1250],",
                                                                 b"[[0, 0, 1000, 1250], [0, 0, 1000, 1250],"))
    put("records", rec + "-duplicate-keys.json", R.replace(b'"aicpu_tasks"', b'"aicore_tasks": [], "aicpu_tasks"'))
    put("records", rec + "-row-too-short.json", R.replace(b"[0, 10, 0, 1100, 1200, 40]", b"[0, 10]"))
    put("records", rec + "-row-empty.json", R.replace(b"[0, 10, 0, 1100, 1200, 40]", b"[]"))
    put("records", rec + "-row-object.json", R.replace(b"[0, 10, 0, 1100, 1200, 40]", b'{"core_id": 0}'))
    put("records", rec + "-row-width-10000.json", R.replace(b"[0, 10, 0, 1100, 1200, 40]",
                                                            b"[0, 10, 0, 1100, 1200, 40" + b", 7" * 10000 + b"]"))
    put("records", rec + "-rows-not-array.json", R.replace(b'"aicore_tasks": [[0, 10, 0, 1100, 1200, 40], [1, 11, 0, 1150, 1400, 30]]',
                                                           b'"aicore_tasks": 5'))
    put("records", rec + "-aicore-missing.json", R.replace(b'"aicore_tasks": [[0, 10, 0, 1100, 1200, 40], [1, 11, 0, 1150, 1400, 30]], ', b""))
    put("records", rec + "-aicore-empty.json", R.replace(b'[[0, 10, 0, 1100, 1200, 40], [1, 11, 0, 1150, 1400, 30]]', b"[]"))
    put("records", rec + "-unknown-phase-kind.json", R.replace(b'"kind": "dispatch"', b'"kind": "teleport"'))
    put("records", rec + "-phase-kind-number.json", R.replace(b'"kind": "dispatch"', b'"kind": 5'))
    put("records", rec + "-phase-end-before-start.json", R.replace(b'"start_cycles": 990, "end_cycles": 1030',
                                                                   b'"start_cycles": 1030, "end_cycles": 990'))
    put("records", rec + "-phase-time-negative.json", R.replace(b'"start_cycles": 990', b'"start_cycles": -990'))
    put("records", rec + "-phases-not-array.json", R.replace(b'"aicpu_scheduler_phases": [[', b'"aicpu_scheduler_phases": {"a": [').replace(
        b'2}]]}', b'2}]}}'))
    put("records", rec + "-phase-threads-10000.json", R.replace(b'"aicpu_scheduler_phases": [[',
                                                                b'"aicpu_scheduler_phases": [' + b"[], " * 10000 + b"["))
    put("records", rec + "-nesting-10000-in-unknown-key.json", R.replace(b'"core_to_thread"', b'"x": ' + deep(10000) + b', "core_to_thread"'))
    put("records", rec + "-nesting-10000-in-row.json", R.replace(b"[0, 10, 0, 1100, 1200, 40]", deep(10000)))
    put("records", rec + "-nesting-10000-unclosed.json", b'{"chip_swimlane_level": 3, "x": ' + b"[" * 10000)
    put("records", rec + "-key-unterminated-string.json", b'{"chip_swimlane_level": 3, "metadata' + b"a" * 300)
    put("records", rec + "-string-bad-escape.json", R.replace(b'"aic", "aiv"', b'"a\\qc", "aiv"'))
    put("records", rec + "-string-bad-unicode-escape.json", R.replace(b'"aic", "aiv"', b'"\\ud800\\uZZZZ", "aiv"'))
    put("records", rec + "-string-invalid-utf8.json", R.replace(b'"aic", "aiv"', b'"a\xff\xfec", "aiv"'))
    put("records", rec + "-number-huge-digits.json", R.replace(b"1100, 1200", b"1" * 5000 + b", 1200"))
    put("records", rec + "-number-bare-minus.json", R.replace(b"1100, 1200", b"-, 1200"))
    put("records", rec + "-number-leading-zeros.json", R.replace(b"1100, 1200", b"0001100, 1200"))
    put("records", rec + "-missing-comma.json", R.replace(b"[0, 10, 0, 1100, 1200, 40], [1", b"[0, 10, 0, 1100, 1200, 40] [1"))
    put("records", rec + "-missing-colon.json", R.replace(b'"aicpu_tasks": [', b'"aicpu_tasks" ['))
    put("records", rec + "-trailing-comma.json", R.replace(b"1400, 30]]", b"1400, 30],]"))
    put("records", rec + "-objects-tasks-wrong-types.json",
        b'{"l2_perf_level": 2, "tasks": [{"task_id": "x", "func_id": [], "core_id": {}, "start_time_us": "s", '
        b'"end_time_us": null}, {"task_id": 1, "core_id": 0, "start_time_us": 5.0, "end_time_us": 1.0}, 7]}\n')
    put("records", rec + "-objects-nan-times.json",
        b'{"l2_perf_level": 2, "tasks": [{"task_id": 1, "core_id": 0, "func_id": 0, "start_time_us": 1e400, '
        b'"end_time_us": -1e400}, {"task_id": 2, "core_id": 0, "func_id": 0, "start_time_us": 1.0, "end_time_us": 2.0}]}\n')

    U = UPSTREAM
    up = rec + "-upstream"
    put("records", up + "-valid.json", U)
    put("records", up + "-dropped-string.json", U.replace(b'"dropped": 0', b'"dropped": "many"'))
    put("records", up + "-dropped-nonzero.json", U.replace(b'"dropped": 0, "truncated": false', b'"dropped": 4, "truncated": true'))
    put("records", up + "-streams-not-array.json", U.replace(b'"streams": [{', b'"streams": {"0": {').replace(b'null}]}]}}', b'null}]}}}}'))
    put("records", up + "-stream-not-object.json", U.replace(b'"streams": [{', b'"streams": [7, {'))
    put("records", up + "-run-epoch-negative.json", U.replace(b'"run_epoch": 1', b'"run_epoch": -1'))
    put("records", up + "-run-epoch-2p32.json", U.replace(b'"run_epoch": 1', b'"run_epoch": 4294967296'))
    put("records", up + "-run-epoch-beyond-2p64.json", U.replace(b'"run_epoch": 1', b'"run_epoch": 18446744073709551616'))
    put("records", up + "-run-epoch-string.json", U.replace(b'"run_epoch": 1', b'"run_epoch": "1"'))
    put("records", up + "-run-epoch-other-run.json", U.replace(b'"run_epoch": 1', b'"run_epoch": 2'))
    put("records", up + "-row-run-epoch-negative.json", U.replace(b"1200, 40, 1]", b"1200, 40, -1]"))
    put("records", up + "-row-run-epoch-huge.json", U.replace(b"1200, 40, 1]", b"1200, 40, 18446744073709551615]"))
    put("records", up + "-row-run-epoch-string.json", U.replace(b"1200, 40, 1]", b'1200, 40, "1"]'))
    put("records", up + "-two-runs-same-keys.json", U.replace(b"[1, 11, 0, 1150, 1400, 30, 1]]",
                                                             b"[1, 11, 0, 1150, 1400, 30, 1], [0, 12, 0, 2100, 2200, 40, 2]]")
        .replace(b"[1, 0, 1010, 1450, 1]]", b"[1, 0, 1010, 1450, 1], [0, 0, 2000, 2250, 2]]"))
    C = RETAINED
    co = rec + "-collection"
    put("records", co + "-valid.json", C)
    put("records", co + "-not-object.json", U.replace(b'"runtime": "tensormap_and_ringbuffer", ',
                                                      b'"runtime": "tensormap_and_ringbuffer", "collection": [1, 2], '))
    put("records", co + "-verdict-not-string.json", C.replace(b'"verdict": "published"', b'"verdict": 3'))
    put("records", co + "-verdict-missing.json", C.replace(b', "verdict": "published"', b""))
    put("records", co + "-verdict-unknown.json", C.replace(b'"verdict": "published"', b'"verdict": "quarantined"'))
    put("records", co + "-verdict-uppercase.json", C.replace(b'"verdict": "published"', b'"verdict": "PUBLISHED"'))
    put("records", co + "-verdict-partial-safe.json", C.replace(b'"not_received_buffers": 0', b'"not_received_buffers": 3')
        .replace(b'"verdict": "published"', b'"verdict": "partial_safe"'))
    put("records", co + "-verdict-partial-cut-unknown.json", C.replace(b'"processing_complete": true', b'"processing_complete": false')
        .replace(b'"cut_failed_queues": 0', b'"cut_failed_queues": 2').replace(b'"verdict": "published"', b'"verdict": "partial_cut_unknown"'))
    put("records", co + "-counter-negative.json", C.replace(b'"not_received_buffers": 0', b'"not_received_buffers": -3'))
    put("records", co + "-counter-beyond-2p64.json", C.replace(b'"transport_retired": 0', b'"transport_retired": 18446744073709551616'))
    put("records", co + "-counter-float.json", C.replace(b'"unpublished_loss": 0', b'"unpublished_loss": 0.5'))
    put("records", co + "-flag-string.json", C.replace(b'"processing_complete": true', b'"processing_complete": "yes"'))
    put("records", co + "-flag-number.json", C.replace(b'"handoff_identity_verified": true', b'"handoff_identity_verified": 1'))
    put("records", co + "-identity-unverified.json", C.replace(b'"handoff_identity_verified": true', b'"handoff_identity_verified": false'))
    put("records", co + "-run-epoch-zero.json", C.replace(b'"collection": {"run_epoch": 1', b'"collection": {"run_epoch": 0'))
    put("records", co + "-run-epoch-2p32.json", C.replace(b'"collection": {"run_epoch": 1', b'"collection": {"run_epoch": 4294967296'))
    put("records", co + "-old-shape.json", C.replace(b'"transport_retired_records": 0, "unattributable_handoffs": 0, '
                                                     b'"handoff_identity_verified": true, ', b""))
    put("records", co + "-nothing-captured.json", C.replace(b"[[0, 10, 0, 1100, 1200, 40, 1], [1, 11, 0, 1150, 1400, 30, 1]]", b"[]")
        .replace(b"[[0, 0, 1000, 1250, 1], [1, 0, 1010, 1450, 1]]", b"[]")
        .replace(b'"streams": [{"producer": "aicpu", "scheduler_id": 0, "capture": {"committed": 1, "dropped": 0, "truncated": false}, '
                 b'"records": [{"start_cycles": 990, "end_cycles": 1030, "run_epoch": 1, "loop_iter": 7, "kind": "dispatch", '
                 b'"tasks_processed": 2, "task_id": null}]}]', b'"streams": []'))
    put("records", co + "-nesting-10000.json", C.replace(b'"session_id": 1', b'"session_id": ' + deep(10000)))

    # The retained layout (supplement §5.1): a prefix holding swimlane-0/records_e<epoch>.json. The
    # folder cases are loaded by tst_retainedlayout; every file is also read on its own here.
    rt = "retained"
    put(rt, "truncated-run/swimlane-0/records_e1.json", C)
    put(rt, "truncated-run/swimlane-0/records_e2.json", C.replace(b'"run_epoch": 1', b'"run_epoch": 2').replace(b", 1]", b", 2]")[: len(C) * 2 // 3])
    put(rt, "truncated-run/deps.json", DEPS.replace(b'"task_id": "0"', b'"task_id": "10"').replace(b'"task_id": "1"', b'"task_id": "11"'))
    put(rt, "epoch-beyond-32-bits/swimlane-0/records_e1.json", C)
    put(rt, "epoch-beyond-32-bits/swimlane-0/records_e4294967296.json",
        C.replace(b'"run_epoch": 1', b'"run_epoch": 4294967296'))
    put(rt, "epoch-huge-only/swimlane-0/records_e" + "9" * 30 + ".json", C)
    put(rt, "epoch-mismatch/swimlane-0/records_e7.json", C)
    put(rt, "empty-run-file/swimlane-0/records_e1.json", C)
    put(rt, "empty-run-file/swimlane-0/records_e2.json", b"")

    # Kernel-mode DFX windows (field spec §3): window 0 in the folder, window i in window_<i>/. The
    # folder cases are loaded by tst_dfxwindows; every file is also read on its own here.
    wn = "windows"
    rng = random.Random(20261208)  # its own: the shared sequence gives the other corpus files their bytes
    W = R.replace(b'"core_types": ["aic", "aiv"]}',
                  b'"core_types": ["aic", "aiv"], "run_boundaries": [[0, 900], [1, 1500]], "dropped_run_boundaries": 0}')
    for case in ("truncated-window", "cut-in-boundaries", "garbage-window", "boundaries-not-array",
                 "index-beyond-six-digits", "empty-window-file"):
        put(wn, case + "/chip_swimlane_records.json", W)
    put(wn, "truncated-window/window_1/chip_swimlane_records.json", W[: len(W) * 2 // 3])
    put(wn, "truncated-window/window_1/deps.json", DEPS)
    put(wn, "cut-in-boundaries/window_1/chip_swimlane_records.json", W[: W.index(b"[1, 1500]") + 4])
    put(wn, "garbage-window/window_1/chip_swimlane_records.json", bytes(rng.randrange(256) for _ in range(2048)))
    put(wn, "boundaries-not-array/window_1/chip_swimlane_records.json",
        W.replace(b'"run_boundaries": [[0, 900], [1, 1500]]', b'"run_boundaries": {"0": 900}'))
    put(wn, "index-beyond-six-digits/window_1/chip_swimlane_records.json", W)
    put(wn, "index-beyond-six-digits/window_1234567/chip_swimlane_records.json", W)
    put(wn, "empty-window-file/window_1/chip_swimlane_records.json", b"")

    # Launch boundaries (field spec §3) in every shape a damaged or foreign writer might leave: a
    # launch can be placed only from [k, start_cycles] pairs, and nothing is guessed when some cannot.
    def boundaries(text):
        return R.replace(b'"core_types": ["aic", "aiv"]}', b'"core_types": ["aic", "aiv"], ' + text + b'}')
    for name, text in (("not-pairs", b'"run_boundaries": [[0, 900], 5, [2]]'),
                       ("negative-start", b'"run_boundaries": [[0, -5], [1, 1500]]'),
                       ("float-start", b'"run_boundaries": [[0, 900.5], [1, 1500]]'),
                       ("string-pairs", b'"run_boundaries": [["0", "900"], ["1", "1500"]]'),
                       ("dropped", b'"run_boundaries": [[0, 900]], "dropped_run_boundaries": 3'),
                       ("dropped-not-a-number", b'"run_boundaries": [[0, 900]], "dropped_run_boundaries": "x"'),
                       ("out-of-order", b'"run_boundaries": [[1, 1500], [0, 900]]'),
                       ("equal-starts", b'"run_boundaries": [[0, 900], [1, 900]]'),
                       ("between-dispatch-and-start", b'"run_boundaries": [[0, 900], [1, 1140]]'),
                       ("deeply-nested", b'"run_boundaries": [' + b'[' * 300 + b']' * 300 + b', [1, 1500]]')):
        put("records", rec + "-boundaries-" + name + ".json", boundaries(text))

    tr = "merged_swimlane"
    T = TRACE
    truncations("trace", tr, ".json", T)
    put("trace", tr + "-empty.json", b"")
    put("trace", tr + "-whitespace-only.json", b"\n\n  \n")
    put("trace", tr + "-utf8-bom.json", b"\xef\xbb\xbf" + T)
    put("trace", tr + "-crlf.json", T.replace(b", ", b",\r\n"))
    put("trace", tr + "-binary-garbage.json", bytes(random.randrange(256) for _ in range(2048)))
    put("trace", tr + "-bare-array-unterminated.json", b'[{"name": "a", "ph": "X", "pid": 1, "tid": 1, "ts": 1, "dur": 2},\n')
    put("trace", tr + "-bare-array-empty.json", b"[]")
    put("trace", tr + "-events-empty.json", b'{"traceEvents": []}')
    put("trace", tr + "-events-not-array.json", b'{"traceEvents": {"ph": "X"}}')
    put("trace", tr + "-event-not-object.json", T.replace(b'{"name": "SF"', b'7, {"name": "SF"'))
    put("trace", tr + "-unknown-phase.json", T.replace(b'"ph": "X", "pid": 1, "tid": 7, "ts": 103.0', b'"ph": "Q", "pid": 1, "tid": 7, "ts": 103.0'))
    put("trace", tr + "-phase-missing.json", T.replace(b'"ph": "X", "pid": 1, "tid": 7, "ts": 103.0', b'"pid": 1, "tid": 7, "ts": 103.0'))
    put("trace", tr + "-phase-number.json", T.replace(b'"ph": "X", "pid": 1, "tid": 7, "ts": 103.0', b'"ph": 88, "pid": 1, "tid": 7, "ts": 103.0'))
    put("trace", tr + "-ts-string.json", T.replace(b'"ts": 100.0', b'"ts": "100"'))
    put("trace", tr + "-ts-nan-literal.json", T.replace(b'"ts": 100.0', b'"ts": NaN'))
    put("trace", tr + "-ts-exponent-overflow.json", T.replace(b'"ts": 100.0', b'"ts": 1e400'))
    put("trace", tr + "-ts-huge.json", T.replace(b'"ts": 100.0', b'"ts": 1.7e308'))
    put("trace", tr + "-ts-negative.json", T.replace(b'"ts": 100.0', b'"ts": -5e15'))
    put("trace", tr + "-ts-missing.json", T.replace(b'"ts": 100.0, ', b""))
    put("trace", tr + "-dur-negative.json", T.replace(b'"dur": 2.5', b'"dur": -2.5'))
    put("trace", tr + "-dur-overflow.json", T.replace(b'"dur": 2.5', b'"dur": 1e400'))
    put("trace", tr + "-dur-string.json", T.replace(b'"dur": 2.5', b'"dur": "long"'))
    put("trace", tr + "-end-before-begin.json", b'{"traceEvents": [{"name": "a", "ph": "E", "pid": 1, "tid": 1, "ts": 1}, '
        b'{"name": "a", "ph": "B", "pid": 1, "tid": 1, "ts": 5}, {"name": "b", "ph": "X", "pid": 1, "tid": 1, "ts": 6, "dur": 1}]}')
    put("trace", tr + "-begin-without-end.json", b'{"traceEvents": [{"name": "a", "ph": "B", "pid": 1, "tid": 1, "ts": 1}, '
        b'{"name": "b", "ph": "B", "pid": 1, "tid": 1, "ts": 2}]}')
    put("trace", tr + "-async-end-without-begin.json", b'{"traceEvents": [{"name": "a", "ph": "e", "id": 3, "pid": 1, "tid": 1, "ts": 1}, '
        b'{"name": "b", "ph": "X", "pid": 1, "tid": 1, "ts": 2, "dur": 1}]}')
    put("trace", tr + "-flow-without-start.json", T.replace(b'"ph": "s"', b'"ph": "t"'))
    put("trace", tr + "-pid-beyond-2p64.json", T.replace(b'"pid": 1, "tid": 7, "ts": 100.0', b'"pid": 18446744073709551616, "tid": 7, "ts": 100.0'))
    put("trace", tr + "-tid-negative.json", T.replace(b'"tid": 7, "ts": 100.0', b'"tid": -7, "ts": 100.0'))
    put("trace", tr + "-tid-string.json", T.replace(b'"tid": 7, "ts": 100.0', b'"tid": "worker", "ts": 100.0'))
    put("trace", tr + "-id-beyond-2p64.json", T.replace(b'"id": 9, "pid": 1, "tid": 7, "ts": 101.0', b'"id": 36893488147419103232, "pid": 1, "tid": 7, "ts": 101.0'))
    put("trace", tr + "-counter-non-numeric.json", b'{"traceEvents": [{"name": "c", "ph": "C", "pid": 1, "ts": 1, "args": {"v": "x", "w": null, "u": 1e400}}, '
        b'{"name": "b", "ph": "X", "pid": 1, "tid": 1, "ts": 2, "dur": 1}]}')
    put("trace", tr + "-args-nesting-10000.json", T.replace(b'"args": {"taskId": 1}', b'"args": {"deep": ' + deep(10000) + b"}"))
    put("trace", tr + "-nesting-10000-unclosed.json", b'{"traceEvents": [' + b"[" * 10000)
    put("trace", tr + "-duplicate-events.json", T.replace(b'{"name": "SF"', b'{"name": "QK", "ph": "X", "pid": 1, "tid": 7, "ts": 100.0, "dur": 2.5}, {"name": "SF"'))
    put("trace", tr + "-name-10000-chars.json", T.replace(b'"name": "QK"', b'"name": "' + b"Q" * 10000 + b'"'))
    put("trace", tr + "-name-invalid-utf8.json", T.replace(b'"name": "QK"', b'"name": "Q\xc3\x28K"'))
    put("trace", tr + "-trailing-garbage.json", T + b"\x00\x01garbage")
    put("trace", tr + "-metadata-first-then-garbage.json", b'{"otherData": {"a": [1, 2]}, "traceEvents": [{"name": "a", "ph": "X", "pid": 1, "tid": 1, "ts": 1, "dur": 2}, x]}')

    l3n = "l3_swimlane"
    E = L3_EVENTS
    put("trace", l3n + "-flow-id-without-colon.json", l3(E.replace(b'"r0:5"', b'"r05"')))
    put("trace", l3n + "-flow-id-numeric.json", l3(E.replace(b'"r0:5"', b"5").replace(b'"r1:5"', b"5")))
    put("trace", l3n + "-flow-id-other-rank.json", l3(E.replace(b'"id": "r1:5", "pid": 204', b'"id": "r0:5", "pid": 204')))
    put("trace", l3n + "-rank-not-number.json", l3(E.replace(b'"rank": 1, "run_epoch": 1', b'"rank": "one", "run_epoch": 1')))
    put("trace", l3n + "-rank-negative.json", l3(E.replace(b'"rank": 0, "run_epoch": 1', b'"rank": -3, "run_epoch": 1')))
    put("trace", l3n + "-rank-fractional.json", l3(E.replace(b'"rank": 0, "run_epoch": 1', b'"rank": 0.5, "run_epoch": 1')))
    put("trace", l3n + "-rank-huge.json", l3(E.replace(b'"rank": 0, "run_epoch": 1', b'"rank": 1e30, "run_epoch": 1')))
    put("trace", l3n + "-rank-null.json", l3(E.replace(b'"rank": 0}', b'"rank": null}')))
    put("trace", l3n + "-run-epoch-zero.json", l3(E.replace(b'"run_epoch": 1', b'"run_epoch": 0')))
    put("trace", l3n + "-run-epoch-string.json", l3(E.replace(b'"run_epoch": 1', b'"run_epoch": "first"')))
    put("trace", l3n + "-run-epochs-two.json", l3(E.replace(b'"rank": 1, "run_epoch": 1', b'"rank": 1, "run_epoch": 2')))
    put("trace", l3n + "-metadata-not-object.json", l3(meta=b"[1, 2]"))
    put("trace", l3n + "-ranks-not-array.json", l3(meta=L3_META.replace(b'"ranks": [', b'"ranks": "all", "x": [')))
    put("trace", l3n + "-uncertainty-string.json", l3(meta=L3_META.replace(b"3000", b'"3000"')))
    put("trace", l3n + "-layout-unknown.json", l3(meta=L3_META.replace(b"multi_rank", b"multi_rank_v9")))
    put("trace", l3n + "-metadata-malformed.json", l3(meta=b'{"layout": containment}'))
    put("trace", l3n + "-metadata-first-truncated.json", (b'{"metadata": ' + L3_META + b', "traceEvents": [' + E)[:120])

    D = DEPS
    truncations("deps", "deps", ".json", D)
    put("deps", "deps-empty.json", b"")
    put("deps", "deps-binary-garbage.json", bytes(random.randrange(256) for _ in range(1024)))
    put("deps", "deps-utf8-bom.json", b"\xef\xbb\xbf" + D)
    put("deps", "deps-crlf.json", D.replace(b", ", b",\r\n"))
    put("deps", "deps-top-level-array.json", b"[[0, 1], [1, 2]]")
    put("deps", "deps-v1-ids-beyond-2p64.json", b'{"version": 1, "edges": [[0, 18446744073709551616], [0, 1]]}')
    put("deps", "deps-v1-ids-2p63.json", b'{"version": 1, "edges": [[9223372036854775808, 9223372036854775809]]}')
    put("deps", "deps-v1-negative-ids.json", b'{"version": 1, "edges": [[-1, 2], [0, 1]]}')
    put("deps", "deps-v1-pair-too-short.json", b'{"version": 1, "edges": [[0], [0, 1]]}')
    put("deps", "deps-v1-pair-too-long.json", b'{"version": 1, "edges": [[0, 1, 2, 3], [0, 1]]}')
    put("deps", "deps-v1-self-loop.json", b'{"version": 1, "edges": [[1, 1], [0, 1]]}')
    put("deps", "deps-v1-duplicate-edges.json", b'{"version": 1, "edges": [' + b"[0, 1], " * 1000 + b"[1, 2]]}")
    put("deps", "deps-v1-cycle.json", b'{"version": 1, "edges": [[0, 1], [1, 2], [2, 0]]}')
    put("deps", "deps-id-string-not-digits.json", D.replace(b'"task_id": "1"', b'"task_id": "one"'))
    put("deps", "deps-id-string-beyond-2p64.json", D.replace(b'"task_id": "1"', b'"task_id": "18446744073709551616"'))
    put("deps", "deps-id-string-empty.json", D.replace(b'"task_id": "1"', b'"task_id": ""'))
    put("deps", "deps-id-float.json", D.replace(b'"task_id": "1"', b'"task_id": 1.5'))
    put("deps", "deps-id-null.json", D.replace(b'"task_id": "1"', b'"task_id": null'))
    put("deps", "deps-task-id-missing.json", D.replace(b'"task_id": "1", ', b""))
    put("deps", "deps-duplicate-tasks.json", D.replace(b'"tensors"', b'"tasks": [{"task_id": "0"}], "tensors"'))
    put("deps", "deps-duplicate-task-rows.json", D.replace(b'{"task_id": "1"', b'{"task_id": "0", "kernel_ids": [9]}, {"task_id": "1"'))
    put("deps", "deps-edge-unknown-task.json", D.replace(b'"succ": "1"', b'"succ": "12345"'))
    put("deps", "deps-edge-pred-missing.json", D.replace(b'"pred": "0", ', b""))
    put("deps", "deps-edge-not-object.json", D.replace(b'"edges": [{', b'"edges": [5, {'))
    put("deps", "deps-edges-not-array.json", D.replace(b'"edges": [{"pred": "0", "succ": "1", "source": "tensormap"}]', b'"edges": {}'))
    put("deps", "deps-kernel-ids-huge.json", D.replace(b'"kernel_ids": [3]', b'"kernel_ids": [18446744073709551616]'))
    put("deps", "deps-kernel-ids-string.json", D.replace(b'"kernel_ids": [3]', b'"kernel_ids": "3"'))
    put("deps", "deps-kernel-ids-10000.json", D.replace(b'"kernel_ids": [3]', b'"kernel_ids": [' + b"3, " * 9999 + b"3]"))
    put("deps", "deps-block-num-negative.json", D.replace(b'"block_num": 2', b'"block_num": -2'))
    put("deps", "deps-block-num-huge.json", D.replace(b'"block_num": 2', b'"block_num": 4294967296000'))
    put("deps", "deps-nesting-10000-in-args.json", D.replace(b'"scope": "auto"', b'"scope": "auto", "args": ' + deep(10000)))
    put("deps", "deps-nesting-10000-unclosed.json", b'{"tasks": ' + b"[" * 10000)
    put("deps", "deps-trailing-garbage.json", D + b"]]]")
    put("deps", "deps-version-99.json", b'{"version": 99, "edges": [[0, 1]]}')

    N = NAMEMAP
    truncations("namemap", "name_map", ".json", N)
    put("namemap", "name_map-empty.json", b"")
    put("namemap", "name_map-binary-garbage.json", bytes(random.randrange(256) for _ in range(512)))
    put("namemap", "name_map-utf8-bom.json", b"\xef\xbb\xbf" + N)
    put("namemap", "name_map-crlf.json", N.replace(b", ", b",\r\n"))
    put("namemap", "name_map-level-3.json", N.replace(b'"level": 2', b'"level": 3'))
    put("namemap", "name_map-level-string.json", N.replace(b'"level": 2', b'"level": "2"'))
    put("namemap", "name_map-key-beyond-2p64.json", N.replace(b'"1": "SF"', b'"18446744073709551616": "SF"'))
    put("namemap", "name_map-key-negative.json", N.replace(b'"1": "SF"', b'"-1": "SF"'))
    put("namemap", "name_map-key-empty.json", N.replace(b'"1": "SF"', b'"": "SF"'))
    put("namemap", "name_map-value-not-string.json", N.replace(b'"1": "SF"', b'"1": {"n": [1]}'))
    put("namemap", "name_map-duplicate-keys.json", N.replace(b'"1": "SF"', b'"1": "SF", "1": "SF2"'))
    put("namemap", "name_map-names-not-object.json", N.replace(b'{"0": "QK", "1": "SF"}', b'["QK", "SF"]'))
    put("namemap", "name_map-name-10000-chars.json", N.replace(b'"QK"', b'"' + b"Q" * 10000 + b'"'))
    put("namemap", "name_map-nesting-10000.json", N.replace(b'"level": 2', b'"level": 2, "x": ' + deep(10000)))
    put("namemap", "name_map-top-level-array.json", b'["QK", "SF"]')

    sc = "scope_stats"
    put("scopestats", sc + "-empty.jsonl", b"")
    put("scopestats", sc + "-blank-lines-only.jsonl", b"\n\n\n")
    put("scopestats", sc + "-metadata-only.jsonl", SCOPE_META + b"\n")
    put("scopestats", sc + "-crlf.jsonl", SCOPE.replace(b"\n", b"\r\n"))
    put("scopestats", sc + "-utf8-bom.jsonl", b"\xef\xbb\xbf" + SCOPE)
    put("scopestats", sc + "-binary-garbage.jsonl", bytes(random.randrange(256) for _ in range(1024)))
    put("scopestats", sc + "-last-line-truncated.jsonl", SCOPE_META + b"\n" + SCOPE_BEGIN + b"\n" + SCOPE_END[:40])
    for cut in (1, 20, 60, len(SCOPE_META) - 1):
        put("scopestats", sc + "-metadata-truncated-at-%04d.jsonl" % cut, SCOPE_META[:cut])
    put("scopestats", sc + "-garbage-line-middle.jsonl", SCOPE_META + b"\n" + b"\x00\x01 not json\n" + SCOPE_BEGIN + b"\n" + SCOPE_END + b"\n")
    put("scopestats", sc + "-ring-7.jsonl", SCOPE.replace(b'"ring": 0', b'"ring": 7'))
    put("scopestats", sc + "-ring-negative.jsonl", SCOPE.replace(b'"ring": 0', b'"ring": -1'))
    put("scopestats", sc + "-ring-beyond-2p64.jsonl", SCOPE.replace(b'"ring": 0', b'"ring": 18446744073709551616'))
    put("scopestats", sc + "-phase-missing.jsonl", SCOPE.replace(b'"phase": "begin", ', b""))
    put("scopestats", sc + "-phase-unknown.jsonl", SCOPE.replace(b'"phase": "begin"', b'"phase": "middle"'))
    put("scopestats", sc + "-end-without-begin.jsonl", SCOPE_META + b"\n" + SCOPE_END + b"\n")
    put("scopestats", sc + "-version-99.jsonl", SCOPE.replace(b'"version": 6', b'"version": 99'))
    put("scopestats", sc + "-fatal-dropped.jsonl", SCOPE.replace(b'"fatal": false, "dropped": 0', b'"fatal": true, "dropped": 5'))
    put("scopestats", sc + "-total-mismatch.jsonl", SCOPE.replace(b'"total": 2', b'"total": 9'))
    put("scopestats", sc + "-values-nan-literal.jsonl", SCOPE.replace(b'"heap_start": 0', b'"heap_start": NaN'))
    put("scopestats", sc + "-values-negative.jsonl", SCOPE.replace(b'"heap_end": 0', b'"heap_end": -5'))
    put("scopestats", sc + "-values-beyond-2p64.jsonl", SCOPE.replace(b'"heap_end": 0', b'"heap_end": 18446744073709551616'))
    put("scopestats", sc + "-values-string.jsonl", SCOPE.replace(b'"tensormap": 0', b'"tensormap": "zero"'))
    put("scopestats", sc + "-depth-huge.jsonl", SCOPE.replace(b'"depth": 0', b'"depth": 99999999999'))
    put("scopestats", sc + "-site-10000-chars.jsonl", SCOPE.replace(b'"a.py:1"', b'"' + b"s" * 10000 + b'"'))
    put("scopestats", sc + "-nesting-10000-in-sample.jsonl", SCOPE.replace(b'"tensormap": 0}', b'"tensormap": 0, "x": ' + deep(10000) + b"}"))
    put("scopestats", sc + "-first-line-not-json.jsonl", b"hello world\n" + SCOPE_BEGIN + b"\n")
    put("scopestats", sc + "-first-line-array.jsonl", b"[1, 2, 3]\n" + SCOPE_BEGIN + b"\n")
    put("scopestats", sc + "-samples-only.jsonl", SCOPE_BEGIN + b"\n" + SCOPE_END + b"\n")
    put("scopestats", sc + "-duplicate-samples.jsonl", SCOPE + SCOPE_BEGIN + b"\n" + SCOPE_BEGIN + b"\n")
    put("scopestats", sc + "-line-256kib-no-newline.jsonl", SCOPE_META + b"\n" + b'{"site": "' + b"x" * (256 << 10))
    v7 = sc + "-v7"
    put("scopestats", v7 + "-valid.jsonl", SCOPE7)
    put("scopestats", v7 + "-background-valid.jsonl", SCOPE7B)
    put("scopestats", v7 + "-last-line-truncated.jsonl", SCOPE7_META + b"\n" + SCOPE7_BEGIN + b"\n" + SCOPE7_END[:-30])
    put("scopestats", v7 + "-metadata-truncated.jsonl", SCOPE7_BG[: len(SCOPE7_BG) // 2])
    put("scopestats", v7 + "-buf-seq-string.jsonl", SCOPE7.replace(b'"buf_seq": 1', b'"buf_seq": "1"'))
    put("scopestats", v7 + "-buf-seq-float.jsonl", SCOPE7.replace(b'"buf_seq": 1', b'"buf_seq": 1.5'))
    put("scopestats", v7 + "-buf-seq-negative.jsonl", SCOPE7.replace(b'"buf_seq": 1', b'"buf_seq": -1'))
    put("scopestats", v7 + "-buf-seq-beyond-2p64.jsonl", SCOPE7.replace(b'"buf_seq": 1', b'"buf_seq": 18446744073709551616'))
    put("scopestats", v7 + "-buf-seq-gap.jsonl", SCOPE7.replace(b'"buf_seq": 1', b'"buf_seq": 5'))
    put("scopestats", v7 + "-buf-seq-gap-max-u64.jsonl", SCOPE7.replace(b'"buf_seq": 1', b'"buf_seq": 18446744073709551615'))
    put("scopestats", v7 + "-buf-seq-descending.jsonl",
        SCOPE7.replace(b'"buf_seq": 0', b'"buf_seq": 2'))
    put("scopestats", v7 + "-run-epoch-negative.jsonl", SCOPE7.replace(b'"run_epoch": 1', b'"run_epoch": -1'))
    put("scopestats", v7 + "-run-epoch-2p32.jsonl", SCOPE7.replace(b'"run_epoch": 1', b'"run_epoch": 4294967296'))
    put("scopestats", v7 + "-run-epoch-beyond-2p64.jsonl", SCOPE7.replace(b'"run_epoch": 1', b'"run_epoch": 18446744073709551616'))
    put("scopestats", v7 + "-run-epoch-string.jsonl", SCOPE7.replace(b'"run_epoch": 1', b'"run_epoch": "1"'))
    put("scopestats", v7 + "-run-epochs-differ.jsonl", SCOPE7.replace(b'"run_epoch": 1, "buf_seq": 1', b'"run_epoch": 2, "buf_seq": 1'))
    put("scopestats", v7 + "-verdict-not-string.jsonl", SCOPE7B.replace(b'"collection_verdict": "published"', b'"collection_verdict": ["published"]'))
    put("scopestats", v7 + "-verdict-unknown.jsonl", SCOPE7B.replace(b'"published"', b'"quarantined"'))
    put("scopestats", v7 + "-verdict-partial-safe.jsonl", SCOPE7B.replace(b'"published"', b'"partial_safe"'))
    put("scopestats", v7 + "-verdict-10000-chars.jsonl", SCOPE7B.replace(b'"published"', b'"' + b"v" * 10000 + b'"'))
    put("scopestats", v7 + "-counts-unknown-string.jsonl", SCOPE7B.replace(b'"counts_unknown": false', b'"counts_unknown": "no"'))
    put("scopestats", v7 + "-host-records-negative.jsonl", SCOPE7B.replace(b'"host_received_records": 2', b'"host_received_records": -2'))
    put("scopestats", v7 + "-retained-mismatch.jsonl", SCOPE7B.replace(b'"host_retained_records": 2', b'"host_retained_records": 9'))
    put("scopestats", v7 + "-dropped.jsonl", SCOPE7.replace(b'"dropped": 0, "total": 2', b'"dropped": 3, "total": 5'))
    many = SCOPE7_META.replace(b'"total": 2', b'"total": 400') + b"\n"
    for run in range(200):
        for seq in (0, 2):
            many += (SCOPE7_BEGIN if seq == 0 else SCOPE7_END).replace(b'"run_epoch": 1', b'"run_epoch": %d' % run) \
                .replace(b'"buf_seq": 0}', b'"buf_seq": %d}' % seq).replace(b'"buf_seq": 1}', b'"buf_seq": %d}' % seq) + b"\n"
    put("scopestats", v7 + "-200-runs-with-gaps.jsonl", many)

    S = STRACE
    put("hostlog", "empty.log", b"")
    put("hostlog", "no-strace-records.log", b"[mono_ns=1000][T0x7f01][INFO] main: starting run\n" * 10)
    put("hostlog", "crlf.log", S.replace(b"\n", b"\r\n"))
    put("hostlog", "utf8-bom.log", b"\xef\xbb\xbf" + S)
    put("hostlog", "binary-garbage-then-strace.log", bytes(random.randrange(256) for _ in range(1024)) + b"\n" + S)
    put("hostlog", "nul-bytes-inside-record.log", S.replace(b"name=chip.run ", b"name=chip\0run "))
    put("hostlog", "truncated-mid-record.log", S[: len(S) - 20])
    put("hostlog", "head-only.log", b"[STRACE] v=\n")
    put("hostlog", "torn-interleaved.log", S[:60] + S + S[60:])
    put("hostlog", "two-records-one-line.log", S.replace(b"\n", b" ", 1))
    put("hostlog", "ts-negative.log", S.replace(b"ts=1000", b"ts=-1000"))
    put("hostlog", "ts-beyond-2p64.log", S.replace(b"ts=1000", b"ts=18446744073709551616"))
    put("hostlog", "dur-max-u64.log", S.replace(b"dur=1500", b"dur=18446744073709551615"))
    put("hostlog", "dur-nan.log", S.replace(b"dur=1500", b"dur=NaN"))
    put("hostlog", "dur-missing.log", S.replace(b" dur=1500", b""))
    put("hostlog", "field-repeated.log", S.replace(b"ts=1000", b"ts=1000 ts=2000"))
    put("hostlog", "depth-huge.log", S.replace(b"depth=1", b"depth=99999999999999"))
    put("hostlog", "percent-bad-escape.log", S.replace(b"name=chip.run ", b"name=chip%zz%4 "))
    put("hostlog", "name-10000-chars.log", S.replace(b"name=chip.run ", b"name=" + b"n" * 10000 + b" "))
    put("hostlog", "line-256kib-no-newline.log", b"[STRACE] v=1 pid=1 tid=1 name=" + b"x" * (256 << 10))
    put("hostlog", "version-99.log", S.replace(b"v=1", b"v=99"))
    put("hostlog", "end-before-start-dur-negative.log", S.replace(b"dur=1500", b"dur=-1500"))
    put("hostlog", "duplicate-records.log", S + S)

    zs = "zstd"
    put(zs, rec + "-zstd-bomb-8gib.json.zst", bomb(b'{"chip_swimlane_level": 3, "aicore_tasks": [', 8 << 30))
    put(zs, rec + "-zstd-bomb-1gib.json.zst", bomb(b'{"chip_swimlane_level": 3, "aicore_tasks": [', 1 << 30))
    put(zs, rec + "-zstd-magic-only.json.zst", b"\x28\xb5\x2f\xfd")
    put(zs, rec + "-zstd-magic-then-garbage.json.zst", b"\x28\xb5\x2f\xfd" + bytes(random.randrange(256) for _ in range(256)))
    good = zstd(R)
    put(zs, rec + "-zstd-valid.json.zst", good)
    put(zs, rec + "-zstd-two-frames.json.zst", zstd(R[:100]) + zstd(R[100:]))
    put(zs, rec + "-zstd-then-plain-bytes.json.zst", good + b"trailing plain bytes")
    for cut in (5, len(good) // 2, len(good) - 1):
        put(zs, rec + "-zstd-truncated-at-%04d.json.zst" % cut, good[:cut])
    flipped = bytearray(good)
    flipped[len(flipped) // 2] ^= 0xFF
    put(zs, rec + "-zstd-corrupt-byte.json.zst", bytes(flipped))
    put(zs, rec + "-zstd-skippable-frame-only.json.zst", b"\x50\x2a\x4d\x18" + struct.pack("<I", 8) + b"12345678")
    put(zs, rec + "-zstd-truncated-payload.json.zst", zstd(R[: len(R) // 2]))

    # Last, so that its random bytes leave every file above as it was.
    S = SIDECAR
    di = "dispatch_identity"
    truncations("dispatchidentity", di, ".json", S)
    put("dispatchidentity", di + "-empty.json", b"")
    put("dispatchidentity", di + "-binary-garbage.json", bytes(random.randrange(256) for _ in range(256)))
    put("dispatchidentity", di + "-utf8-bom.json", b"\xef\xbb\xbf" + S)
    put("dispatchidentity", di + "-crlf.json", S.replace(b", ", b",\r\n"))
    put("dispatchidentity", di + "-top-level-array.json", b"[4242]")
    put("dispatchidentity", di + "-trailing-garbage.json", S + b"}}")
    put("dispatchidentity", di + "-nesting-10000.json", S.replace(b'"schema_version": 1', b'"x": ' + deep(10000)))
    put("dispatchidentity", di + "-duplicate-keys.json", S.replace(b'"host_pid": 4242', b'"host_pid": 1, "host_pid": 4242'))
    put("dispatchidentity", di + "-pid-string-not-digits.json", S.replace(b'4242', b'"runner"'))
    put("dispatchidentity", di + "-pid-negative.json", S.replace(b'4242', b'-1'))
    put("dispatchidentity", di + "-pid-beyond-2p64.json", S.replace(b'4242', b'18446744073709551616'))
    put("dispatchidentity", di + "-pid-fractional.json", S.replace(b'4242', b'4242.5'))
    put("dispatchidentity", di + "-pid-bool.json", S.replace(b'4242', b'true'))
    put("dispatchidentity", di + "-identity-field-missing.json", S.replace(b', "pipeline_generation": 1', b""))
    put("dispatchidentity", di + "-identity-field-object.json", S.replace(b'"pipeline_slot": 0', b'"pipeline_slot": {"x": 0}'))

    # The compiler's report/perf_hints.log (perf-hints spec A.2): line-oriented, so damage costs a
    # record or becomes a note, never the log. No random bytes, so the files above stay as they were.
    H = (b"[perf_hint PH001] TileInnermostDimGranularity: tile.load has innermost dim = 64B (tile fp32[16], "
         b"target_memory=Mat); moves 1024B as 16 x 64B rows; recommended >= 512B for backend a2a3 (L2 cache "
         b"line = 512B). Consider increasing tile shape on the innermost axis. at k.py:70:5\n")
    ph = "perfhints"
    put(ph, "empty.log", b"")
    put(ph, "valid.log", H)
    put(ph, "duplicate-records.log", H + H)
    put(ph, "crlf.log", H.replace(b"\n", b"\r\n"))
    put(ph, "truncated-mid-record.log", H[: len(H) // 2])
    put(ph, "no-closing-bracket.log", H.replace(b"PH001]", b"PH001"))
    put(ph, "header-only.log", b"[perf_hint")
    put(ph, "nul-bytes-inside-record.log", H.replace(b"tile.load", b"tile\0load"))
    put(ph, "invalid-utf8.log", H.replace(b"k.py", b"k\xff\xfe.py"))
    put(ph, "line-number-beyond-int.log", H.replace(b":70:5", b":99999999999:5"))
    put(ph, "bytes-beyond-int64.log", H.replace(b"1024B", b"99999999999999999999B"))
    put(ph, "foreign-text-only.log", b"2026-08-20 10:00:00.000 I | [perf_hint] 4 hints across 4 sites\n")
    put(ph, "record-256kib-no-newline.log", b"[perf_hint PH001] R: " + b"x" * (256 << 10))
    put(ph, "brackets-10000.log", b"[" * 10000)

    shutil.rmtree(os.path.join(ROOT, "records"), ignore_errors=True)
    for sub in ("records", "trace", "deps", "dispatchidentity", "namemap", "scopestats", "hostlog", "zstd",
                "retained", "windows", "perfhints"):
        shutil.rmtree(os.path.join(ROOT, sub), ignore_errors=True)
        os.makedirs(os.path.join(ROOT, sub))
    for (sub, name), data in sorted(files.items()):
        os.makedirs(os.path.dirname(os.path.join(ROOT, sub, name)), exist_ok=True)
        with open(os.path.join(ROOT, sub, name), "wb") as f:
            f.write(data)
    print("%d files" % len(files), file=sys.stderr)


def bomb(head, size):
    """A hand-built zstd frame: `head` as a raw block, then RLE blocks of spaces up to `size` bytes.
    Each 128 KiB RLE block costs 4 bytes, the densest expansion the format allows."""
    out = bytearray(b"\x28\xb5\x2f\xfd")
    out += bytes([0x00, (17 - 10) << 3])   # no content size, no checksum; window 128 KiB
    out += struct.pack("<I", (len(head) << 3) | (0 << 1))[:3] + head   # raw block
    block = 128 << 10
    count = (size - len(head)) // block
    for i in range(count):
        last = 1 if i == count - 1 else 0
        out += struct.pack("<I", (block << 3) | (1 << 1) | last)[:3] + b" "
    return bytes(out)


def zstd(data):
    return subprocess.run(["zstd", "-q", "-c", "-19", "--no-check"], input=data, check=True,
                          stdout=subprocess.PIPE).stdout


if __name__ == "__main__":
    main()
