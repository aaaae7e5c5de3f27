#!/usr/bin/env bash
# tickstat report's "What the OS adds to a tick" (docs/TICKSTAT.md) on logs with
# known answers from build/gen-os-log (TSC 2 GHz, runs of 1 s of spin, 5 runs):
#   - bare, machine 5d5349b2: the floor handler's holes 20 cycles (10 ns), the
#     full handler's 130 (65 ns), lapic one-shot;
#   - Linux, the same machine, periodic at HZ 100 and 1000 (2 ms a run that no hole
#     shows at 1000), and nohz_full at 1000 with 1 timer interrupt a second: each
#     tick a hole of 5000 cycles (2500 ns), 1.5 softirqs per interrupt;
#   - Linux on another machine (1a2b3c4d): refused from pairing, said so.
# Each figure's interval must hold the truth: Linux's direct cost, the floor's, the
# difference, the tick's share, the whole OS's share, softirqs per tick, what
# nohz_full saves, HZ=1000 against HZ=100 in the words of the answer's verdicts.
# Then a real pair under QEMU -icount (tests/tickstat/osadds-*.log: tools/run
# --icount bench=tick workload=spin runs=2 ms=100 hz=250 timer=lapic
# tick_mode=oneshot handler=full, and tools/run --linux --icount bench=tick
# workload=spin runs=3 ms=200): paired, Linux's direct cost above 10 times the bare
# full handler's, the Linux log left out of the bare answer (one boot, not two);
# and the plot's panel.
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
g=build/gen-os-log ts=build/tickstat
$g -s 1 -h floor -d 20 > "$tmp/floor.log" && $g -s 2 -h full -d 130 > "$tmp/full.log" &&
$g -L -s 3 -H 100 > "$tmp/l100.log" && $g -L -s 4 -H 1000 -x 2000000 > "$tmp/l1000.log" &&
$g -L -s 5 -H 1000 -n full -R 1 > "$tmp/lfull.log" && $g -L -s 6 -M 1a2b3c4d > "$tmp/other.log" ||
	{ echo "FAIL: gen-os-log"; exit 1; }
fail=0
bad() { echo "FAIL: $*"; fail=1; }

$ts report "$tmp/floor.log" "$tmp/full.log" "$tmp/l100.log" "$tmp/l1000.log" "$tmp/lfull.log" \
	"$tmp/other.log" > "$tmp/r" || bad "report exit status $?"
python3 - "$tmp/r" <<'PY' || fail=1
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
ok = True
def check(label, cond):
    global ok
    print(("ok   " if cond else "FAIL ") + label)
    ok &= bool(cond)
num = lambda t: float(t[:-1]) * 1e3 if t.endswith("k") else float(t)
fig = r"([+-]?[\d.]+k?) (?:%\s)?\+/- ([\d.]+k?)(?: %)?"
def holds(m, truth, tol=0.0):
    return m is not None and abs(num(m[1]) - truth) <= num(m[2]) + tol
check("no line over 80 columns", all(len(l) <= 80 for l in text.splitlines()))
sec = text.split("What the OS adds to a tick", 1)
check("the section's title", len(sec) == 2)
sec = sec[1] if len(sec) == 2 else ""
blocks = {}
for b in re.split(r"\n(?=Linux \S+ HZ=)", sec):
    m = re.match(r"Linux \S+ (HZ=\d+ nohz=\w+)", b)
    if m:
        blocks[m[1]] = " ".join(b.split())      # unwrapped
b = blocks.get("HZ=1000 nohz=off", "")
check("HZ=1000 paired with machine 5d5349b2's lapic oneshot runs",
      "paired with the bare kernel's lapic oneshot spin runs of machine 5d5349b2" in b)
