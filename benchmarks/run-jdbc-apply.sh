#!/usr/bin/env bash
# JDBC apply benchmark: rows/s applied to PostgreSQL by the JDBC apply sink versus the naive replay (one
# autocommitted statement per change), same simulated workload, one run. Needs a throw-away PostgreSQL database
# (schema OE is dropped): REDO_CDC_TEST_PG_URL/USER/PASSWORD, e.g. from eval "$(.ci/postgres.sh start)", or
# --jdbc-url URL --user U --password-env VARIABLE.
# Example: benchmarks/run-jdbc-apply.sh --transactions 20000 --threads 2 --parallelism 2
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
(cd "$root" && mvn -q -B -Pbenchmarks -DskipTests install) >&2
target="$root/benchmarks/target"
exec java ${BENCH_JAVA_OPTS:--Xmx4g} --add-opens=java.base/java.util=ALL-UNNAMED \
  -cp "$(ls "$target"/redo-cdc-benchmarks-*.jar | head -n 1):$(cat "$target/classpath.txt")" \
  io.redocdc.benchmarks.JdbcApplyBenchmark "$@"
