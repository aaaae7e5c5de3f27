#!/usr/bin/env bash
# tickstat's lost_ppm, compare --by hz --field lost_ppm and report on logs with known
# answers:
#   - a generated log (build/gen-log -m: timers pit and lapic, periodic and one-shot,
#     spin and matrix, HZ 100/1000/10000, lapic periodic spin also on 2 CPUs) whose
#     CPU share lost per run is known: lost_ppm recomputed here from the run records
#     (each on run against the off run of its configuration, CPU and index), the
#     known share inside report's intervals, report's intervals recomputed from
#     the per-run values with Student's t quantiles computed here by integrating
#     the t density (an implementation apart from tickstat's);
#   - a hand-made log with a difference too small for its runs: "no difference
#     proven" and the runs needed, checked against the same quantiles;
#   - a log without tick runs (bench=none): no "Periodic vs one-shot" section.
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ts=build/tickstat
build/gen-log -m -r 10 > "$tmp/m.log" || exit 1
$ts report "$tmp/m.log" > "$tmp/report" || { echo "report failed"; exit 1; }
$ts compare --by hz --field lost_ppm "$tmp/m.log" > "$tmp/compare" || { echo "compare failed"; exit 1; }
for k in 'timer=lapic' 'timer=pit'; do
	for h in 100 1000 10000; do
		$ts column --where $k --where mode=periodic --where workload=spin --where cpus=1 \
			--where hz=$h lost_ppm "$tmp/m.log" > "$tmp/col-${k#timer=}-$h" || exit 1
	done
done

# A difference too small for 3 runs each: not proven, and the runs needed are the
# fewest n with t(0.975, 2n-2) s sqrt(2/n) below the difference.
python3 - "$tmp/small.log" <<'PY' || exit 1
import json, sys, zlib
recs = [{"type": "boot", "format": 1, "cmdline": "hand-made"},
        {"type": "calibration", "tsc_hz": 1000000000}]
lost = {100: [100, 120, 140], 1000: [110, 130, 150]}   # ppm of 10^8 cycles
for hz, ppms in lost.items():
    for k, ppm in enumerate(ppms):
        base = {"type": "run", "bench": "tick", "cpu": 0, "cpus": 1, "timer": "lapic",
                "mode": "periodic", "delivery": "local", "hz": hz, "workload": "matrix", "run": k}
        recs.append(dict(base, timer_on=False, cycles=100000000, interrupts=0))
        recs.append(dict(base, timer_on=True, cycles=100000000 + ppm * 100, interrupts=hz // 10))
recs.append({"type": "end", "records": len(recs), "status": "pass"})
with open(sys.argv[1], "w") as f:
    for seq, r in enumerate(recs):
        r = dict([("type", r["type"]), ("seq", seq)] + [(k, v) for k, v in r.items() if k != "type"])
        line = json.dumps(r, separators=(",", ":"))[:-1]
        f.write('%s,"crc":"%08x"}\n' % (line, zlib.crc32(line.encode())))
PY
$ts report "$tmp/small.log" > "$tmp/small" || { echo "report on the small log failed"; exit 1; }

python3 - "$tmp" <<'PY'
import json, math, re, sys
tmp = sys.argv[1]
TSC_HZ, DIRECT, INDIRECT, MATRIX, ONESHOT, CPU1 = 2e9, {"pit": 3000, "lapic": 1500}, 800, 4000, 300, 1.5
fails = []
def check(ok, what):
    if not ok:
        fails.append(what)

def t_cdf(t, df):
    # the t density integrated from 0 to t (Simpson, 2000 steps), plus 1/2
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    f = lambda x: c * (1 + x * x / df) ** (-(df + 1) / 2)
    n, h = 2000, t / 2000
    s = f(0) + f(t) + sum((4 if i % 2 else 2) * f(i * h) for i in range(1, n))
    return 0.5 + s * h / 3
def t_q(p, df):
    lo, hi = 0.0, 100.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if t_cdf(mid, df) < p else (lo, mid)
    return (lo + hi) / 2

# lost_ppm recomputed from the records: pair on runs with off runs.
recs = [json.loads(l) for l in open(tmp + "/m.log") if l.startswith("{")]
key = lambda r: (r["timer"], r["mode"], r["hz"], r["workload"], r["cpus"], r["cpu"], r["run"])
off = {key(r): r["cycles"] for r in recs if r["type"] == "run" and not r["timer_on"]}
lost = {}
for r in recs:
    if r["type"] == "run" and r["timer_on"]:
        lost.setdefault(key(r)[:6], []).append((r["cycles"] - off[key(r)]) / off[key(r)] * 1e6)
for t in ("pit", "lapic"):
    for h in (100, 1000, 10000):
        col = [float(x) for x in open("%s/col-%s-%d" % (tmp, t, h))]
        want = lost[(t, "periodic", h, "spin", 1, 0)]
        check(len(col) == 10 and all(abs(a - b) < 1e-9 * max(1, abs(b)) for a, b in zip(col, want)),
              "column lost_ppm %s hz=%d differs from the records' pairs" % (t, h))

def mean_ci(v, level=0.95):
    n = len(v); m = sum(v) / n
    s = math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1))
    return m, t_q(1 - (1 - level) / 2, n - 1) * s / math.sqrt(n)
