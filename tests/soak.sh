#!/usr/bin/env bash
# make soak: the local APIC tick at 10 kHz on the spin workload for about ten minutes
# (suite=soak: 300 pairs of 1-second runs; tests/soak.sh runs=N makes it 2N seconds).
# Then: every record valid to the last line (tickstat check), the run ends pass, and
# the lost interrupts (expected - counted, over the on runs) and the unexplained holes
# are printed. Under --icount (deterministic) both must be 0; under free TCG they are
# reported, since TCG coalesces ticks the host delivers late.
#   tests/soak.sh [--icount] [KERNEL-WORDS...]
set -uo pipefail
cd "$(dirname "$0")/.."
icount=()
[[ ${1-} == --icount ]] && { icount=(--icount); shift; }
log=build/soak.log
start=$SECONDS
tools/run --quiet --timeout 3600 --log "$log" "${icount[@]}" suite=soak "$@"
rc=$?
build/tickstat check "$log" || { echo "soak: the log is damaged"; exit 1; }
[[ $rc == 0 ]] || { echo "soak: the run did not end pass (tools/run exit $rc)"; exit 1; }
build/tickstat export --csv --type run "$log" | awk -F, -v strict="${#icount[@]}" -v secs=$((SECONDS - start)) '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
$col["timer_on"] == "true" { runs++; irq += $col["interrupts"]; want += $col["expected"]
	if ($col["expected"] > $col["interrupts"]) lost += $col["expected"] - $col["interrupts"] }
{ unexplained += $col["unexplained"] }
END {
	printf "soak: %d s, %d runs with the tick, %d interrupts, %d expected, %d lost, %d unexplained holes\n",
	       secs, runs, irq, want, lost, unexplained
	if (!runs) { print "soak: no run with the tick"; exit 1 }
	if (strict && (lost || unexplained)) { print "soak: deterministic platform, yet interrupts lost or holes unexplained"; exit 1 }
}'
