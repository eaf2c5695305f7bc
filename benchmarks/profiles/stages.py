#!/usr/bin/env python3
"""Cost per stage from a JFR recording's execution samples.

Usage: jfr print --json --stack-depth 64 --events jdk.ExecutionSample REC.jfr > samples.json
       python3 benchmarks/profiles/stages.py samples.json [--tasks-only]

--tasks-only counts only the job's task threads (source, assembler, sequencer + sink), not the client's main
thread (which reads the output back for its summary after the job) nor Flink's other threads.

Each sample goes to the stage of the innermost frame (leaf first) that names one (STAGES, first match wins per
frame); samples with no such frame go to "other (<thread group>)". Prints samples per thread group, per stage, and
the top self-time methods of each stage.
"""
import collections
import json
import re
import sys

STAGES = [
    ("XID to hex text (Xid.toRaw, per row in the assembler)", r"^io\.redocdc\.source\.model\.Xid\.(toRaw|appendLittleEndian)"),
    ("read + CSV decode (UTF-8, commons-csv)", r"^(org\.apache\.commons\.csv\.|sun\.nio\.cs\.UTF_8|sun\.nio\.cs\.StreamDecoder|java\.io\.(BufferedReader|InputStreamReader|FileInputStream)|org\.apache\.commons\.io\.input|io\.redocdc\.source\.files\.CsvRows|de\.siegmar\.fastcsv)"),
    ("CSV row -> RedoRecord", r"^io\.redocdc\.source\.(files\.(ContentsRowParser|CsvValues|ContentsCsvReader)|model\.(Xid|RedoRecord)|catalog\.ContinuedStatements)|^java\.time\.format"),
    ("table filter", r"^io\.redocdc\.operators\.txn\.(TableFilter|CaptureFilter)"),
    ("SQL_REDO parse", r"^io\.redocdc\.operators\.parser\."),
    ("checkpoint (state snapshot, write)", r"^org\.apache\.flink\.runtime\.(state\.filesystem|checkpoint)|SnapshotStrategy|snapshot"),
    ("keyed state (heap, timers)", r"^org\.apache\.flink\.runtime\.state\.|^org\.apache\.flink\.streaming\.api\.operators\.(InternalTimerServiceImpl|HeapInternalTimerService)|^org\.rocksdb"),
    ("serialization between operators (Flink serializers, network)", r"^org\.apache\.flink\.(api\.common\.typeutils|api\.java\.typeutils|types\.StringValue|runtime\.io\.network|runtime\.io\.disk|streaming\.runtime\.io|runtime\.plugable|core\.memory)|^io\.redocdc\.operators\.lcr\..*Serializer"),
    ("encode (ogg-json, Jackson)", r"^com\.fasterxml\.jackson|^org\.apache\.flink\.shaded\.jackson|^io\.redocdc\.sinks\.files\.(encode|OggJson|.*Encoder)"),
    ("write (files)", r"^java\.io\.FileOutputStream|^sun\.nio\.ch\.FileChannelImpl|^org\.apache\.flink\.(core\.fs|connector\.file)"),
    ("sequencer", r"^io\.redocdc\.operators\.(order|sequence|.*CommitSequencer)"),
    ("assembler (own code)", r"^io\.redocdc\.operators\.txn\."),
    ("source reader (own code)", r"^io\.redocdc\.source\."),
    ("sink (own code)", r"^io\.redocdc\.sinks\."),
]
COMPILED = [(name, re.compile(rx)) for name, rx in STAGES]


def frame_name(frame):
    method = frame["method"]
    return method["type"]["name"].replace("/", ".") + "." + method["name"]


def thread_group(name):
    name = name or "?"
    for prefix, group in (("Source:", "source task"), ("transaction-assembler", "assembler tasks"),
                          ("commit-sequencer", "sequencer + file sink task"), ("main", "main (client)")):
        if name.startswith(prefix):
            return group
    return "other threads"


TASKS = ("source task", "assembler tasks", "sequencer + file sink task")


def main(path, tasks_only):
    events = json.load(open(path))["recording"]["events"]
    by_group = collections.Counter()
    by_stage = collections.Counter()
    by_stage_group = collections.Counter()
    top = collections.defaultdict(collections.Counter)
    for event in events:
        values = event["values"]
        thread = values["sampledThread"]
        group = thread_group(thread.get("javaName") or thread.get("osName"))
        if tasks_only and group not in TASKS:
            continue
        frames = [frame_name(f) for f in (values["stackTrace"] or {}).get("frames", [])]
        stage = None
        for frame in frames:
            for name, rx in COMPILED:
                if rx.search(frame):
                    stage = name
                    break
            if stage:
                break
        stage = stage or "other (" + group + ")"
        by_group[group] += 1
        by_stage[stage] += 1
        by_stage_group[(stage, group)] += 1
        if frames:
            top[stage][frames[0]] += 1
    total = sum(by_group.values())
    print(f"{total} execution samples")
    print("\n| thread group | samples | share |\n| --- | ---: | ---: |")
    for group, n in by_group.most_common():
        print(f"| {group} | {n} | {100.0 * n / total:.1f} % |")
    print("\n| stage | samples | share | on threads |\n| --- | ---: | ---: | --- |")
    for stage, n in by_stage.most_common():
        groups = ", ".join(f"{g} {c}" for (s, g), c in by_stage_group.most_common() if s == stage)
        print(f"| {stage} | {n} | {100.0 * n / total:.1f} % | {groups} |")
    print("\nTop self-time frames per stage:")
    for stage, n in by_stage.most_common():
        print(f"  {stage}:")
        for frame, c in top[stage].most_common(6):
            print(f"    {c:5d} {frame}")


if __name__ == "__main__":
    main(sys.argv[1], "--tasks-only" in sys.argv[2:])
