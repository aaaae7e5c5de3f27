#!/usr/bin/env bash
# A benchmark, not a test: what the anatomy's plugin costs a run (docs/METHOD.md,
# "The tick's anatomy" and "Caches, modelled"): the same --icount run without the
# plugin, with --anatomy and with --caches, ROUNDS times in turn (default 3), its
# CPU and wall time each, the least and the median, and their ratios to the run
# without. The bare kernel's suite of workloads, then Linux's (where make linux
# built it). Run it on a quiet machine: `make bench-anatomy`.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/bench-anatomy
mkdir -p "$out"
rounds=${ROUNDS:-3}
[[ -f build/anatomy/plugin.so ]] || { echo "the anatomy's plugin is not built (make anatomy)"; exit 77; }

# time_runs NAME ARGS...: ROUNDS of each mode in turn; NAME's CPU and wall seconds.
time_runs() {
	local name=$1; shift
	for ((r = 0; r < rounds; r++)); do
		for mode in none anatomy caches; do
			local args=()
			[[ $mode == none ]] || args=(--$mode)
			/usr/bin/time -f "%U %S %e" -o "$out/time" tools/run --quiet --icount --timeout 1800 \
				--log "$out/$name-$mode.log" "${args[@]}" "$@" >/dev/null 2>&1 ||
				{ echo "$name $mode: the run did not end pass ($out/$name-$mode.log)"; return 1; }
			awk -v m="$mode" '{ printf "%s %.2f %.2f\n", m, $1 + $2, $3 }' "$out/time" >>"$out/$name.times"
		done
	done
}

# report NAME: per mode the least and the median CPU and wall seconds, and the ratio
# of each mode's least to the least without the plugin.
report() {
	python3 - "$out/$1.times" "$1" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
by = {}
for m, cpu, wall in rows:
    by.setdefault(m, []).append((float(cpu), float(wall)))
base = min(c for c, _ in by["none"]), min(w for _, w in by["none"])
print("%s (%d rounds):" % (sys.argv[2], len(by["none"])))
for m in ("none", "anatomy", "caches"):
    cpu = [c for c, _ in by[m]]; wall = [w for _, w in by[m]]
    print("  %-8s CPU %6.1f s least, %6.1f median (x%.2f)   wall %6.1f s least, %6.1f median (x%.2f)" %
          (m, min(cpu), statistics.median(cpu), min(cpu) / base[0], min(wall),
           statistics.median(wall), min(wall) / base[1]))
PY
}

rm -f "$out"/*.times "$out"/*.log*   # an earlier call's logs (tools/run keeps a log it would write over, as LOG.N)
time_runs bare bench=tick timer=lapic hz=1000 workload=spin,matrix,memwalk runs=2 ms=200 seed=1 &&
	report bare
if xorriso -indev build/tickbench.iso -find /boot/linux/initramfs >/dev/null 2>&1; then
	time_runs linux --linux bench=tick workload=spin,matrix,memwalk runs=2 ms=500 seed=1 &&
		report linux
fi
