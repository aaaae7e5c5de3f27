#!/usr/bin/env bash
# make bench-tickstat: generate a large log (about 200 MB) and time `tickstat check`
# and `tickstat summary` on it, best of 3; prints MB/s of elapsed time and of CPU
# time (user + system: on a loaded machine the elapsed time counts other programs'
# turns too). A benchmark, not a test: no threshold is enforced (the aim is 200 MB/s
# or more for both).
set -euo pipefail
cd "$(dirname "$0")/../.."
log=build/bench-tickstat.log
[[ -s $log ]] || build/gen-log -r 1000 -k 28 -z 300 > "$log"
bytes=$(stat -c %s "$log")
build/tickstat check "$log" >/dev/null             # warm the page cache
TIMEFORMAT='%R %U %S'
for cmd in check summary; do
	best_wall= best_cpu=
	for i in 1 2 3; do
		read -r wall user sys < <({ time build/tickstat "$cmd" "$log" >/dev/null; } 2>&1)
		cpu=$(echo "$user + $sys" | bc -l)
		if [[ -z $best_wall ]] || (( $(echo "$wall < $best_wall" | bc -l) )); then best_wall=$wall; fi
		if [[ -z $best_cpu ]] || (( $(echo "$cpu < $best_cpu" | bc -l) )); then best_cpu=$cpu; fi
	done
	printf 'tickstat %-7s %.1f MB: %.3f s elapsed = %.1f MB/s; %.3f s CPU = %.1f MB/s (best of 3)\n' \
		"$cmd" "$(echo "$bytes / 1000000" | bc -l)" "$best_wall" \
		"$(echo "$bytes / 1000000 / $best_wall" | bc -l)" "$best_cpu" \
		"$(echo "$bytes / 1000000 / $best_cpu" | bc -l)"
done
