#!/usr/bin/env bash
# One large transaction: time, peak heap and checkpoints completed during its emission (RocksDB, 1 GiB heap).
# Example: benchmarks/run-large-transaction.sh --rows 10000000 --backends rocksdb
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
(cd "$root" && mvn -q -B -Pbenchmarks -DskipTests install) >&2
target="$root/benchmarks/target"
exec java ${BENCH_JAVA_OPTS:--Xmx1g} --add-opens=java.base/java.util=ALL-UNNAMED \
  -cp "$(ls "$target"/redo-cdc-benchmarks-*.jar | head -n 1):$(cat "$target/classpath.txt")" \
  io.redocdc.benchmarks.LargeTransactionBenchmark "$@"
