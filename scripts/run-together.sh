#!/usr/bin/env bash
# Runs npm scripts at the same time (lint and typecheck are single-threaded: together they take the
# time of the longer one on two cores). Prints each one's output whole once it ends; fails if any fails.
set -u
pids=()
logs=()
for name in "$@"; do
  log=$(mktemp)
  logs+=("$log")
  npm run "$name" >"$log" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || status=1
  cat "${logs[$i]}"
  rm -f "${logs[$i]}"
done
exit $status