check("bare floor 10 ns", holds(re.search(r"bare floor handler " + fig, b), 10))
check("bare full handler 65 ns", holds(re.search(r"bare full handler " + fig, b), 65))
check("Linux 2500 ns", holds(re.search(r"Linux " + fig + ", [\d.]+k TSC cycles", b), 2500))
check("Linux - bare floor 2490 ns", holds(re.search(r"Linux - bare floor " + fig, b), 2490))
r = re.search(r"Linux / bare full ([\d.]+) times", b)
check("Linux / bare full 38.5", r and abs(float(r[1]) - 2500 / 65) < 1)
# share: 5000 cycles x 1000 a second, runs 2e9 + 1000 x 5000 + 2e6 cycles long
rate = 1000 * 2e9 / (2e9 + 7e6)
check("the tick's share 0.249 %", holds(re.search(r"Linux's tick: " + fig, b), 5000 * rate / 2e9 * 100))
check("the whole OS 0.349 %", holds(re.search(r"the whole OS: " + fig, b), 7e6 / 2.007e9 * 100, 1e-6))
check("1.5 softirqs per interrupt (TIMER 1, RCU 0.5)",
      re.search(r"softirqs per timer interrupt: 1\.50 \(exact\) \(TIMER 1\.00, RCU 0\.500\)", b))
f = blocks.get("HZ=1000 nohz=full", "")
m = re.search(r"nohz_full: " + fig + r".*?its own count.*?with the tick \(HZ=1000 nohz=off\): "
              + fig.replace("(?:%\\s)?", "") + r" fewer a second, " + fig + " of the CPU saved", f)
check("nohz_full: about 1 interrupt a second, from the CPU's own count", m and abs(num(m[1]) - 1) < 0.01)
check("nohz_full saves 995.5 ticks a second", m and abs(num(m[3]) - (rate - 1)) <= num(m[4]) + 0.01)
check("nohz_full saves 0.249 % of the CPU (within 2 %)",
      m and abs(float(m[5]) - (rate - 1) * 2500e-9 * 100) < 0.02 * 0.249)
o = blocks.get("HZ=250 nohz=off", "")
check("another machine: refused from pairing with the ids named",
      "not paired: the machines differ (this log's 1a2b3c4d, the bare logs' 5d5349b2)" in o
      and "bare floor" not in o and "whole OS" not in o)
check("another machine: Linux's own direct cost still", holds(re.search(r"Linux " + fig, o), 2500))
v = " ".join(sec.split("Linux's tick, CPU share, against HZ=100 nohz=off")[-1].split())
low = 5000 * 100 / (2e9 + 5e5) * 100
m = re.search(r"HZ=1000 nohz=off vs HZ=100 nohz=off: " + fig + " of the CPU", v)
check("HZ=1000 vs HZ=100: +0.224 % proven, the truth inside", holds(m, 5000 * rate / 2e9 * 100 - low))
sys.exit(0 if ok else 1)
PY

# Linux alone, or the bare logs alone: no pairing; no section without a Linux log.
$ts report "$tmp/l100.log" > "$tmp/alone" || bad "report on a Linux log alone"
grep -q '^  not paired: no log of the bare kernel given' "$tmp/alone" || bad "Linux alone: no word"
$ts report "$tmp/floor.log" > "$tmp/bare" || bad "report on a bare log alone"
grep -q 'What the OS adds' "$tmp/bare" && bad "a section without a Linux log"

# The floor's and the full handler's runs of one configuration are two models, never
# pooled: the share lost and the direct cost of each stand apart (10 and 65 ns).
$ts report "$tmp/floor.log" "$tmp/full.log" > "$tmp/handlers" || bad "report on floor and full"
grep -Eq '^lapic oneshot spin +0\.0010' "$tmp/handlers" &&
	grep -Eq '^lapic oneshot spin full handler +0\.0065' "$tmp/handlers" ||
	bad "the floor's and the full handler's shares pooled: $(grep '^lapic' "$tmp/handlers")"