def diff_ci(a, b, level=0.95):
    na, nb = len(a), len(b); ma, mb = sum(a) / na, sum(b) / nb
    ss = sum((x - ma) ** 2 for x in a) + sum((x - mb) ** 2 for x in b)
    s = math.sqrt(ss / (na + nb - 2))
    return mb - ma, t_q(1 - (1 - level) / 2, na + nb - 2) * s * math.sqrt(1 / na + 1 / nb), s

def known_ppm(timer, mode, workload, hz, cpu=0):
    c = DIRECT[timer] + (ONESHOT if mode == "oneshot" else 0) + (MATRIX if workload == "matrix" else INDIRECT)
    return c * (CPU1 if cpu else 1) * hz / TSC_HZ * 1e6

rep = open(tmp + "/report").read()
lines = rep.split("\n")
for w in ("an emulator (qemu) underneath", "the TSC is not invariant",
          "references disagree by 1500 ppm"):
    check(w in rep, "report lacks the warning '%s'" % w)
PCT = r"([+-]?[0-9.]+) % \+/- ([0-9.]+) %"
def decimals_ok(printed, exact):
    d = len(printed.split(".")[1]) if "." in printed else 0
    return abs(float(printed) - exact) <= 0.5 * 10 ** -d + 1e-12

def table(text, title):
    """The table under the line that starts with title: its head's columns and
    each row's label and cells (cells are apart by two spaces or more)."""
    ls = text.split("\n")
    i = next(k for k, l in enumerate(ls) if l.startswith(title))
    while not ls[i].lstrip().startswith("HZ="):
        i += 1
    head = re.split(r"\s{2,}", ls[i].strip())
    rows = {}
    for l in ls[i + 1:]:
        parts = re.split(r"\s{2,}", l.strip())
        if len(parts) < 2 or not l or l[0] == " " or l.startswith("="):
            break
        rows[parts[0]] = dict(zip(head, parts[1:]))
    return rows
shares = table(rep, "CPU lost at each HZ on 1 CPU")
verdicts = table(rep, "CPU lost to the tick on 1 CPU")
def cell(rows, label, col):
    m = re.fullmatch(PCT, rows.get(label, {}).get(col, ""))
    check(m is not None, "no figure in row '%s', column '%s'" % (label, col))
    return m

# Every series: its share at each HZ, its verdicts against the lowest, the paired
# shift beside them.
for timer, dl in (("pit", "ioapic"), ("lapic", "local")):
    for mode, name in (("periodic", "periodic"), ("oneshot", "one-shot re-armed")):
        for w in ("spin", "matrix"):
            label = "%s %s %s" % (timer, mode, w)
            for h in (100, 1000, 10000):
                m = cell(shares, label, "HZ=%d" % h)
                if m:
                    v, e = float(m.group(1)) * 1e4, float(m.group(2)) * 1e4
                    check(abs(v - known_ppm(timer, mode, w, h)) <= 2 * e,
                          "%s HZ=%d: %g ppm +/- %g, the known share is %g" %
                          (label, h, v, e, known_ppm(timer, mode, w, h)))
            for h in (1000, 10000):
                want = known_ppm(timer, mode, w, h) - known_ppm(timer, mode, w, 100)
                m = cell(verdicts, label, "HZ=%d vs HZ=100" % h)
                if m:
                    check(abs(float(m.group(1)) * 1e4 - want) <= 2 * float(m.group(2)) * 1e4,
                          "%s: HZ=%d vs 100 misses the known difference" % (label, h))
                m = re.search(r"%s %s \(%s\) %s HZ=%d vs HZ=100:\s+([+-][0-9.]+) %% of the CPU,"
                              r"\s+p = 0\.00195 \(10 pairs\)" % (timer, name, dl, w, h), rep)
                # every run at the higher rate lost more: the exact p of 10 of 10 is 2/1024
                check(m is not None and abs(float(m.group(1)) * 1e4 - want) <= 0.02 * want,
                      "%s: HZ=%d vs 100's shift misses the known one" % (label, h))

# The arithmetic of one row and one verdict, from the per-run values.
for h in (100, 1000, 10000):
    col = [float(x) for x in open("%s/col-lapic-%d" % (tmp, h))]
    m, e = mean_ci(col)
    got = cell(shares, "lapic periodic spin", "HZ=%d" % h)
    check(got and decimals_ok(got.group(1), m / 1e4) and decimals_ok(got.group(2), e / 1e4),
          "lapic spin HZ=%d: report says %s, the runs give %.6f %% +/- %.6f %%" %
          (h, got and got.group(0), m / 1e4, e / 1e4))
