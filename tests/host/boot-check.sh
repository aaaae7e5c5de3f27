#!/usr/bin/env bash
# tests/boot/check, the numeric checks of the boot cases, can fail: on a real log
# (tests/tickstat/tick-cpus-1.log: 8 tick runs, 4 with the timer, 9 to 11 interrupts
# each), each kind of check holds where the records say so and fails where they do
# not, a field missing from a record it applies to fails, so does a check that
# matches no record, and so does a damaged log.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/boot-check
rm -rf "$out" && mkdir -p "$out"
log=tests/tickstat/tick-cpus-1.log
[[ -x build/tickstat ]] || { echo "skipped: build/tickstat is missing (make host)"; exit 77; }
command -v jq >/dev/null || { echo "skipped: jq is not installed (Debian package jq)"; exit 77; }

bad=0 n=0
holds() { n=$((n + 1)); tests/boot/check "$log" "$@" >"$out/$n.out" 2>&1 ||
	{ echo "FAIL: check $* fails:"; cat "$out/$n.out"; bad=1; }; }
fails() { n=$((n + 1)); if tests/boot/check "$log" "$@" >"$out/$n.out" 2>&1; then
	echo "FAIL: check $* holds"; bad=1; else echo "refused as it should: $* ($(head -1 "$out/$n.out"))"; fi; }

holds count run 8
fails count run 7
holds count run 2 timer_on=true workload=spin
holds count skip 1
holds ratio run interrupts expected 100 100 timer_on=true
fails ratio run interrupts expected 0 50 timer_on=true
fails ratio run interrupts expected 100 100             # off: 0 of expected none
holds max run interrupts 11
fails max run interrupts 10 timer_on=true
holds min run interrupts 9 timer_on=true
fails min run interrupts 10 timer_on=true
fails min run no_such_field 0
fails max run interrupts 10 workload=no_such_workload
holds order stats min p50 p90 p99 max
fails order stats max min
holds increasing run run timer workload timer_on
fails increasing run run
sed '20s/"run":/"rum":/' "$log" >"$out/damaged.log"
log=$out/damaged.log fails count run 8
exit $bad
