#!/usr/bin/env bash
# make bench-tickstat: generate a large log (about 100 MB) and time `tickstat
# summary` on it; prints MB/s. A benchmark, not a test: no threshold is enforced
# (the aim is 50 MB/s or more).
set -euo pipefail
cd "$(dirname "$0")/../.."
log=build/bench-tickstat.log
[[ -s $log ]] || build/gen-log -r 1000 -k 12 -z 300 > "$log"
bytes=$(stat -c %s "$log")
build/tickstat check "$log" >/dev/null             # warm the page cache
best=
for i in 1 2 3; do
	start=$(date +%s.%N)
	build/tickstat summary "$log" >/dev/null
	end=$(date +%s.%N)
	t=$(echo "$end - $start" | bc -l)
	if [[ -z $best ]] || (( $(echo "$t < $best" | bc -l) )); then best=$t; fi
done
printf 'tickstat summary: %.1f MB in %.3f s (best of 3) = %.1f MB/s\n' \
	"$(echo "$bytes / 1000000" | bc -l)" "$best" "$(echo "$bytes / 1000000 / $best" | bc -l)"
