#!/usr/bin/env bash
# tests/boot/check, the numeric checks of the boot cases, can fail: on a real log
# (tests/tickstat/tick-cpus-1.log: 8 tick runs, 4 with the timer, 9 to 11 interrupts
# each), each kind of check holds where the records say so and fails where they do
# not, a field missing from a record it applies to fails, so does a check that
# matches no record, and so does a damaged log. tick's figures (tickstat column's) on a
# real -icount log (tests/tickstat/tick-work-icount.log: the APIC timer's full handler,
# spin and matrix, tick_work=0,2000: total 69, 57, 2077 and 2065 instructions per
# interrupt, spin's direct 57 and 2065) hold to the instruction and fail one past it,
# and fail on that log damaged; tick's order
# (pairs) fails where a position or a pair is edited (its CRC made right again).
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
holds count run 4 workload!=spin
fails count run 5 workload!=spin
sed '20s/"run":/"rum":/' "$log" >"$out/damaged.log"
log=$out/damaged.log fails count run 8

log=tests/tickstat/tick-work-icount.log
holds total max 69 tick_work=0
fails total max 68 tick_work=0
holds total min 57 tick_work=0
fails total min 58 tick_work=0
holds direct max 57 tick_work=0
fails direct max 56 tick_work=0
fails direct max 100 workload=matrix                  # matrix has no direct cost
holds indirect max 0 workload=matrix
fails indirect max -1 workload=matrix
holds indirect min 12 workload=spin
fails indirect min 13 workload=spin
holds total rise tick_work=0 2008 2008
fails total rise tick_work=0 2009 -
fails total rise tick_work=0 1900 2007
holds direct rise tick_work=0 2008 2008 tick_work=2000
fails direct rise tick_work=0 2000 2007 tick_work=2000
fails total rise tick_work=5 0 1000000                 # no such baseline
fails total rise tick_work=0 0 0 tick_work=0           # nothing but the baseline
holds direct count 2
fails direct count 3
holds total count 2 workload!=spin
fails total max 1000000 timer=pit                     # no such configuration
sed '22s/"cycles":/"cyclez":/' "$log" >"$out/damaged-work.log"
log=$out/damaged-work.log fails total max 1000000
holds pairs run
# edit SED: the log edited so, each record's CRC made right again.
edit() { sed "$1" "$log" | python3 -c '
import sys, zlib
for line in sys.stdin:
    if line.startswith("{\"type\":"):
        body = line[:line.rindex(",\"crc\":")]
        line = "%s,\"crc\":\"%08x\"}\n" % (body, zlib.crc32(body.encode()))
    sys.stdout.write(line)' >"$out/edited.log"; }
edit 's/"position":4,/"position":41,/' && log=$out/edited.log fails pairs run
edit 's/"run":0,"position":3,/"run":1,"position":3,/' && log=$out/edited.log fails pairs run
edit 's/"position":1,"timer_on":true/"position":1,"timer_on":false/' && log=$out/edited.log fails pairs run
log=tests/tickstat/tick-cpus-1.log fails pairs run     # its runs have no position (older kernel)
exit $bad
