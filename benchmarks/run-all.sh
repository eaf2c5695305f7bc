#!/usr/bin/env bash
# Every throughput figure in one run, one report: the read and stage floors against the capture job's steady state
# (hashmap and RocksDB, parallelism 1 and 2, on the same files), one large transaction (time, peak heap,
# checkpoints during its emission) and the JDBC apply table (PostgreSQL, durable).
#   benchmarks/run-all.sh                               # 200,000 transactions, a 10^7-row transaction (about an hour)
#   benchmarks/run-all.sh --dir /tmp/all --transactions 20000 --large-rows 100000 --jdbc-transactions 5000
# Other options: --configs hashmap:1,... (throughput), --baseline REV (throughput only, run beside this tree),
# --no-jdbc. The JDBC part uses REDO_CDC_TEST_PG_URL/USER/PASSWORD when set (a throw-away database: schema OE is
# dropped), else starts a throw-away durable PostgreSQL with .ci/postgres.sh and stops it afterwards.
# The report is DIR/report.txt (each part's summary); each part's full output is beside it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir=target/benchmark-all transactions=200000 large_rows=10000000 jdbc_transactions=20000
configs=hashmap:1,hashmap:2,rocksdb:1,rocksdb:2 baseline=() jdbc=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --dir) dir="$2"; shift 2 ;;
    --transactions) transactions="$2"; shift 2 ;;
    --large-rows) large_rows="$2"; shift 2 ;;
    --jdbc-transactions) jdbc_transactions="$2"; shift 2 ;;
    --configs) configs="$2"; shift 2 ;;
    --baseline) baseline=(--baseline "$2"); shift 2 ;;
    --no-jdbc) jdbc=0; shift ;;
    *) echo "run-all.sh: unknown option $1 (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
report="$dir/report.txt"
{
  echo "redo-cdc benchmarks, $(date -u +%Y-%m-%dT%H:%M:%SZ), $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "no git")"
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"\
       "$(free -g | awk '/Mem:/ {print $2}') GiB, $(java -version 2>&1 | head -n 1), load $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$report"
part() { echo; echo "== $1"; } >> "$report"

echo "run-all: throughput ($configs) -> $dir/throughput.txt" >&2
"$root/benchmarks/run-throughput.sh" --dir "$dir/workload" --transactions "$transactions" --configs "$configs" \
  --rounds 1 "${baseline[@]}" > "$dir/throughput.txt"
part "throughput: read and stage floors against the job (steady state, start-up excluded)"
sed -n '/^SUMMARY/,$p' "$dir/throughput.txt" >> "$report"

echo "run-all: one transaction of $large_rows rows -> $dir/large-transaction.txt" >&2
"$root/benchmarks/run-large-transaction.sh" --rows "$large_rows" --backends rocksdb --dir "$dir/large" \
  > "$dir/large-transaction.txt"
part "one large transaction (RocksDB, 1 GiB heap, checkpoints every second)"
grep -E '^(machine|RESULT)' "$dir/large-transaction.txt" >> "$report"

if [[ "$jdbc" == 1 ]]; then
  stop=""
  if [[ -z "${REDO_CDC_TEST_PG_URL:-}" ]]; then
    started="$(REDO_CDC_PG_DURABLE=1 "$root/.ci/postgres.sh" start)"
    eval "$started"
    stop="$(sed -n 's/^# stop with: .* stop //p' <<< "$started")"
  fi
  echo "run-all: JDBC apply ($jdbc_transactions transactions) -> $dir/jdbc-apply.txt" >&2
  status=0
  "$root/benchmarks/run-jdbc-apply.sh" --transactions "$jdbc_transactions" > "$dir/jdbc-apply.txt" || status=$?
  [[ -n "$stop" ]] && "$root/.ci/postgres.sh" stop "$stop" >&2
  part "JDBC apply to PostgreSQL ($([[ -n "$stop" ]] && echo "throw-away server, durable" || echo "$REDO_CDC_TEST_PG_URL"))"
  grep -E 'RESULT|WRONG' "$dir/jdbc-apply.txt" >> "$report"
  [[ "$status" == 0 ]] || { cat "$report"; echo "run-all: the JDBC apply benchmark failed (status $status)" >&2; exit "$status"; }
fi
cat "$report"
