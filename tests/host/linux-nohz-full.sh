#!/usr/bin/env bash
# The ISO's menu entry "Linux beside tickbench: nohz_full on CPU 1" as a PC boots it
# (tools/run --entry: its own words, spin and ftq, 5 runs of 1 s each), with two
# CPUs and no --icount (QEMU 7.2 hangs with -icount and two CPUs; per-CPU interrupt
# counts need none): the program runs on CPU 1, the linux record says nohz full, and
# while the loop spins CPU 1 takes at most 2 timer interrupts a second, against HZ
# with the tick (what nohz_full saves, printed).
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/linux-nohz-full
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over
fail() { echo "FAIL: $*"; exit 1; }
xorriso -indev build/tickbench.iso -find /boot/linux/initramfs >/dev/null 2>&1 ||
	{ echo "skip: build/tickbench.iso carries no Debian kernel (built with LINUX=no)"; exit 77; }
tools/run --quiet --timeout 400 --log "$out/run.log" --entry linux-nohz-full --smp 2 ||
	fail "the nohz_full entry did not end pass"
json() { build/tickstat export --json --type "$1" "$out/run.log"; }
json linux | jq -e '.[0] | .nohz == "full" and .nohz_full == "1" and .linux_cpu == 1' >/dev/null ||
	fail "the linux record does not say nohz_full on CPU 1: $(json linux | jq -c '.[0] | {nohz, nohz_full, linux_cpu}')"
tsc_hz=$(json calibration | jq '.[0].tsc_hz')
hz=$(json linux | jq '.[0].config_hz')
for w in spin ftq; do
	json run | jq -r --arg w "$w" --argjson t "$tsc_hz" 'map(select(.workload == $w))
		| [length, (map(.interrupts) | add), (map(.cycles) | add) / $t] | @tsv'
done | {
	read -r spin_runs spin_irqs spin_s; read -r ftq_runs ftq_irqs ftq_s
	awk -v n="$spin_runs" -v i="$spin_irqs" -v s="$spin_s" -v fi="$ftq_irqs" -v fs="$ftq_s" -v hz="$hz" 'BEGIN {
		printf "nohz_full CPU 1: spin %d runs, %d timer interrupts in %.2f s = %.2f a second; ftq %.2f; HZ %d: %.1f ticks a second saved\n", n, i, s, i / s, fi / fs, hz, hz - i / s
		exit !(n == 5 && i / s <= 2) }' || fail "not 5 spin runs at most 2 timer interrupts a second"
}
