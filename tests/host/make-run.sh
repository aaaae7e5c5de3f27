#!/usr/bin/env bash
# make run's terminal: a short run of the real recipe (QEMU TCG under -icount, as make
# run boots) must show no record (no line starting with '{', no record text at all),
# end with tickstat's report answering the HZ question with an interval for every
# timer the log holds, one line saying what the figures are (QEMU's under --icount,
# not a PC's, and how to get a PC's), the log's path and the next commands; the log
# must hold every record, and its direct costs counted in instructions (the spin
# loop's calibration found a cycle an instruction: -icount); the page beside the log
# (named on the terminal) must give the log's report. tools/run --raw must
# show the records too.
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v qemu-system-x86_64 >/dev/null || { echo "skip: QEMU is not installed"; exit 77; }
out=build/test-logs/make-run
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over
log=$out/run.log
words="--timeout 300 bench=tick,readcost timer=lapic,hpet hz=100,1000 runs=3 ms=10 workload=spin"
make -s run RUN_ARGS="$words" RUN_LOG="$log" >"$out/terminal.txt" 2>&1 ||
	{ echo "FAIL: make run failed"; tail -20 "$out/terminal.txt"; exit 1; }
term=$(tr -d '\r' <"$out/terminal.txt")
n=$(grep -c '^{' <<<"$term")
[[ $n -eq 0 ]] || { echo "FAIL: $n lines of make run's output start with '{'"; exit 1; }
n=$(grep -c '{"type":' <<<"$term")
[[ $n -eq 0 ]] || { echo "FAIL: record text on $n lines of make run's terminal"; exit 1; }
build/tickstat check "$log" >/dev/null || { echo "FAIL: the log is not whole"; exit 1; }
runs=$(grep -c '^{"type":"run"' "$log")
[[ $runs -ge 24 ]] || { echo "FAIL: the log holds $runs run records, want 24"; exit 1; }
grep -q '^{"type":"report",.*"what":"direct",.*"instructions":' "$log" ||
	{ echo "FAIL: the log's direct costs are not in instructions: make run was not under -icount"; exit 1; }
for want in "tickbench report: $log" "CPU lost to the tick on 1 CPU" \
	    "These figures are QEMU's under --icount" "for a PC's, boot build/tickbench.iso from a USB stick" \
	    "log: $log" "tickstat summary $log" "tickstat compare --by hz --field lost_ppm $log" \
	    "tickstat plot $log" "page: ${log%.log}.html"; do
	grep -qF -- "$want" <<<"$term" || { echo "FAIL: make run's output lacks '$want'"; exit 1; }
done
# The HZ answer for every timer the log has tick runs of (the verdict table's rows):
# its interval, the runs it would need, or why there is none (QEMU 7.2's HPET under
# -icount fires twice a period: "no verdict (ticks 200 % vs 200 %)"); and the method
# and counts of the shares' intervals (docs/TICKSTAT.md), wherever the table's title folds.
tr -s ' \n' ' ' <<<"$term" | grep -q '+/- 95 %, 1 boot x 3 runs, t over runs' ||
	{ echo "FAIL: the shares' method and counts not named"; exit 1; }
for timer in $(grep -o '^{"type":"run",[^}]*"timer":"[a-z]*"' "$log" | sed 's/.*"timer":"//;s/"//' | sort -u); do
	grep -Eq "^$timer periodic [a-z]+ +([+-][0-9.]+k? % (\\+/- [0-9.]+ %|\\(exact\\))|needed: 1 boot x [0-9]+ runs|identical means|no verdict \\(ticks [0-9.]+ % vs [0-9.]+ %\\))" <<<"$term" ||
		{ echo "FAIL: no HZ verdict for $timer"; exit 1; }
done
cmp -s <(build/tickstat report "$log") <(build/tickstat report "${log%.log}.html") ||
	{ echo "FAIL: make run's page does not hold its log"; exit 1; }
echo "make run: $(wc -l <<<"$term") lines, none a record; the report answers for every timer"

tools/run --raw --timeout 60 --log "$out/raw.log" bench=none >"$out/raw.txt" 2>&1 ||
	{ echo "FAIL: tools/run --raw bench=none"; tail "$out/raw.txt"; exit 1; }
n=$(tr -d '\r' <"$out/raw.txt" | grep -c '^{"type":')
m=$(tr -d '\r' <"$out/raw.log" | grep -c '^{"type":')
[[ $n -gt 0 && $n -eq $m ]] || { echo "FAIL: --raw showed $n records of the log's $m"; exit 1; }
echo "tools/run --raw: the $n records shown"
