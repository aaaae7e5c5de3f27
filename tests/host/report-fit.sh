#!/usr/bin/env bash
# The report's answer fits one screen: the quick suite's on 80x25 (VGA text), the
# default suite's on a 1920x1080 console (120x33), each as a PC would give it: QEMU's
# rows, 4 more for a fourth timer (its row in the timer table and a verdict row per
# workload), the warnings in one row (no emulator underneath). Two short boots at once, of the suites' shapes (every timer and workload;
# hz=100,1000 and hz=100,250,1000,10000), runs=2 ms=5; the rows as the console
# wraps the log's text lines (tests/host/screen-text.py --fit; tests/host/screen.sh
# holds the console to the log's lines). Under --icount, so the rows are the same at
# every run: free TCG on a loaded host loses interrupts, and the warning that says so
# took a row (CI: 26 of 25).
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/report-fit
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over
common=(bench=readcost,armcost,latency,tick runs=2 ms=5 workload=spin,matrix,memwalk)
tools/run --quiet --icount --timeout 600 --log "$out/quick.log" "${common[@]}" hz=100,1000 &
quick=$!
tools/run --quiet --icount --timeout 600 --log "$out/default.log" "${common[@]}" hz=100,250,1000,10000
default_rc=$?
wait "$quick"
quick_rc=$?
bad=0
((quick_rc == 0 && default_rc == 0)) || { echo "FAIL: a run did not end pass ($quick_rc, $default_rc)"; exit 1; }
for shape in quick:80x25 default:120x33; do
	log=$out/${shape%%:*}.log
	tests/host/screen-text.py --fit "$log" "${shape#*:}" --pc >"$out/${shape%%:*}.fit" || bad=1
	tail -1 "$out/${shape%%:*}.fit"
done
exit $bad
