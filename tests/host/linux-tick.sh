#!/usr/bin/env bash
# Debian's kernel beside the bare one under --icount (cycles are instructions): with
# a periodic tick (nohz=off) the busy CPU's timer interrupts come at CONFIG_HZ
# within 1 %, at least 99 % of them are found as holes at the tick's grid, and
# Linux's direct cost per tick (Σ gap_cycles / Σ gaps) is at least 10 times the bare
# full handler's one-shot local APIC tick (timer=lapic tick_mode=oneshot, the
# device Linux ticks with under TCG), a ratio, not an absolute; the spin loop's step
# is the same under both (8 instructions). Prints the figures.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/linux-tick
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over
fail() { echo "FAIL: $*"; exit 1; }
xorriso -indev build/tickbench.iso -find /boot/linux/initramfs >/dev/null 2>&1 ||
	{ echo "skip: build/tickbench.iso carries no Debian kernel (built with LINUX=no)"; exit 77; }

tools/run --quiet --timeout 300 --log "$out/bare.log" --icount bench=tick workload=spin \
	runs=2 ms=20 timer=lapic tick_mode=oneshot handler=full || fail "the bare run did not pass"
tools/run --quiet --timeout 400 --log "$out/linux.log" --linux --icount --kernel-args nohz=off \
	bench=tick workload=spin runs=3 ms=1000 || fail "the Linux run did not pass"

json() { build/tickstat export --json --type "$2" "$out/$1.log"; }
tsc_hz=$(json linux calibration | jq '.[0].tsc_hz')
config_hz=$(json linux linux | jq '.[0].config_hz')
[[ $(json linux linux | jq -r '.[0].nohz') == off ]] || fail "the linux record does not say nohz off"
read -r irqs seconds found gaps gap_cycles step < <(json linux run | jq -r --argjson hz "$tsc_hz" \
	'map(select(.workload == "spin")) | [(map(.interrupts) | add), (map(.cycles) | add) / $hz,
	 (map(.tick_holes) | add), (map(.gaps) | add), (map(.gap_cycles) | add),
	 (map(.step_cycles) | unique | join(","))] | @tsv')
read -r bare_gaps bare_cycles bare_step < <(json bare run | jq -r 'map(select(.timer_on))
	| [(map(.gap_interrupts) | add), (map(.gap_cycles) | add), (map(.step_cycles) | unique | join(","))] | @tsv')
awk -v i="$irqs" -v s="$seconds" -v f="$found" -v g="$gaps" -v c="$gap_cycles" -v hz="$config_hz" \
    -v bg="$bare_gaps" -v bc="$bare_cycles" -v st="$step" -v bst="$bare_step" 'BEGIN {
	rate = i / s; linux = c / g; bare = bc / bg
	printf "Linux (nohz=off, HZ %d): %d timer interrupts in %.3f s = %.2f Hz; %d found in holes (%.2f %%)\n", hz, i, s, rate, f, 100 * f / i
	printf "direct cost per tick: Linux %.1f instructions (%d ticks), bare full handler %.1f (%d): %.0fx\n", linux, g, bare, bg, linux / bare
	printf "the spin loop'"'"'s step: %s under Linux, %s bare\n", st, bst
	bad = 0
	if (rate < hz * 0.99 || rate > hz * 1.01) { print "FAIL: the tick rate is not CONFIG_HZ within 1 %"; bad = 1 }
	if (f < 0.99 * i) { print "FAIL: under 99 % of the timer interrupts found in holes"; bad = 1 }
	if (linux < 10 * bare) { print "FAIL: Linux'"'"'s tick is not 10 times the bare full handler'"'"'s"; bad = 1 }
	if (st != bst) { print "FAIL: the step differs"; bad = 1 }
	exit bad }' || exit 1
