#!/usr/bin/env bash
# `npm start` on a fresh data folder with the system's Node.js on the PATH: waits until /readyz
# answers 200, the database migrated and seeded (at most 180 s), then stops the server. Used by
# CI after the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${CHECK_START_PORT:-3997}"
data="$(mktemp -d)"
log="$data/start.log"
# The drawn demo pictures of the end-to-end tests are reused when present.
media="$data/media"
[ -d .e2e-data/media/demo ] && media="$PWD/.e2e-data/media"
PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" MEDIA_DIR="$media" setsid npm start >"$log" 2>&1 &
pid=$!
# Stops the whole process group and waits until all of it is gone (npm exits before the server
# it started, which may still be writing its database) before removing the data folder.
stop() {
  kill -- -"$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  for _ in $(seq 1 30); do
    kill -0 -- -"$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -KILL -- -"$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap stop EXIT
for _ in $(seq 1 180); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then
    echo "npm start: the site answers /readyz on port $port"
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then
    cat "$log"
    echo "npm start exited before the site answered" >&2
    exit 1
  fi
  sleep 1
done
cat "$log"
echo "npm start: no answer from /readyz within 180 s" >&2
exit 1
