#!/usr/bin/env bash
# SQL_REDO parser benchmark: redo-cdc's SqlRedoParser against Debezium's LogMinerDmlParser on Debezium's own
# benchmark shapes, then shapes Debezium reads only relaxed or not at all. Arguments go to JMH, e.g.
#   benchmarks/run-parser.sh                      # everything, 1 fork, 3 x 1 s warmup, 5 x 1 s measurement
#   benchmarks/run-parser.sh 'DmlBenchmark' -p columnCount=50 -prof jfr
#   benchmarks/run-parser.sh --cpu-race 1,2,5      # not JMH: interleaved rounds in CPU time (ParserCpuRace)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# package, not install: the benchmark runs from target/, and other checkouts sharing ~/.m2 keep their snapshots.
(cd "$root" && mvn -q -B -Pbenchmarks -pl benchmarks -am package -DskipTests) >&2
target="$root/benchmarks/target"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(java -version 2>&1 | head -n 1)"
echo "load before: $(uptime)"
# From target/ so that profiler output (-prof jfr writes a directory per benchmark) stays out of the tree.
main=(io.redocdc.benchmarks.parser.ParserBenchmarkMain)
if [[ "${1:-}" == "--cpu-race" ]]; then
  main=(-Xms1g -Xmx1g io.redocdc.benchmarks.parser.ParserCpuRace) # runs in this JVM, not a JMH fork
  shift
fi
(cd "$target" && java -cp "$(ls "$target"/redo-cdc-benchmarks-*.jar | head -n 1):$(cat "$target/classpath.txt")" \
  "${main[@]}" "$@")
echo "load after: $(uptime)"
