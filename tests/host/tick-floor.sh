#!/usr/bin/env bash
# tick's floor handler under -icount, where cycles are instructions: its direct cost
# per interrupt (tickstat column direct: each spin run's holes, lib/pairs.h; the mean
# of the runs) is at most 10 for the APIC timer and
# the PIT (through the 8259 and through the I/O APIC), and for every timer and mode
# total - direct (the spin loop's bookkeeping per hole) is at most 16; the records
# say "floor"; with handler=full each configuration's direct cost is higher and the
# records say "full"; handler=floor with inject= is refused with a skip.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/tick-floor
mkdir -p "$out"
common=(--icount bench=tick hz=1000 workload=spin runs=2 ms=20)

boot() {   # label, kernel words...
	local label=$1; shift
	tools/run --quiet --timeout 300 --log "$out/$label.log" "${common[@]}" "$@" ||
		{ echo "FAIL: the $label run did not pass"; exit 1; }
	build/tickstat check "$out/$label.log" >/dev/null || { echo "FAIL: $label: damaged log"; exit 1; }
}

# mean FIGURE LOG WHERE...: the mean over the runs of tickstat's per-run figure.
mean() {
	local figure=$1 log=$2; shift 2
	build/tickstat column "$figure" "$@" "$log" | awk '{ s += $1; n++ } END { if (n) printf "%.2f", s / n }'
}

# figures LOG: "timer mode delivery handler total direct" per configuration: the
# total and direct cost per interrupt as tickstat computes them (lib/pairs.h).
figures() {
	build/tickstat export --csv --type run "$1" | awk -F, '
	NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$col["timer_on"] == "true" { k = $col["timer"] " " $col["mode"] " " $col["delivery"] " " $col["handler"]
	  gsub(/"/, "", k); print k }' | sort -u |
	while read -r timer mode delivery handler; do
		where=(--where "timer=$timer" --where "mode=$mode" --where "delivery=$delivery")
		echo "$timer $mode $delivery $handler $(mean cost "$1" "${where[@]}") $(mean direct "$1" "${where[@]}")"
	done
}

boot floor timer=pit,lapic,hpet delivery=pic,ioapic,local tick_mode=periodic,oneshot
boot full timer=pit,lapic delivery=pic,local handler=full
bad=0
while read -r timer mode delivery handler total direct; do
	awk -v t="$total" -v d="$direct" -v c="$timer $mode $delivery, $handler handler" \
		'BEGIN { printf "%s: total %s, direct %s, total - direct %.2f\n", c, t, d, t - d }'
	[[ $handler == floor ]] || { echo "FAIL: the run records say handler $handler"; bad=1; }
	awk -v t="$total" -v d="$direct" 'BEGIN { exit !(t - d <= 16) }' ||
		{ echo "FAIL: total - direct above 16"; bad=1; }
	if [[ $timer != hpet && $mode == periodic ]]; then
		awk -v d="$direct" 'BEGIN { exit !(d <= 10) }' || { echo "FAIL: direct above 10"; bad=1; }
	fi
done < <(figures "$out/floor.log")
[[ $(figures "$out/floor.log" | wc -l) == 7 ]] || { echo "FAIL: not 7 configurations"; bad=1; }
join <(figures "$out/floor.log" | awk '{ print $1 "-" $2 "-" $3, $6 }') \
     <(figures "$out/full.log" | awk '{ print $1 "-" $2 "-" $3, $4, $6 }') |
while read -r config floor handler full; do
	echo "$config: direct $floor (floor), $full ($handler)"
	[[ $handler == full ]] || { echo "FAIL: handler=full gave $handler"; exit 1; }
	awk -v a="$floor" -v b="$full" 'BEGIN { exit !(b > a) }' || { echo "FAIL: the full handler is not dearer"; exit 1; }
done || bad=1

tools/run --quiet --timeout 120 --log "$out/refused.log" --icount bench=tick timer=lapic \
	hz=1000 workload=spin runs=1 ms=5 handler=floor inject=2000 ||
	{ echo "FAIL: handler=floor inject=2000 did not end pass"; bad=1; }
grep -q '"type":"skip".*"bench":"tick".*needs handler=full' "$out/refused.log" ||
	{ echo "FAIL: handler=floor inject=2000 was not refused with a skip"; bad=1; }
grep -q '"type":"run"' "$out/refused.log" && { echo "FAIL: tick ran anyway"; bad=1; }
exit $bad