grep -Eq '^lapic +- +- +- +10\.' "$tmp/handlers" ||
	bad "the answer's direct cost mixes the two handlers: $(grep '^lapic  ' "$tmp/handlers")"

# The real pair: structure and a ratio, no absolute.
fx=tests/tickstat
$ts report $fx/osadds-bare-full.log $fx/osadds-linux.log > "$tmp/real" || bad "report on the real pair"
grep -q '^tickbench report: tests/tickstat/osadds-bare-full.log$' "$tmp/real" ||
	bad "the bare answer holds the Linux log: $(head -1 "$tmp/real")"
grep -q '1 of 1 boot ended pass' "$tmp/real" || bad "the Linux boot pooled with the bare one"
grep -q '^  paired with the bare kernel.s lapic oneshot spin runs of machine 5d5349b2' "$tmp/real" ||
	bad "the real pair not paired"
ratio=$(sed -n 's/^    Linux \/ bare full *\([0-9.]*\) times$/\1/p' "$tmp/real")
awk -v r="${ratio:-0}" 'BEGIN { exit !(r > 10) }' || bad "Linux's direct cost not 10 times the full handler's: ${ratio:-none}"
echo "real pair: Linux / bare full handler ${ratio:-?} times"

# Every command that groups logs by machine keeps the Linux log apart: plan refuses to
# pool it with the bare one as a second boot, and says why.
$ts plan $fx/osadds-bare-full.log $fx/osadds-linux.log > /dev/null 2> "$tmp/plan" &&
	bad "plan pooled the bare and the Linux log as boots"
grep -q 'the bare kernel and Linux' "$tmp/plan" || bad "plan's refusal: $(cat "$tmp/plan")"
# ... and the commands that compare or list machines tell them apart: compare --by
# machine compares the bare kernel's spin runs with Linux's (the OS's handler and
# nohz name each set; an absent work model is the floor's zeros), and export says
# which log ran under Linux, its label too.
$ts compare --by machine --field direct "$tmp/full.log" "$tmp/l1000.log" \
	> "$tmp/cmp" 2> "$tmp/cmp.err" || bad "compare --by machine of the bare and Linux logs exits $?: $(head -2 "$tmp/cmp.err")"
grep -q '^-- + M2 5d5349b2 handler=linux nohz=off against x M1 5d5349b2 handler=full$' "$tmp/cmp" ||
	bad "compare --by machine: no bare against Linux: $(grep -- '^--\|^one set\|^==' "$tmp/cmp" | head -3)"
$ts export --csv $fx/osadds-bare-full.log $fx/osadds-linux.log > "$tmp/csv" || bad "export"
python3 - "$tmp/csv" <<'PY' || bad "export: the bare and Linux logs alike"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows and "machine_os" in rows[0], "no machine_os column"
seen = {(r["file"].rsplit("/", 1)[-1], r["machine_os"], r["machine_label"]) for r in rows}
files = {f: (os, label) for f, os, label in seen}
assert len(seen) == 2, seen
assert files["osadds-linux.log"][0] == "linux" and files["osadds-bare-full.log"][0] == "none", files
assert files["osadds-linux.log"][1] != files["osadds-bare-full.log"][1], files
PY

if command -v gnuplot >/dev/null; then
	$ts plot "$tmp/floor.log" "$tmp/l100.log" "$tmp/l1000.log" -o "$tmp/p.svg" || bad "plot"
	grep -q 'What the OS adds to a tick' "$tmp/p.svg" || bad "the plot lacks the OS panel"
	grep -q "kernel's entry, exit, tick work" "$tmp/p.svg" || bad "the OS panel lacks its parts"
	$ts plot "$tmp/floor.log" -o "$tmp/b.svg" && grep -q 'What the OS adds' "$tmp/b.svg" &&
		bad "an OS panel without a Linux log"
fi
[[ $fail == 0 ]] && echo "What the OS adds to a tick: known answers found, machines kept apart"
exit $fail
