#!/usr/bin/env bash
# Throughput: the read floor (contents files read and split into columns, per CSV library) against the capture
# job's steady state, start-up and tail, and peak heap, on one simulated redo directory, in one run.
#   benchmarks/run-throughput.sh                                   # 200,000 transactions, hashmap p1 and p2
#   benchmarks/run-throughput.sh --dir /tmp/w --transactions 20000 --configs hashmap:2,rocksdb:2 --rounds 3
#   benchmarks/run-throughput.sh --baseline main --rounds 3        # also the job as built from git rev "main",
#                                                                  # interleaved with this tree's, run by run
# Other options: --seed 7 --threads 1 (simulation, when --dir has no redo/ yet), --floor-passes 3, --warm-ups 1
# (runs of the job in its JVM before the measured one, so that the JIT compilers are done; 0: a cold start),
# --job-jvm-options "-Xmx2g" (each job run is a JVM of its own; add -XX:StartFlightRecording=... to profile).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
args=()
baseline=""
while [[ $# -gt 0 ]]; do
  if [[ "$1" == "--baseline" ]]; then baseline="$2"; shift 2; else args+=("$1"); shift; fi
done
# package, not install: the benchmark runs from target/, and other checkouts sharing ~/.m2 keep their snapshots.
(cd "$root" && nice mvn -q -B -Pbenchmarks -pl benchmarks -am package -DskipTests) >&2
target="$root/benchmarks/target"
jar="$(ls "$target"/redo-cdc-benchmarks-*.jar | head -n 1)"
if [[ -n "$baseline" ]]; then
  # The baseline's modules, built from a copy of that revision (not a worktree), with this tree's benchmark
  # classes first on the classpath so that both run the same measuring code.
  repo="${BASELINE_REPO:-$root}" # the git checkout that knows the revision (when this tree is a plain copy)
  rev="$(git -C "$repo" rev-parse --short "$baseline")"
  base="${TMPDIR:-/tmp}/redo-cdc-baseline-$rev"
  if [[ ! -f "$base/cli/target/classpath.txt" ]]; then
    rm -rf "$base" && mkdir -p "$base"
    git -C "$repo" archive "$rev" | tar -x -C "$base"
    (cd "$base" && nice mvn -o -q -B -pl cli -am package -DskipTests) >&2
  fi
  args+=(--trees "$baseline@$rev=$jar:$(ls "$base"/cli/target/redo-cdc-cli-*.jar | head -n 1):$(cat "$base/cli/target/classpath.txt")")
fi
exec java ${BENCH_JAVA_OPTS:--Xmx1g} -cp "$jar:$(cat "$target/classpath.txt")" \
  io.redocdc.benchmarks.throughput.ThroughputBenchmark "${args[@]}"
