#!/usr/bin/env python3
"""tickstat compare -n --ministat against exact rational arithmetic.

usage: tickstat-exact.py TICKSTAT STATS_C [SETS_PER_KIND [SEED]]
       tickstat-exact.py --judge STATS_C LEVEL OUTPUT FILE...
                         (OUTPUT: what compare -n --ministat -c LEVEL FILE... printed)

Random sets of every kind below are written to files as decimal text, compared
seven at a time (the first against each other), and every figure tickstat prints
is judged against the same figure computed with Python's fractions over the
numbers the files' text denotes: the vitals (Min, Max, Median, Avg, Stddev at
%13.8g), the verdict (proven exactly when diff^2 > (t s)^2 (1/na + 1/nb)) and the
lines of a difference (diff, its interval, both in %, and the pooled s at %g).
A figure is off when it is farther from the exact value than 0.51 of its last
printed digit: rounding, and 0.01 for a value near a tie that the rounding of the
numbers' text to doubles (at most 0.005 of a digit, or tickstat refuses them) may
carry to the other side.
The t values are ministat's table (tools/tickstat/stats.c, ministat_t[], which
tests/host/tickstat-vs-ministat.sh holds to Debian's ministat). Square roots are
taken with 60 significant digits.

A kind whose decimal text a double cannot always hold finely enough for the printed
digits ("excess": 20 significant digits, the spread in the last 1, 4, 7 or 13) must
be refused with a message (exit 2) or printed right; no other kind may be refused.
Prints a line per kind and exits 1 if any figure is off."""
import decimal
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

D = decimal.Context(prec=60, Emin=-9999, Emax=9999)

KINDS = {
    # name: a function (rng, n) -> list of decimal strings
    "ordinary": lambda r, n: ["%.6f" % r.gauss(r.choice([10, 100, 5e6]), r.choice([1, 10, 2e4]))
                              for _ in range(n)],
    "integers": lambda r, n: [str(r.randint(0, r.choice([3, 10, 1000]))) for _ in range(n)],
    "constant": lambda r, n: [r.choice(["7.55", "0.1", "3", "-2.25", "1e-200", "3000000000000001",
                                        "123456.789"])] * n,
    "near-3e15": lambda r, n: [str(3 * 10**15 + r.randint(0, r.choice([2, 10, 1000])))
                               for _ in range(n)],
    "above-1e12": lambda r, n: (lambda base: [str(base + r.randint(0, 30)) for _ in range(n)])(
        r.randint(10**12, 9 * 10**15)),
    "one-pass-negative": lambda r, n: (lambda base: [str(base + 7 * r.randint(0, 9)) for _ in range(n)])(
        r.randint(10**8, 10**11)),
    "tiny": lambda r, n: ["%.4fe-%d" % (r.uniform(1, 3), r.choice([200, 250, 300])) for _ in range(n)],
    "huge": lambda r, n: ["%.5fe%d" % (r.uniform(1, 9), r.choice([50, 99])) for _ in range(n)],
    "mixed-sign": lambda r, n: ["%.6f" % r.gauss(0, 1) for _ in range(n)],
    "excess": lambda r, n: (lambda top: ["1000000.%013d" % r.randint(0, top) for _ in range(n)])(
        10 ** r.choice([1, 4, 7, 13]) - 1),
}
LEVELS = ["80", "90", "95", "98", "99", "99.5"]      # compare -c's
MAY_REFUSE = {"excess"}
GROUP = {"excess": 2}           # sets compared at once (else 7, ministat's most)


def t_table(stats_c):
    """ministat's table as tickstat has it: {df: [80, 90, 95, 98, 99, 99.5]}, 0 the normal row."""
    text = open(stats_c).read()
    body = text[text.index("ministat_t[101]"):]
    rows = re.findall(r"/\*\s*(inf|\d+) \*/ \{([^}]*)\}", body)[:101]
    return {0 if df == "inf" else int(df): [Fraction(v.strip()) for v in vals.split(",")]
            for df, vals in rows}


def sqrt(q):
    """The square root of a Fraction as a Decimal of 60 digits."""
    return D.sqrt(D.divide(decimal.Decimal(q.numerator), decimal.Decimal(q.denominator)))


def dec(q):
    return D.divide(decimal.Decimal(q.numerator), decimal.Decimal(q.denominator))


