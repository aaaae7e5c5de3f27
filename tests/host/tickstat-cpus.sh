#!/usr/bin/env bash
# The 1-CPU answer of a log that also has N-CPU runs (issue 29 item 1): two real logs
# of tick_cpus=1,all under QEMU's TCG, issue 29's commands (tests/tickstat/, the
# records as tools/run saved them, the text lines left out):
#   smp2-tcg.log   tools/run --smp 2 bench=tick timer=lapic hz=100,1000
#                  workload=spin runs=2 ms=20 (a 1-CPU run at HZ=1000 took no tick);
#   smp8-epyc.log  tools/run --smp 8 --cpu EPYC-Rome bench=tick timer=lapic,hpet
#                  hz=100,1000 workload=spin runs=2 ms=20;
# and a log whose runs all took 2 CPUs (issue 42), whose answer is of 2 CPUs:
#   tick-cpus-2.log tools/run --icount --smp 2 bench=tick timer=lapic,hpet
#                  hz=100,1000 workload=spin runs=3 ms=20 tick_cpus=2.
# From the records themselves (Python), the configurations on the fewest CPUs with
# two pairs or more; then every one of them is in report's share table and verdict
# table, its source in report's direct and indirect section, its summary group has
# a "CPU fraction lost" line, plot's panels against HZ draw its timer, and plot's
# "1 versus N CPUs" panel a point for it where it ran on several counts.
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=$PWD/build/tickstat
[[ -x $ts ]] || { echo "build/tickstat missing (make host)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bad=0
for log in tests/tickstat/smp2-tcg.log tests/tickstat/smp8-epyc.log tests/tickstat/tick-cpus-2.log; do
	$ts report "$log" > "$tmp/report" && $ts summary "$log" > "$tmp/summary" &&
		$ts plot "$log" -o "$tmp/plot.gp" 2>/dev/null ||
		{ echo "FAIL: $log: tickstat failed"; bad=1; continue; }
	python3 - "$log" "$tmp" <<'PY' || bad=1
import json, re, sys
log, tmp = sys.argv[1], sys.argv[2]
recs = [json.loads(l) for l in open(log) if l.startswith("{")]
runs = [r for r in recs if r["type"] == "run" and r.get("bench") == "tick"]
least = min(r["cpus"] for r in runs)
on = "%d CPU%s" % (least, "" if least == 1 else "s")
pairs = {}
for r in runs:
    if r["timer_on"] and r["cpus"] == least:
        k = (r["timer"], r["mode"], r["delivery"], r["workload"], r["hz"])
        pairs[k] = pairs.get(k, 0) + 1
one = sorted(k for k, n in pairs.items() if n >= 2)
several = {(r["timer"], r["mode"], r["delivery"], r["workload"], r["hz"])
           for r in runs if r["cpus"] > least}
report, summary = open(tmp + "/report").read(), open(tmp + "/summary").read()
plot = open(tmp + "/plot.gp").read()
fails = []

def table(title):
    ls = report.split("\n")
    i = next((k for k, l in enumerate(ls) if l.startswith(title)), None)
    if i is None:
        return {}
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

shares, verdicts = table("CPU lost at each HZ on " + on), table("CPU lost to the tick on " + on)
for timer, mode, delivery, workload, hz in one:
    label = "%s %s %s" % (timer, mode, workload)
    if not re.match(r"[+-]?[0-9]", shares.get(label, {}).get("HZ=%d" % hz, "")):
        fails.append("report's share table: no %s at HZ=%d" % (label, hz))
    if hz != min(h for (t, m, d, w, h) in one if (t, m, w) == (timer, mode, workload)):
        low = min(h for (t, m, d, w, h) in one if (t, m, w) == (timer, mode, workload))
        if not verdicts.get(label, {}).get("HZ=%d vs HZ=%d" % (hz, low)):
            fails.append("report's verdicts: no %s HZ=%d vs HZ=%d" % (label, hz, low))
    if workload == "spin" and "  %s %s (%s) HZ=" % (timer, mode, delivery) not in report:
        fails.append("report's direct and indirect: no %s %s (%s)" % (timer, mode, delivery))
    group = re.search(r"^== run bench=tick cpus=%d timer=%s mode=%s delivery=%s hz=%d "
                      r"workload=%s .*?(?=^== |\Z)" % (least, timer, mode, delivery, hz, workload),
                      summary, re.M | re.S)
    if not group or "CPU fraction lost" not in group.group(0):
        fails.append("summary: no CPU fraction lost for cpus=%d %s %s HZ=%d" % (least, label, delivery, hz))
    if "set title 'CPU share lost to the %s (%s) timer against HZ" % (timer, delivery) not in plot:
        fails.append("plot: no CPU share panel of %s (%s)" % (timer, delivery))
# plot: each configuration also run on several CPUs has its 1-CPU point
blocks = re.findall(r"^\$cpus\d+ << EOD\n(.*?)^EOD", plot, re.M | re.S)
with_one = sum(1 for b in blocks if re.match(r"%d " % least, b))
want = sum(1 for k in one if k in several)
if with_one < want:
    fails.append("plot's 1 versus N CPUs: %d of %d configurations with their 1-CPU point" %
                 (with_one, want))
for f in fails:
    print("FAIL: %s: %s" % (log, f))
print("%s: %d configurations on %s, %d of them also on more: %s" %
      (log, len(one), on, want, "all in report, summary and plot" if not fails else "not all"))
sys.exit(1 if fails else 0)
PY
done
exit $bad
