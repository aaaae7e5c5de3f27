#!/usr/bin/env bash
# The method recovers a known cost: inject=2000 (tick_work=2000) busy-waits 2000 TSC
# cycles in every measured timer interrupt, so tick's total cost per interrupt,
# (cycles with the timer - cycles without) / interrupts, must rise by 2000 cycles,
# within 2%, and under -icount the direct cost (the spin loop's holes) by 2000 plus
# less than two turns of the wait loop (7 instructions a turn: its last turn, and
# the TSC read before its first; docs/METHOD.md, "Work models"). Under -icount time
# is a function of instructions, so this holds exactly enough to assert. Under
# free-running TCG the same figure is printed by `make bench-inject`
# (tests/bench/inject-tcg.sh), not asserted: there the run-to-run noise of a shared
# host is larger than the injected cost. Both runs take the full handler
# (handler=full): inject= needs it, and the floor's baseline would add its own
# difference to the rise.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/tick-inject
mkdir -p "$out"

# mean NAME LOG WHERE...: the mean over the runs of tickstat's per-run figure NAME
# (column cost or direct: lib/pairs.h, the report's one computation).
mean() {
	local name=$1 log=$2; shift 2
	build/tickstat column "$name" "$@" "$log" | awk '{ s += $1; n++ } END { if (n) printf "%.1f", s / n }'
}

# configs LOG: "timer hz workload" of the runs with the timer.
configs() {
	build/tickstat export --csv --type run "$1" | awk -F, '
	NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$col["timer_on"] == "true" { k = $col["timer"] " " $col["hz"] " " $col["workload"]; gsub(/"/, "", k); print k }' |
		sort -u
}

# cost LOG: "timer hz workload cost" lines; direct LOG: "timer hz direct" of spin.
cost() {
	configs "$1" | while read -r t h w; do
		echo "$t $h $w $(mean cost "$1" --where timer=$t --where hz=$h --where workload=$w)"
	done
}
direct() {
	configs "$1" | while read -r t h w; do
		[[ $w == spin ]] && echo "$t $h $(mean direct "$1" --where timer=$t --where hz=$h --where workload=spin)"
	done
}

check_direct() {   # label
	paste <(direct "$out/$1-0.log") <(direct "$out/$1-2000.log") | awk -v label="$1" '
	{ if ($1 != $4 || $2 != $5) { print "FAIL: configurations differ"; bad = 1; next }
	  rise = $6 - $3; n++
	  printf "%s %s %s Hz spin: direct %.1f -> %.1f cycles, rise %.1f (in [2000, 2014))\n", label, $1, $2, $3, $6, rise
	  if (rise < 2000 || rise >= 2014) bad = 1 }
	END { if (!n) { print "FAIL: no direct cost measured"; exit 1 } exit bad }'
}

check() {   # label, tolerance percent, runner options...
	local label=$1 tol=$2; shift 2
	for inject in 0 2000; do
		tools/run --quiet --timeout 300 --log "$out/$label-$inject.log" "$@" handler=full inject=$inject ||
			{ echo "FAIL: the $label run with inject=$inject did not pass"; return 1; }
		build/tickstat check "$out/$label-$inject.log" >/dev/null || { echo "FAIL: damaged log"; return 1; }
	done
	paste <(cost "$out/$label-0.log") <(cost "$out/$label-2000.log") | awk -v tol="$tol" -v label="$label" '
	{ if ($1 != $5 || $2 != $6 || $3 != $7) { print "FAIL: configurations differ"; bad = 1; next }
	  rise = $8 - $4; pct = 100 * (rise - 2000) / 2000; n++
	  printf "%s %s %s Hz %s: %.1f -> %.1f cycles per interrupt, rise %.1f (%+.2f%%)\n", label, $1, $2, $3, $4, $8, rise, pct
	  if (pct > tol || pct < -tol) bad = 1 }
	END { if (!n) { print "FAIL: no tick configuration measured"; exit 1 } exit bad }'
}

[[ ${1-} == --tcg ]] && { shift; check tcg 5 bench=tick workload=matrix "$@"; exit; }
check icount 2 --icount bench=tick workload=matrix,spin hz=1000 runs=3 ms=5 && check_direct icount
