#!/usr/bin/env bash
# make bench-tickstat: generate a large log (about 200 MB) and time `tickstat
# check` and `tickstat summary` on it, best of 5, beside jq reading the same
# records (`jq -cR 'fromjson?'`: every line parsed as JSON, nothing checked, on
# the log's first 20 MB, best of 3); prints MB/s of elapsed and of CPU time (user
# + system: on a loaded machine the elapsed time counts other programs' turns too)
# and the load average. A benchmark, not a test: no threshold is enforced (the aim
# is 500 MB/s of CPU time for summary, 1 GB/s for check).
#   tests/tickstat/bench.sh [OTHER_TICKSTAT]
# With another build's tickstat, the two run in turn, best of 5 each: the load
# stretches CPU time too, so a change is measured against the build before it.
set -euo pipefail
cd "$(dirname "$0")/../.."
log=build/bench-tickstat.log slice=build/bench-tickstat-20mb.log
[[ -s $log ]] || build/gen-log -r 1000 -k 28 -z 300 > "$log"
[[ -s $slice ]] || head -c 20000000 "$log" | sed '$d' > "$slice"   # whole lines
bins=(build/tickstat ${1:+"$1"})
build/tickstat check "$log" >/dev/null             # warm the page cache

# run ROUNDS FILE COMMAND...: "WALL CPU", the least of each over the rounds
run() {
	local rounds=$1 t best_wall= best_cpu=
	shift
	t=$(mktemp)
	for ((i = 0; i < rounds; i++)); do
		/usr/bin/time -o "$t" -f '%e %U %S' "$@" > /dev/null 2>&1 || true
		read -r wall user sys < "$t"
		cpu=$(echo "$user + $sys" | bc -l)
		if [[ -z $best_wall ]] || (($(echo "$wall < $best_wall" | bc -l))); then best_wall=$wall; fi
		if [[ -z $best_cpu ]] || (($(echo "$cpu < $best_cpu" | bc -l))); then best_cpu=$cpu; fi
	done
	rm -f "$t"
	echo "$best_wall $best_cpu"
}

# line NAME FILE "WALL CPU" ROUNDS
line() {
	local mb
	mb=$(echo "$(stat -c %s "$2") / 1000000" | bc -l)
	set -- "$1" "$mb" $3 "$4"
	printf '%-30s %6.1f MB: %6.3f s elapsed = %6.1f MB/s; %6.3f s CPU = %6.1f MB/s (best of %d)\n' \
		"$1" "$2" "$3" "$(echo "$2 / $3" | bc -l)" "$4" "$(echo "$2 / $4" | bc -l)" "$5"
}

for cmd in check summary; do
	declare -A res=()
	for ((round = 0; round < 5; round++)); do   # the builds in turn, each best of its rounds
		for b in "${bins[@]}"; do
			read -r w c < <(run 1 "$b" "$cmd" "$log")
			read -r bw bc <<<"${res[$b]:-$w $c}"
			res[$b]="$(echo "if ($w < $bw) $w else $bw" | bc -l) $(echo "if ($c < $bc) $c else $bc" | bc -l)"
		done
	done
	for b in "${bins[@]}"; do
		line "$b $cmd" "$log" "${res[$b]}" 5
	done
	unset res
done
if command -v jq > /dev/null; then
	line "jq -cR 'fromjson?'" "$slice" "$(run 3 jq -cR 'fromjson?' "$slice")" 3
else
	echo "jq: not installed (Debian's jq)"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