a = [float(x) for x in open(tmp + "/col-lapic-100")]
b = [float(x) for x in open(tmp + "/col-lapic-10000")]
d, e, _ = diff_ci(a, b)
got = cell(verdicts, "lapic periodic spin", "HZ=10000 vs HZ=100")
check(got and decimals_ok(got.group(1), d / 1e4) and decimals_ok(got.group(2), e / 1e4),
      "lapic spin 10000 vs 100: report says %s, the runs give %+.6f +/- %.6f" %
      (got and got.group(0), d / 1e4, e / 1e4))

# Modes, CPUs, direct vs indirect: present, with the known figures inside.
m = re.search(r"lapic spin HZ=10000: periodic %s;\s+one-shot %s" % (PCT, PCT), rep)
check(m is not None, "no periodic vs one-shot line for lapic spin")
m = re.search(r"2 CPUs: cpu0 %s; cpu1 %s;\s+all %s of one CPU" % (PCT, PCT, PCT), rep)
check(m is not None, "no 2-CPU line with cpu0, cpu1 and all")
if m:
    want = (known_ppm("lapic", "periodic", "spin", 10000),
            known_ppm("lapic", "periodic", "spin", 10000, 1))
    for k, w in ((0, want[0]), (2, want[1]), (4, want[0] + want[1])):
        check(abs(float(m.group(k + 1)) * 1e4 - w) <= 2 * float(m.group(k + 2)) * 1e4,
              "2 CPUs: figure %d misses the known %g ppm" % (k // 2, w))
NUM = r"([0-9.]+k?) \+/- ([0-9.]+k?)"
num = lambda t: float(t[:-1]) * 1e3 if t.endswith("k") else float(t)
m = re.search(r"lapic periodic \(local\) HZ=10000: direct %s,\s+indirect %s" % (NUM, NUM), rep)
check(m is not None and abs(num(m.group(1)) - 750) <= 2 * num(m.group(2)) and
      abs(num(m.group(3)) - 400) <= 2 * num(m.group(4)) + 1,
      "lapic direct/indirect: want 750 and 400 ns, got %s" % (m and m.group(0)))

# compare --by hz --field lost_ppm: one comparison per configuration (9), 3 sets
# each, one verdict per comparison with its field and test named.
cmp = open(tmp + "/compare").read()
heads = re.findall(r"^== run bench=tick .*$", cmp, re.M)
check(len(heads) == 9, "compare: %d configurations, want 9" % len(heads))
verdicts_cmp = re.findall(r"^lost_ppm: (?:no )?difference(?: proven)? at 95 % confidence "
                          r"\((?:Student's|Welch's) t, the variances (?:alike|differ)", cmp, re.M)
check(len(verdicts_cmp) == 18, "compare: %d verdicts, want 18 (2 per configuration)" %
      len(verdicts_cmp))
check(len(re.findall(r"^lost_ppm: difference at 95 %", cmp, re.M)) == 18,
      "compare: want 18 differences proven")
check(all("hz=" not in h for h in heads), "compare: a configuration header names hz")

# The small log's verdict: not proven, and the runs that would prove it.
rep = open(tmp + "/small").read()
s, d = 20.0, 10.0        # pooled s and the difference, ppm
n = 2
while t_q(0.975, 2 * n - 2) * s * math.sqrt(2 / n) >= d:
    n += 1
small = table(rep, "CPU lost at each HZ on 1 CPU")
one = cell(small, "lapic periodic matrix", "HZ=100")
want = t_q(0.975, 2) * 20 / math.sqrt(3) / 1e4     # mean 120 ppm, s 20, t(0.975, 2)
if not one or one.group(1) != "0.012" or not decimals_ok(one.group(2), want):
    print(rep)
    print("FAIL: want HZ=100 0.012 %% +/- %.4f %%" % want)
    fails.append("small log")
need = table(rep, "CPU lost to the tick on 1 CPU").get("lapic periodic matrix", {})
if need.get("HZ=1000 vs HZ=100") != "needed: 1 boot x %d runs" % n:
    print(rep)
    print("FAIL: want 'needed: 1 boot x %d runs'" % n)
    fails.append("small log")
if not fails:
    print("no difference proven, needed 1 boot x %d runs, as computed here" % n)

for f in fails:
    print("FAIL:", f)
print("report and compare on the generated log: %d problem(s)" % len(fails))
sys.exit(1 if fails else 0)
PY
[[ $? -eq 0 ]] || exit 1


# A log without tick runs (bench=none): no word of periodic against one-shot.
python3 - >"$tmp/none.log" <<'PY'
import zlib
for line in ['{"type":"boot","seq":0,"format":1,"cmdline":"bench=none"',
             '{"type":"calibration","seq":1,"tsc_hz":1000000000',
             '{"type":"end","seq":2,"records":2,"status":"pass"']:
    print('%s,"crc":"%08x"}' % (line, zlib.crc32(line.encode())))
PY
$ts report "$tmp/none.log" >"$tmp/none" 2>&1 || { echo "FAIL: report on a bench=none log"; exit 1; }
if grep -q "Periodic vs one-shot" "$tmp/none"; then
	echo "FAIL: report speaks of periodic vs one-shot after a run without tick"
	exit 1
fi
echo "a log without tick runs: no periodic vs one-shot section"
