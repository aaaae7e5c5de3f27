#!/usr/bin/env python3
"""Hand-made idle logs with known answers (tests/host/tickstat-idle.sh says which),
as bench=idle writes them on a PC with RAPL, which no platform here has:
DIR/energy.log (package power in every window) and DIR/none.log (no energy figure,
idle's skip naming RAPL), each with its truth in LOG.json. usage: gen-idle-log.py DIR
"""
import json, sys, zlib
tmp = sys.argv[1]
TSC = 1000000000
drift = [0.0, 30.0, -20.0, 10.0, 50.0]                  # mW, common to a run's windows
own = {0: [0.3, -0.2, 0.1, 0.0, -0.4], 100: [1.9, -2.1, 1.4, -0.8, 0.6],
       1000: [0.2, 0.1, -0.3, 0.4, 0.0]}
base = {0: 1000.0, 100: 1000.5, 1000: 1500.0}
pc6 = {0: 900000, 100: 880000, 1000: 600000}           # ppm
def log(path, energy):
    recs = [{"type": "boot", "format": 1, "cmdline": "hand-made idle"},
            {"type": "calibration", "tsc_hz": TSC}]
    for w, what, stamp, p50 in (("hlt", "lapic", "handler", 2000), ("mwait:C6", "lapic", "handler", 60000),
                                ("mwait:C6", "lapic", "wake", 55000), ("mwait:C6", "ipi", "handler", 90000)):
        for run in range(3):
            recs.append({"type": "stats", "bench": "latency", "what": what, "mode": "oneshot",
                         "delivery": "local", "wait": w, "stamp": stamp, "cpu": 0, "cpus": 1,
                         "run": run, "unit": "cycles", "n": 10, "min": p50, "max": p50 + 900,
                         "sum": 10 * p50 + 100 * run, "p50": p50 + 10 * run, "p90": p50 + 100,
                         "p99": p50 + 500, "p999": p50 + 800, "hist_lo": [p50], "hist_n": [10]})
    if not energy:
        recs.append({"type": "skip", "bench": "idle", "what": "energy",
                     "reason": "RAPL: the package energy counter (MSR 0x611) did not move in 100 ms"})
    for run in range(5):
        for hz in (0, 100, 1000):
            mw = base[hz] + drift[run] + own[hz][run]
            r = {"type": "idle", "wait": "hlt", "timer": "tscdl" if hz == 0 else "lapic",
                 "mode": "tickless" if hz == 0 else "periodic", "delivery": "local", "hz": hz,
                 "run": run, "cpus": 4, "ms": 1000, "cycles": TSC, "wakeups": max(hz, 1),
                 "spurious": 0}
            if hz:
                r["expected"] = hz
                if not energy and hz == 1000:
                    r["wakeups"] = hz // 2      # ticks merged while pending (TCG's MWAIT)
            if energy:
                r.update(energy_uj=round(mw * 1000), power_uw=round(mw * 1000), energy_reads=2)
            r.update(residency_c0_ppm=1000, residency_cc6_ppm=990000, residency_pc6_ppm=pc6[hz])
            recs.append(r)
    recs.append({"type": "end", "records": len(recs), "status": "pass"})
    with open(path, "w") as f:
        for seq, r in enumerate(recs):
            r = dict([("type", r["type"]), ("seq", seq)] + [(k, v) for k, v in r.items() if k != "type"])
            line = json.dumps(r, separators=(",", ":"))[:-1]
            f.write('%s,"crc":"%08x"}\n' % (line, zlib.crc32(line.encode())))
    json.dump({"drift": drift, "own": own, "base": base}, open(path + ".json", "w"))
log(tmp + "/energy.log", True)
log(tmp + "/none.log", False)
