#!/usr/bin/env bash
# The kernel's end-of-run report says what the records say: boot a short suite
# under free TCG (noisy on purpose: the runs differ, so the intervals are not 0),
# then recompute every figure of its "report" records from the other
# records of the same log, in double precision with the exact Student quantile, and
# compare (docs/METHOD.md, "The report"):
#   cost      the mean of the runs' p50 (readcost, armcost), rounded down: equal;
#   timer     latency p50/p99: the mean of the runs' (one CPU, the first wait= state,
#             the handler's stamps), rounded down: equal;
#             direct cycles: spin gap cycles / gap interrupts, pooled: equal;
#   share     per tick configuration on one CPU, each on run against the off run of
#             the same number: (on - off) / off, their mean in ppm toward zero
#             (equal), the 95 % half-width t(0.975, n-1) s / sqrt(n) in ppm rounded
#             down (within 1: the kernel computes in parts per 10^12);
#   verdict   per configuration above its series' lowest HZ: the difference of
#             the means in ppm toward zero and its 95 % half-width by Student's t
#             with the pooled s (within 1), proven when the difference exceeds it;
# and the report is on the console, one share record per configuration measured,
# its two tables in tickstat report's words (tests/host/report-words.py against
# tickstat report of the same log).
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/report-figures
mkdir -p "$out"
log=$out/run.log

tools/run --quiet --timeout 300 --log "$log" bench=readcost,armcost,latency,tick \
	timer=lapic,hpet hz=100,1000 runs=4 ms=10 workload=spin,matrix wait=hlt,spin ||
	{ echo "FAIL: the run did not end pass"; exit 1; }
build/tickstat check "$log" >/dev/null || { echo "FAIL: damaged log"; exit 1; }
grep -q "tickbench: the answer" "$log" || { echo "FAIL: no report on the console"; exit 1; }
build/tickstat report "$log" >"$out/tickstat-report.txt" || { echo "FAIL: tickstat report"; exit 1; }
tests/host/report-words.py "$log" "$out/tickstat-report.txt" || { echo "FAIL: the words differ"; exit 1; }

for type in run stats report; do
	build/tickstat export --csv --type $type "$log" >"$out/$type.csv" ||
		{ echo "FAIL: tickstat export --type $type"; exit 1; }
done

python3 - "$out" <<'EOF'
import csv, math, sys
from collections import defaultdict

d = sys.argv[1]
rows = lambda t: list(csv.DictReader(open(f"{d}/{t}.csv")))
runs, stats, report = rows("run"), rows("stats"), rows("report")
failures = []

def check(label, ok):
    print(("ok   " if ok else "FAIL ") + label)
    if not ok:
        failures.append(label)

def t975(df):
    """Student's t quantile at 0.975 by bisection on the regularised incomplete beta."""
    def betacf(a, b, x):
        c, dd = 1.0, 1.0 - (a + b) * x / (a + 1)
        dd = 1 / dd; h = dd
        for m in range(1, 300):
            m2 = 2 * m
            for aa in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)),
                       -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
                dd = 1 / (1 + aa * dd); c = 1 + aa / c; h *= dd * c
        return h
    def ibeta(a, b, x):
        lb = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
        front = math.exp(lb + a * math.log(x) + b * math.log(1 - x))
        if x < (a + 1) / (a + b + 2):
            return front * betacf(a, b, x) / a
        return 1 - front * betacf(b, a, 1 - x) / b
    def cdf(t):
        return 1 - 0.5 * ibeta(df / 2, 0.5, df / (df + t * t))
    lo, hi = 0.0, 100.0
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid) < 0.975 else (lo, mid)
    return lo

# ---- costs and latency: means of the runs' medians ----
by_op = defaultdict(list)
for s in stats:
    if s["bench"] in ("readcost", "armcost"):
        by_op[s["what"]].append(int(s["p50"]))
fig = lambda what: [r for r in report if r["what"] == what]
for r in fig("cost"):
    p = by_op[r["op"]]
    check(f"{r['name']}: {r['value']} == mean of {p}", int(r["value"]) == sum(p) // len(p))

lat = defaultdict(list)
first_wait = next((s["wait"] for s in stats if s["bench"] == "latency"), None)
for s in stats:
    if s["bench"] == "latency" and s["cpus"] == "1" and s["wait"] == first_wait and \
            s.get("stamp", "handler") in ("handler", ""):
        lat[s["what"]].append((int(s["p50"]), int(s["p99"])))
direct = defaultdict(lambda: [0, 0])
for r in runs:
    if r["cpus"] == "1" and r["timer_on"] == "true" and r["workload"] == "spin":
        direct[r["timer"]][0] += int(r["gap_cycles"])
        direct[r["timer"]][1] += int(r["gap_interrupts"])
for what, i in (("latency_p50", 0), ("latency_p99", 1)):
    for r in fig(what):
        x = [v[i] for v in lat[r["timer"]]]
        check(f"{r['name']}: {r['value']} == mean of {x}", int(r["value"]) == sum(x) // len(x))
for r in fig("direct"):
    c, n = direct[r["timer"]]
    check(f"{r['name']}: {r['value']} == {c} // {n}", int(r["value"]) == c // n)
check(f"{len(fig('direct'))} direct figures for {len(direct)} timers", len(fig("direct")) == len(direct))

# ---- CPU share: on/off pairs of the same configuration and run number ----
key = lambda r: (r["timer"], r["mode"], r["delivery"], r["workload"], r["hz"])
off, lost = {}, defaultdict(list)
for r in runs:
    if r["cpus"] != "1":
        continue
    k = key(r)
    if r["timer_on"] == "false":
        off[k] = (r["run"], int(r["cycles"]))
    elif k in off and off[k][0] == r["run"]:
        on, o = int(r["cycles"]), off.pop(k)[1]
        lost[k].append((on - o) / o * 1e6)
def mean_var(x):
    m = sum(x) / len(x)
    return m, sum((v - m) ** 2 for v in x) / (len(x) - 1) if len(x) > 1 else 0
shares = fig("share")
check(f"{len(shares)} share records for {len(lost)} configurations", len(shares) == len(lost))
for r in shares:
    x = lost[key(r)]
    n = len(x)
    m, var = mean_var(x)
    check(f"{r['name']}: {r['value']} ppm == {m:.3f} toward zero over {n} runs",
          int(r["value"]) == math.trunc(m) and int(r["runs"]) == n and r["unit"] == "ppm")
    if n > 1:
        half = t975(n - 1) * math.sqrt(var / n)
        check(f"{r['name']}: ci95 {r['ci95']} ~ {half:.2f}", abs(int(r["ci95"]) - half) <= 1)
for r in fig("verdict"):
    a, b = lost[key(r)[:4] + (r["vs_hz"],)], lost[key(r)]
    (ma, va), (mb, vb) = mean_var(a), mean_var(b)
    df = len(a) + len(b) - 2
    err = t975(df) * math.sqrt(((len(a) - 1) * va + (len(b) - 1) * vb) / df * (1 / len(a) + 1 / len(b)))
    diff = mb - ma
    check(f"{r['name']}: {r['value']} ppm +/- {r['ci95']} == {diff:.2f} +/- {err:.2f}, proven "
          f"{r['proven']}", abs(int(r["value"]) - diff) <= 1 and abs(int(r["ci95"]) - err) <= 1
          and (r["proven"] == "true") == (abs(diff) > err))

print(f"{len(failures)} figure(s) differ" if failures else "every figure of the report agrees")
sys.exit(1 if failures else 0)
EOF
