#!/usr/bin/env bash
# make bench-tickstat: generate a large log (about 200 MB) and time `tickstat check`
# and `tickstat summary` on it, best of 3; prints MB/s of elapsed time and of CPU
# time (user + system: on a loaded machine the elapsed time counts other programs'
# turns too). A benchmark, not a test: no threshold is enforced (the aim is 200 MB/s
# or more for both).
#   tests/tickstat/bench.sh [OTHER_TICKSTAT]
# With another build's tickstat, the two run in turn, best of 5 each: the load
# stretches CPU time too, so a change is measured against the build before it.
set -euo pipefail
cd "$(dirname "$0")/../.."
log=build/bench-tickstat.log
[[ -s $log ]] || build/gen-log -r 1000 -k 28 -z 300 > "$log"
bytes=$(stat -c %s "$log")
bins=(build/tickstat ${1:+"$1"})
rounds=$(( ${#bins[@]} > 1 ? 5 : 3 ))
build/tickstat check "$log" >/dev/null             # warm the page cache
TIMEFORMAT='%R %U %S'
mb() { echo "$bytes / 1000000 / $1" | bc -l; }
for cmd in check summary; do
	declare -A best_wall=() best_cpu=()
	for ((i = 0; i < rounds; i++)); do
		for b in "${bins[@]}"; do
			read -r wall user sys < <({ time "$b" "$cmd" "$log" >/dev/null; } 2>&1)
			cpu=$(echo "$user + $sys" | bc -l)
			if [[ -z ${best_wall[$b]:-} ]] || (( $(echo "$wall < ${best_wall[$b]}" | bc -l) )); then best_wall[$b]=$wall; fi
			if [[ -z ${best_cpu[$b]:-} ]] || (( $(echo "$cpu < ${best_cpu[$b]}" | bc -l) )); then best_cpu[$b]=$cpu; fi
		done
	done
	for b in "${bins[@]}"; do
		printf '%s %-7s %.1f MB: %.3f s elapsed = %.1f MB/s; %.3f s CPU = %.1f MB/s (best of %d)\n' \
			"$b" "$cmd" "$(echo "$bytes / 1000000" | bc -l)" "${best_wall[$b]}" \
			"$(mb "${best_wall[$b]}")" "${best_cpu[$b]}" "$(mb "${best_cpu[$b]}")" "$rounds"
	done
	unset best_wall best_cpu
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
