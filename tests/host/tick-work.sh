#!/usr/bin/env bash
# A tick that does work (docs/METHOD.md, "Work models"), checked where it can be:
# under -icount every instruction takes 1 ns and QEMU models no cache, so the work
# models' direct cost (the spin loop's holes: tickstat column direct, lib/pairs.h,
# the mean of the runs) must rise by at least one instruction per line, page or code line they touch
# over the handler without work (tick_work=N's rise by N is tick-inject.sh's). The
# run is issue 22's acceptance: it must end pass, its run records carry the model,
# and tickstat report must label its rows by model and give ftq's work lost per
# quantum and its spectrum's peak at the tick's rate. Work asked of the handler
# takes the full one (handler=auto), the floor model's runs too.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/tick-work
mkdir -p "$out"
log=$out/run.log

tools/run --quiet --timeout 300 --log "$log" --icount bench=tick timer=lapic hz=1000 \
	workload=spin,matrix,ftq tick_data_kib=0,16,64 tick_code_kib=0,8 tick_pages=0,32 \
	runs=2 ms=30 ||
	{ echo "FAIL: the run did not end pass"; exit 1; }
build/tickstat check "$log" >/dev/null || { echo "FAIL: damaged log"; exit 1; }
build/tickstat export --csv --type run "$log" >"$out/run.csv" || { echo "FAIL: export"; exit 1; }
build/tickstat report "$log" >"$out/report.txt" || { echo "FAIL: tickstat report"; exit 1; }

python3 - "$out/run.csv" "$log" <<'EOF' || exit 1
import csv, subprocess, sys
rows = list(csv.DictReader(open(sys.argv[1])))
fields = ("tick_work", "tick_data_kib", "tick_code_kib", "tick_pages")
failures = []
def check(label, ok):
    print(("ok   " if ok else "FAIL ") + label)
    if not ok:
        failures.append(label)

check(f"{len(rows)} run records carry {', '.join(fields)} and inject",
      rows and all(r.get(f, "") != "" for r in rows for f in fields + ("inject",)))
# work is asked, so handler=auto took the full handler for the whole sweep
check("every run record says handler full", all(r.get("handler") == "full" for r in rows))
def direct(model):
    where = [a for f, v in zip(fields, model) for a in ("--where", "%s=%d" % (f, v))]
    out = subprocess.run(["build/tickstat", "column", "direct", "--where", "workload=spin",
                          *where, sys.argv[2]], capture_output=True, text=True).stdout.split()
    return sum(map(float, out)) / len(out) if out else None
models = {tuple(int(r[f]) for f in fields) for r in rows
          if r["workload"] == "spin" and r["timer_on"] == "true"}
cost = {k: direct(k) for k in models}
cost = {k: v for k, v in cost.items() if v is not None}
check(f"{len(cost)} models measured on spin", len(cost) == 12)
floor = cost.get((0, 0, 0, 0))
# (model, at least this much more than the floor): a line (64 bytes) of data, a
# page, a 64-byte line of code each take one instruction at the least
for model, least in (((0, 16, 0, 0), 256), ((0, 64, 0, 0), 1024), ((0, 0, 8, 0), 128),
                     ((0, 0, 0, 32), 32), ((0, 64, 8, 32), 1024 + 128 + 32)):
    rise = cost[model] - floor
    check(f"direct cost {dict(zip(fields, model))}: {floor:.1f} -> {cost[model]:.1f}, "
          f"rise {rise:.1f} >= {least}", rise >= least)
sys.exit(1 if failures else 0)
EOF

for want in "data 16 KiB" "data 64 KiB, code 8 KiB, pages 32" "code 8 KiB" "pages 32" \
	"work lost per quantum" "spectrum peak at 1000 Hz" \
	"costs 1 % of the CPU"; do
	grep -q -- "$want" "$out/report.txt" || { echo "FAIL: tickstat report lacks \"$want\""; exit 1; }
	echo "ok   tickstat report: $want"
done
grep -q '"what":"pmu"' "$log" || grep -q '"type":"pmu"' "$log" ||
	{ echo "FAIL: neither a pmu record nor a pmu skip"; exit 1; }
echo "ok   a pmu record or a pmu skip"
