#!/usr/bin/env bash
# tickstat report's Idle section and plot's idle-power panel on logs with known
# answers (no platform here has a RAPL counter that moves, so the energy paths are
# driven by hand-made idle records, as bench=idle writes them on a PC):
#   - 5 runs of windows at HZ 0, 100, 1000 whose package power is 1000 mW, 1000.5 and
#     1500 mW plus a noise common to the windows of a run (drift, which the pairs
#     cancel) and a little of their own: HZ=1000 vs HZ=0 and vs HZ=100 proven, their
#     interval recomputed here from the pairs' differences with Student's t (its
#     tabulated 0.975 quantile at 4 degrees of freedom); HZ=100 vs HZ=0 not proven
#     (0.5 mW against a noise of 2), with the runs needed; the energy of an extra
#     wake-up (500 mW over 1000 wake-ups a second more: 500 uJ); the deepest
#     residency (pc6) of each;
#   - the same windows without energy fields and idle's skip naming RAPL: every pair
#     says "no energy counter", the section names the skip's reason; HZ=1000's
#     windows took half their ticks, and that row alone says so;
#   - latency stats of two states and the IPI source, and a wake stamp: a row each;
#   - plot: the idle panel, log x, tickless at its own point.
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ts=build/tickstat

tests/tickstat/gen-idle-log.py "$tmp" || exit 1

for l in energy none; do
	$ts check "$tmp/$l.log" >/dev/null || { echo "tickstat check refuses $l.log"; exit 1; }
	$ts report "$tmp/$l.log" > "$tmp/$l.report" || { echo "report failed on $l.log"; exit 1; }
done
$ts plot -o "$tmp/idle.gp" "$tmp/energy.log" || { echo "plot failed"; exit 1; }

python3 - "$tmp" <<'PY'
import json, math, re, sys
tmp = sys.argv[1]
fails = []
def check(ok, what):
    if not ok:
        fails.append(what)
T975_4 = 2.7764451051977987     # Student's t at 0.975 with 4 degrees of freedom (5 pairs)
k = json.load(open(tmp + "/energy.log.json"))
rep = open(tmp + "/energy.report").read()
def pair(hi, lo):
    d = [(k["base"][str(hi)] + k["own"][str(hi)][r]) - (k["base"][str(lo)] + k["own"][str(lo)][r])
         for r in range(5)]
    m = sum(d) / 5
    s = math.sqrt(sum((x - m) ** 2 for x in d) / 4)
    return m, T975_4 * s / math.sqrt(5)
for hi, lo in ((1000, 0), (1000, 100)):
    m, e = pair(hi, lo)
    g = re.search(r"HZ=%d vs HZ=%d: \+([0-9.]+) \+/- ([0-9.]+) mW\s+\(95 %%, 1 boot x 5 runs, t over runs\)" % (hi, lo), rep)
    check(g, "HZ=%d vs HZ=%d not proven or missing" % (hi, lo))
    if g:
        check(abs(float(g.group(1)) - m) <= 0.05 * abs(m) + 0.01, "HZ=%d vs %d: %s, expected %.3f" % (hi, lo, g.group(1), m))
        check(abs(float(g.group(2)) - e) <= 0.1 * e + 0.01, "HZ=%d vs %d: +/- %s, expected %.3f" % (hi, lo, g.group(2), e))
m, e = pair(100, 0)
check(abs(m) < e, "the hand-made HZ=100 vs HZ=0 should not be proven: %.3f +/- %.3f" % (m, e))
check(re.search(r"HZ=100 vs HZ=0: no difference proven \(needed: 1 boot x [0-9]+ runs\)", rep), "HZ=100 vs HZ=0: no 'no difference proven'")
g = re.search(r"HZ=1000 vs HZ=0: .*?;\s+([0-9.]+) uJ per extra wake-up", rep, re.S)
check(g and abs(float(g.group(1)) - 500) < 5, "energy per extra wake-up: %s" % (g.group(1) if g else "missing"))
check("deepest state (pc6) reached 60.0 % vs 90.0 % of the time" in rep, "residency of HZ=1000 vs HZ=0")
check(re.search(r"hlt +HZ=0 +[0-9.]+k? \+/- [0-9.]+k? mW; pc6 90\.0 %;\s+1\.00 wake-ups/s \(tickless\)", rep), "the tickless line")
for row in (r"hlt lapic: p50 2\.010k \+/- 0\.025k, p99 2\.500k \(exact\), p99\.9 2\.800k \(exact\),\s+max 2\.900k \(exact\)",
            r"mwait:C6 lapic: p50 60\.010k \+/- 0\.025k", r"mwait:C6 lapic wake: p50 55\.010k",
            r"mwait:C6 ipi: p50 90\.010k"):
    check(re.search(row, rep), "latency row %s" % row)
check(all(len(l) <= 80 for l in rep.splitlines()), "a line over 80 columns")
none = open(tmp + "/none.report").read()
check(none.count("no energy counter") == 4, "no energy: 3 pairs and the reason, got %d" % none.count("no energy counter"))
check(none.count("of the ticks taken") == 1 and
      re.search(r"HZ=1000 [^\n]*\n? *only 50\.0 % of the ticks taken", none), "the lost ticks, once, at HZ=1000")
check("of the ticks taken" not in rep, "lost ticks said where every tick was taken")
check("no energy counter: RAPL: the package energy counter (MSR 0x611) did not move" in none, "the skip's reason")
gp = open(tmp + "/idle.gp").read()
check("Idle package power against HZ" in gp and "set logscale x" in gp and "'tickless' 10" in gp,
      "the plot's idle panel, log x, tickless at 10 (a decade below HZ=100)")
check(re.search(r"\$idle0t << EOD\n10 [0-9.]+ [0-9.]+\n", gp), "the tickless point's datablock")
for f in fails:
    print("FAIL:", f)
if fails:
    print(open(tmp + "/energy.report").read())
sys.exit(1 if fails else 0)
PY