def exact_set(texts):
    v = sorted(Fraction(t) for t in texts)
    n = len(v)
    mean = sum(v) / n
    var = sum((x - mean) ** 2 for x in v) / (n - 1)
    return {"n": n, "min": v[0], "max": v[-1], "median": v[n // 2], "mean": mean, "var": var}


def off(printed, exact, digits):
    """Whether the printed figure misses the exact value (Fraction or Decimal) by
    more than half its last digit (%.<digits>g)."""
    p = decimal.Decimal(printed)
    e = exact if isinstance(exact, decimal.Decimal) else dec(exact)
    if e == 0 or p == 0:
        return p != e
    unit = decimal.Decimal(1).scaleb(p.adjusted() - digits + 1)
    return abs(p - e) > unit * decimal.Decimal("0.51")


class Judge:
    def __init__(self, table):
        self.table = table
        self.figures = 0
        self.bad = []

    def check(self, what, printed, exact, digits):
        self.figures += 1
        if off(printed, exact, digits):
            self.bad.append("%s: printed %s, exact %s" % (what, printed, D.create_decimal(
                exact if isinstance(exact, decimal.Decimal) else dec(exact)).normalize(D)))

    def vitals(self, where, fields, e):
        for name, printed in zip(["min", "max", "median", "mean"], fields[2:6]):
            self.check("%s %s" % (where, name), printed, e[name], 8)
        self.check(where + " stddev", fields[6], sqrt(e["var"]), 8)

    def relative(self, where, a, b, lines, ci):
        """lines: what tickstat printed after b's vitals."""
        df = a["n"] + b["n"] - 2
        t = self.table[df if df <= 100 else 0][ci]
        s2 = ((a["n"] - 1) * a["var"] + (b["n"] - 1) * b["var"]) / df
        diff = b["mean"] - a["mean"]
        err2 = t * t * s2 * (Fraction(1, a["n"]) + Fraction(1, b["n"]))
        proven = diff * diff > err2
        said = lines[0].startswith("Difference at")
        self.figures += 1
        if said != proven:
            self.bad.append("%s: says %r, exact: %s" % (where, lines[0],
                            "proven" if proven else "not proven"))
            return
        if not proven:
            return
        d, e = re.match(r"\t(\S+) \+/- (\S+)$", lines[1]).groups()
        ps = re.match(r"\t\(Student's t, pooled s = (\S+)\)$", lines[3]).group(1)
        err = sqrt(err2)
        self.check(where + " diff", d, diff, 6)
        self.check(where + " +/-", e, err, 6)
        if a["mean"]:           # else no share of a mean of 0 (ministat's inf%)
            pd, pe = re.match(r"\t(\S+)% \+/- (\S+)%$", lines[2]).groups()
            self.check(where + " diff %", pd, diff * 100 / a["mean"], 6)
            self.check(where + " +/- %", pe, err * 100 / dec(a["mean"]), 6)   # signed, as ministat
        elif lines[2] != "\t(no % of the first set's mean, 0)":
            self.bad.append("%s: a share of a mean of 0: %r" % (where, lines[2]))
        self.check(where + " pooled s", ps, sqrt(s2), 6)


def run(ts, files, ci_arg):
    return subprocess.run([ts, "compare", "-n", "--ministat", "-c", ci_arg] + files,
                          capture_output=True, text=True)


def judge_output(judge, out, sets, where, ci):
    lines = out.splitlines()
    vit = [i for i, l in enumerate(lines) if re.match(r"^[x+*%#@O] +\d+ ", l)]
    if len(vit) != len(sets):
        judge.bad.append("%s: %d vitals lines for %d sets" % (where, len(vit), len(sets)))
        return
    for k, i in enumerate(vit):
        judge.vitals("%s set %d" % (where, k), lines[i].split(), sets[k])
        if k:
            judge.relative("%s set %d vs 0" % (where, k), sets[0], sets[k], lines[i + 1:i + 5], ci)


def judge_one(stats_c, level, output, files):
    """The figures of one compare's output, against exact arithmetic."""
    judge = Judge(t_table(stats_c))
    sets = [exact_set(open(f).read().split()) for f in files]
    judge_output(judge, open(output).read(), sets, output, LEVELS.index(level))
    for line in judge.bad:
        print(line)
    return 1 if judge.bad else 0


def groups(kind, gen, rng, per_kind, tmp):
    """The kind's sets in groups as one compare takes them, drawn in one order (so a
    seed gives the same sets): (files, exact sets, level's index, first set's number)."""
    out, done = [], 0
    while done < per_kind:
        k = max(2, min(GROUP.get(kind, 7), per_kind - done))
        files, sets = [], []
        for j in range(k):
            texts = gen(rng, rng.choice([3, 4, 5, 8, 13, 30, 60]))
            path = os.path.join(tmp, "%s%d-%d" % (kind, len(out), j))
            with open(path, "w") as f:
                f.write("\n".join(texts) + "\n")
            files.append(path)
            sets.append(exact_set(texts))
        out.append((files, sets, rng.randrange(len(LEVELS)), done))
        done += k
    return out


def main():
    if sys.argv[1] == "--judge":
        return judge_one(*sys.argv[2:5], sys.argv[5:])
    ts, stats_c = sys.argv[1], sys.argv[2]
    per_kind = int(sys.argv[3]) if len(sys.argv) > 3 else 1001
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 29)
    judge = Judge(t_table(stats_c))
    status = 0
    # The compares eight at a time: each is a short process, which a loaded machine
    # schedules late one by one (the judging, in order, takes a fifth of the time).
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(8) as pool:
        for kind, gen in KINDS.items():
            refused = 0
            before_bad, before_figures = len(judge.bad), judge.figures
            todo = groups(kind, gen, rng, per_kind, tmp)
            runs = pool.map(lambda g: run(ts, g[0], LEVELS[g[2]]), todo)
            for (files, sets, ci, first), r in zip(todo, runs):
                where = "%s #%d -c %s" % (kind, first, LEVELS[ci])
                if r.returncode == 2 and kind in MAY_REFUSE and r.stderr.strip():
                    refused += len(sets)
                    continue
                if r.returncode != 0:
                    judge.bad.append("%s: exit %d: %s" % (where, r.returncode, r.stderr.strip()))
                    continue
                judge_output(judge, r.stdout, sets, where, ci)
            bad = judge.bad[before_bad:]
            print("%-18s %5d sets, %6d figures judged, %d refused, %d off" %
                  (kind, sum(len(g[1]) for g in todo), judge.figures - before_figures, refused, len(bad)))
            for line in bad[:8]:
                print("    " + line)
            if bad or (kind in MAY_REFUSE and refused == 0 and judge.figures == before_figures):
                status = 1
    print("%d figures judged, %d off" % (judge.figures, len(judge.bad)))
    return status


if __name__ == "__main__":
    sys.exit(main())
