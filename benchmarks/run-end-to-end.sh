#!/usr/bin/env bash
# End-to-end benchmark: simulated redo directory -> ogg-json files, hashmap and RocksDB backends, plus one
# large transaction. Example: benchmarks/run-end-to-end.sh --transactions 20000 --large-transaction-rows 1000000
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
(cd "$root" && mvn -q -B -Pbenchmarks -DskipTests install) >&2
target="$root/benchmarks/target"
exec java ${BENCH_JAVA_OPTS:--Xmx4g} --add-opens=java.base/java.util=ALL-UNNAMED \
  -cp "$(ls "$target"/redo-cdc-benchmarks-*.jar | head -n 1):$(cat "$target/classpath.txt")" \
  io.redocdc.benchmarks.EndToEndBenchmark "$@"
