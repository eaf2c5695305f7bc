#!/usr/bin/env bash
# A throw-away PostgreSQL server for the JDBC sink tests, bound to 127.0.0.1 only.
#
# Sourced by .ci/run: start_test_postgres installs PostgreSQL from the distribution's packages when it is
# missing (needs root), creates a cluster in a temp directory on a free port, creates role and database
# "redocdc" and exports REDO_CDC_TEST_PG_URL/USER/PASSWORD; stop_test_postgres stops it and deletes the
# directory. Run directly for local development: `.ci/postgres.sh start` prints the export lines and the stop
# command, and the server keeps running until `.ci/postgres.sh stop DIR`.

pg_log() { echo "[postgres] $*" >&2; }

# The newest installed server's bin directory (Debian keeps initdb/pg_ctl off the PATH).
pg_bin_dir() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [[ -n "$dir" && -x "$dir/initdb" ]]; then echo "$dir"; return 0; fi
    if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return 0; fi
    return 1
}

install_postgres_if_missing() {
    pg_bin_dir >/dev/null && return 0
    if [[ $(id -u) -ne 0 ]]; then
        pg_log "PostgreSQL is not installed and this is not root: install the 'postgresql' package first"
        return 1
    fi
    local log
    log=$(mktemp)
    pg_log "installing PostgreSQL (apt-get install postgresql)"
    # No "main" cluster: the tests get their own cluster below, and an unused server would hold port 5432.
    mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/redo-cdc-no-main.conf
    if ! { DEBIAN_FRONTEND=noninteractive apt-get -q update \
            && DEBIAN_FRONTEND=noninteractive apt-get -q install -y --no-install-recommends postgresql; } \
            >"$log" 2>&1; then
        cat "$log" >&2
        pg_log "apt-get install postgresql failed (output above)"
        rm -f "$log"
        return 1
    fi
    rm -f "$log"
}

# A TCP port on 127.0.0.1 that nothing listens on, from 5432 upwards.
free_local_port() {
    local port
    for port in $(seq 5432 5532); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return 0; fi
    done
    pg_log "no free port in 5432..5532 on 127.0.0.1"
    return 1
}

# Runs a command as the cluster's owner: "postgres" when we are root (initdb refuses root), else ourselves.
as_pg_owner() {
    if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_test_postgres() {
    if [[ -n "${REDO_CDC_TEST_PG_URL:-}" ]]; then
        pg_log "REDO_CDC_TEST_PG_URL is set ($REDO_CDC_TEST_PG_URL): using that server"
        return 0
    fi
    install_postgres_if_missing || return 1
    local bin port dir password
    bin=$(pg_bin_dir)
    port=$(free_local_port) || return 1
    dir=$(mktemp -d /tmp/redo-cdc-pg.XXXXXX)
    [[ $(id -u) -eq 0 ]] && chown postgres: "$dir"
    password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
    REDO_CDC_PG_DIR=$dir
    export REDO_CDC_PG_DIR

    # Local (socket) connections are trusted: the socket lives in the private 0700 data directory.
    as_pg_owner "$bin/initdb" -D "$dir/data" -U postgres -E UTF8 --locale=C.UTF-8 \
        --auth-local=trust --auth-host=scram-sha-256 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; pg_log "initdb failed"; return 1; }
    # A throw-away test server need not survive a crash; REDO_CDC_PG_DURABLE=1 keeps PostgreSQL's durable
    # defaults (for benchmarks that should pay for real commits).
    local durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    [[ "${REDO_CDC_PG_DURABLE:-0}" == 1 ]] && durability=""
    as_pg_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir/data $durability" \
        start >/dev/null \
        || { cat "$dir/server.log" >&2; pg_log "pg_ctl start failed"; return 1; }
    as_pg_owner "$bin/psql" -q -X -v ON_ERROR_STOP=1 -h "$dir/data" -p "$port" -U postgres -d postgres \
        -c "CREATE ROLE redocdc LOGIN PASSWORD '$password'" \
        -c "CREATE DATABASE redocdc OWNER redocdc" >/dev/null \
        || { pg_log "creating role/database redocdc failed"; return 1; }
    # pg_ctl -w waited for the socket; wait for TCP as well, which is what the tests use.
    local tries=0
    until "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -d redocdc; do
        tries=$((tries + 1))
        [[ $tries -gt 60 ]] && { pg_log "server on 127.0.0.1:$port not ready after 30 s"; return 1; }
        sleep 0.5
    done
    export REDO_CDC_TEST_PG_URL="jdbc:postgresql://127.0.0.1:$port/redocdc"
    export REDO_CDC_TEST_PG_USER=redocdc
    export REDO_CDC_TEST_PG_PASSWORD=$password
    pg_log "PostgreSQL $("$bin/pg_ctl" --version | awk '{print $3}') on 127.0.0.1:$port, data in $dir"
}

# Stops the server started by start_test_postgres (or the one in directory $1) and deletes its directory.
stop_test_postgres() {
    local dir=${1:-${REDO_CDC_PG_DIR:-}}
    [[ -n "$dir" && -d "$dir/data" ]] || return 0
    as_pg_owner "$(pg_bin_dir)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -euo pipefail
    case "${1:-}" in
        start)
            start_test_postgres
            echo "export REDO_CDC_TEST_PG_URL='$REDO_CDC_TEST_PG_URL'"
            echo "export REDO_CDC_TEST_PG_USER='$REDO_CDC_TEST_PG_USER'"
            echo "export REDO_CDC_TEST_PG_PASSWORD='$REDO_CDC_TEST_PG_PASSWORD'"
            echo "# stop with: $0 stop $REDO_CDC_PG_DIR"
            ;;
        stop) stop_test_postgres "${2:?usage: $0 stop DIR}" ;;
        *) echo "usage: $0 start | stop DIR" >&2; exit 2 ;;
    esac
fi
