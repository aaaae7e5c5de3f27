#!/usr/bin/env bash
# A benchmark, not a test: tick's total cost per interrupt with tick_work=0 and
# tick_work=2000 under free-running TCG, and the rise it finds (ideally 2000 cycles):
# each configuration's figures, then tickstat compare's difference of the per-run cost
# between the two, per timer. Run it on a quiet machine: `make bench-inject`. Under
# -icount the boot case tick-inject-icount asserts the rise (tests/boot/cases).
set -uo pipefail
cd "$(dirname "$0")/../.."
log=build/bench-inject.log
timers=(lapic hpet)
tools/run --quiet --timeout 900 --log "$log" bench=tick timer="$(IFS=,; echo "${timers[*]}")" \
	hz=10000 workload=matrix runs=10 ms=200 handler=full tick_work=0,2000 ||
	{ echo "the run did not end pass (log $log)"; exit 1; }
tests/boot/check "$log" figures
for timer in "${timers[@]}"; do
	build/tickstat compare --by tick_work --field cost --where timer="$timer" "$log"
done
