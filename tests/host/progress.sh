#!/usr/bin/env bash
# Progress as a person sees it (docs/METHOD.md, "Progress"):
#   - a boot of four benchmarks, one of which cannot run on one CPU (interference):
#     before each benchmark that runs, one line "[k/N] NAME: about T; about T left
#     in the run (estimated from the configured work...)", k = 1..N in the suite's
#     order, N the benchmarks that run (the skipped one not counted, its skip
#     record in the log), the line right before the benchmark's own first line, the
#     time left at least the benchmark's own, "and the time so far" from k = 2 on,
#     and never more than the line before said unless the line says "up from" that
#     and how far the benchmarks so far ran over their estimate;
#   - every GRUB menu entry's title gives its duration on a PC and in QEMU, each
#     said measured or estimated ("PC est. 27 s, QEMU meas. 11 s"), the PC's as the
#     progress lines say a duration (tests/host/grub-times.sh holds its figure).
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/progress
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over
bad=0
fail() { echo "FAIL: $*"; bad=1; }

tools/run --quiet --timeout 200 --log "$out/run.log" bench=fire,readcost,interference,tick \
	hz=100 timer=lapic workload=spin runs=2 ms=5 >"$out/runner" 2>&1 ||
	{ echo "FAIL: the run did not end pass: $(tail -3 "$out/runner")"; exit 1; }
tr -d '\r' <"$out/run.log" | grep -av '^{' >"$out/text"
grep -q '^{"type":"skip",.*"bench":"interference"' <(tr -d '\r' <"$out/run.log") ||
	fail "no skip record for interference on one CPU"

# [k/N] NAME, the line after it, and the times, one per benchmark that ran.
want=(fire readcost tick)
mapfile -t steps < <(grep -n '^\[[0-9]*/[0-9]*\] ' "$out/text")
((${#steps[@]} == ${#want[@]})) || fail "${#steps[@]} progress lines, not ${#want[@]}: ${steps[*]}"
re='^([0-9]+):\[([0-9]+)/([0-9]+)\] ([a-z]+): about ([0-9]+) (s|min [0-9]+ s); about ([0-9]+) (s|min [0-9]+ s) left in the run \(estimated from the configured work( and the time so far)?(; up from ([0-9]+) (s|min [0-9]+ s): the benchmarks so far took [0-9]+\.[0-9] times their estimate)?\)$'
seconds() { [[ $2 == s ]] && echo "$1" || echo $(($1 * 60 + ${2//[^0-9]/})); }
said=
for i in "${!steps[@]}"; do
	s=${steps[$i]}
	[[ $s =~ $re ]] || { fail "not a progress line: $s"; continue; }
	line=${BASH_REMATCH[1]} k=${BASH_REMATCH[2]} n=${BASH_REMATCH[3]} name=${BASH_REMATCH[4]}
	own=$(seconds "${BASH_REMATCH[5]}" "${BASH_REMATCH[6]}")
	left=$(seconds "${BASH_REMATCH[7]}" "${BASH_REMATCH[8]}") sofar=${BASH_REMATCH[9]}
	up=${BASH_REMATCH[11]:+$(seconds "${BASH_REMATCH[11]}" "${BASH_REMATCH[12]}")}
	if [[ -n $said ]] && ((left > said)) && [[ $up != "$said" ]]; then
		fail "step $k: $left s left, more than the $said s said before, without why"
	fi
	[[ -z $up || ( $up == "$said" && $left -gt $said ) ]] || fail "step $k: 'up from' wrongly: $s"
	said=$left
	((k == i + 1 && n == ${#want[@]})) || fail "step [$k/$n], not [$((i + 1))/${#want[@]}]: $s"
	[[ $name == "${want[$i]}" ]] || fail "step $k names $name, not ${want[$i]}"
	((left >= own)) || fail "step $k: $left s left in the run, under its own $own s"
	[[ -n $sofar || $k == 1 ]] && [[ -z $sofar || $k != 1 ]] ||
		fail "step $k: the time so far said wrongly: $s"
	next=$(sed -n "$((line + 1))p" "$out/text")
	[[ $next == "$name "* || $next == "$name:"* ]] ||
		fail "step $k: the next line is not $name's: $next"
done
echo "${#steps[@]} progress lines: ${steps[*]#*:}"

# Every menu entry of grub.cfg: "TITLE: PC est. D, QEMU meas. D" (or QEMU est.; the
# title may end in "?" instead of ":"), the PC's D "45 s" or "3 min 20 s".
pc='([0-9]+ s|[0-9]+ min [0-9]+ s)' dur='[0-9]+(\.[0-9]+)? (s|min)'
entries=0
while read -r title; do
	entries=$((entries + 1))
	[[ $title =~ ^\"[^\"]*[:?]\ PC\ est\.\ $pc,\ QEMU\ (meas|est)\.\ $dur\"$ ]] ||
		fail "a menu title without its durations: $title"
done < <(sed -n 's/^menuentry \("[^"]*"\).*/\1/p' iso/grub.cfg)
((entries >= 9)) || fail "only $entries menu entries found in iso/grub.cfg"
echo "$entries menu titles, each with its durations on a PC and in QEMU"
exit $bad
