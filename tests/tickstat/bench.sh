#!/usr/bin/env bash
# make bench-tickstat: generate a large log (about 200 MB) and time `tickstat
# check` and `tickstat summary` on it, ROUNDS times each (default 5); the same on
# a log of real records (tests/tickstat's logs of QEMU boots, one after the other
# until 200 MB: nine shapes of "run" records in turns, configurations shuffled,
# which the generated log, one shape a type in order, does not show); beside jq
# reading the same records (`jq -cR 'fromjson?'`: every line parsed as JSON,
# nothing checked, on the log's first 20 MB, best of 3); then `tickstat report` on
# the generated log and on 14 seeded boots of the generator (213 MB, 2000 runs a
# configuration a boot: every interval a hierarchical bootstrap, issue 42's aim under
# 3 s of CPU); prints MB/s of elapsed and
# of CPU time (user + system: on a loaded machine the elapsed time counts other
# programs' turns too), best and median, and the load average. CPU time is perf's
# task-clock where perf runs (to the microsecond), else /usr/bin/time's (to 10 ms).
# A benchmark, not a test: no threshold is enforced (the aim is 500 MB/s of CPU
# time for summary, 1 GB/s for check).
#   [ROUNDS=N] tests/tickstat/bench.sh [OTHER_TICKSTAT]
# With another build's tickstat, the two run in turn, round by round: the load
# stretches CPU time too, so a change is measured against the build before it.
set -euo pipefail
cd "$(dirname "$0")/../.."
log=build/bench-tickstat.log slice=build/bench-tickstat-20mb.log real=build/bench-tickstat-real.log
boots=build/bench-tickstat-boots.log
rounds=${ROUNDS:-5}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "bench.sh: ROUNDS must be a positive integer" >&2; exit 2; }
[[ -s $log ]] || build/gen-log -r 1000 -k 28 -z 300 > "$log"
[[ -s $slice ]] || head -c 20000000 "$log" | sed '$d' > "$slice"   # whole lines
if [[ ! -s $real ]]; then
	: > "$real.new"
	while (($(stat -c %s "$real.new") < 200000000)); do cat tests/tickstat/*.log >> "$real.new"; done
	mv "$real.new" "$real"
fi
if [[ ! -s $boots ]]; then
	for s in $(seq 1 14); do build/gen-log -s "$s" -r 1000 -k 2 -z 300 -B 0.02; done > "$boots.new"
	mv "$boots.new" "$boots"
fi
bins=(build/tickstat ${1:+"$1"})
build/tickstat check "$log" >/dev/null; build/tickstat check "$real" >/dev/null   # warm the page cache
perf stat -x, -e task-clock true 2>/dev/null >&2 && use_perf=1 || use_perf=

# once COMMAND...: "WALL CPU" in seconds, of one run
once() {
	local t wall user sys ms
	t=$(mktemp)
	if [[ $use_perf ]]; then
		/usr/bin/time -o "$t" -f '%e' perf stat -x, -e task-clock -o "$t.perf" "$@" \
			> /dev/null 2>&1 || true
		ms=$(awk -F, '/task-clock/ { print $1 }' "$t.perf")
		echo "$(cat "$t") $(echo "$ms / 1000" | bc -l)"
		rm -f "$t.perf"
	else
		/usr/bin/time -o "$t" -f '%e %U %S' "$@" > /dev/null 2>&1 || true
		read -r wall user sys < "$t"
		echo "$wall $(echo "$user + $sys" | bc -l)"
	fi
	rm -f "$t"
}

# the least and the median of the numbers on standard input (one a line, blanks skipped)
least() { grep . | sort -g | head -1; }
median() { grep . | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# line NAME FILE WALLS CPUS RUNS: the best and the median CPU time, in MB/s
line() {
	local mb wall cpu mcpu
	mb=$(echo "$(stat -L -c %s "$2") / 1000000" | bc -l)
	wall=$(tr ' ' '\n' <<<"$3" | least) cpu=$(tr ' ' '\n' <<<"$4" | least)
	mcpu=$(tr ' ' '\n' <<<"$4" | median)
	printf '%-30s %6.1f MB: best %6.3f s elapsed = %6.1f MB/s, %6.3f s CPU = %6.1f MB/s; median CPU %6.3f s = %6.1f MB/s (%d runs)\n' \
		"$1" "$mb" "$wall" "$(echo "$mb / $wall" | bc -l)" "$cpu" "$(echo "$mb / $cpu" | bc -l)" \
		"$mcpu" "$(echo "$mb / $mcpu" | bc -l)" "$5"
}

# bench INPUT COMMAND...: ROUNDS runs of each build in turn, and their line.
bench() {
	local input=$1 b
	shift
	declare -A walls=() cpus=()
	for ((round = 0; round < rounds; round++)); do   # the builds in turn
		for b in "${bins[@]}"; do
			read -r w c < <(once "$b" "$@" "$input")
			walls[$b]="${walls[$b]:-} $w" cpus[$b]="${cpus[$b]:-} $c"
		done
	done
	for b in "${bins[@]}"; do
		line "$b $*" "$input" "${walls[$b]}" "${cpus[$b]}" "$rounds"
	done
}

for input in "$log" "$real"; do
	[[ $input == "$real" ]] && echo "real records ($real):"
	for cmd in check summary; do
		bench "$input" "$cmd"
	done
done
if command -v jq > /dev/null; then
	declare -a jw=() jc=()
	for ((i = 0; i < 3; i++)); do
		read -r w c < <(once jq -cR 'fromjson?' "$slice")
		jw+=("$w") jc+=("$c")
	done
	line "jq -cR 'fromjson?'" "$slice" "${jw[*]}" "${jc[*]}" 3
else
	echo "jq: not installed (Debian's jq)"
fi
echo "report (the generated log; 14 boots of it, $boots):"
bench "$log" report
bench "$boots" report
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
