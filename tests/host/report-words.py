#!/usr/bin/env python3
"""The kernel's report says what tickstat report says, in the same words: every
share and verdict of the kernel's two tables (the log's text lines) against the
lines tickstat report prints for the same log.

usage: report-words.py LOG REPORT     (REPORT: tickstat report LOG's output)

The kernel writes in ASCII ("+/-" for "±") and in table cells:
  details "CPU lost at each HZ": the cell of HZ=h   == tickstat's item "HZ=h SHARE";
  the answer's "CPU lost to the tick": the cell of "HZ=b vs HZ=a"
    "DIFF"                          == "HZ=b vs HZ=a: DIFF of the CPU (95 %, ...)"
    "NEED"                          == "HZ=b vs HZ=a: no difference proven (NEED): DIFF"
                                       ("needed: 1 boot x 37 runs", "identical means");
    "too few runs (n=x+y)"          == "...: too few runs to compare (n=x+y)";
  a cell's " (noise)" (beyond +/-100 %) and " (n=...)" (not the table's n) are the
  kernel's own. Every verdict and share of either side must be on the other.
Prints each comparison; exit 0 when all agree."""
import re, sys

SERIES = re.compile(r"^(\w+) (periodic|oneshot)(?: \((\w+)\))? (\w+)$")


def table(lines, start):
    """Rows of the table whose HZ header is lines[start]: {(label, hz): cell}."""
    head = lines[start]
    cols = [(m.start(), int(m.group(1))) for m in re.finditer(r"HZ=(\d+)(?: vs HZ=\d+)?", head)]
    cells = {}
    for row in lines[start + 1:]:
        label = row[:cols[0][0]].strip()
        if not SERIES.match(label):
            break
        for i, (at, hz) in enumerate(cols):
            end = cols[i + 1][0] if i + 1 < len(cols) else None
            cells[(label, hz)] = row[at:end].strip()
    return cells


def kernel_tables(log):
    text = [l.rstrip("\r") for l in open(log, encoding="latin-1").read().split("\n")
            if not l.startswith("{")]
    details = next(i for i, l in enumerate(text) if l.startswith("CPU lost at each HZ on 1 CPU"))
    answer = next(i for i, l in enumerate(text) if l.startswith("CPU lost to the tick on 1 CPU, % +/- 95 %"))
    base = int(re.search(r"vs HZ=(\d+)", text[answer + 1]).group(1))
    return table(text, details + 1), table(text, answer + 1), base


def tickstat_lines(report):
    """tickstat's lines, continuations (6 spaces or more) joined back."""
    out = []
    for l in open(report, encoding="utf-8").read().split("\n"):
        if l.startswith(" " * 6) and out:
            out[-1] += " " + l.strip()
        else:
            out.append(l)
    return [l.replace("±", "+/-").replace("×", "x") for l in out]


def tickstat_figures(report):
    """{(label, hz): share} and {(label, hz, vs): verdict text}, labels as the
    kernel writes them (the delivery where the kernel names it: both tried)."""
    shares, verdicts, source, series = {}, {}, None, None
    for l in tickstat_lines(report):
        m = re.match(r"^(\w+) (periodic|one-shot re-armed) \((\w+)\)$", l)
        if m:
            source = (m.group(1), "oneshot" if m.group(2) != "periodic" else "periodic", m.group(3))
            continue
        m = re.match(r"^  (\w+) +(HZ=.*?)(?: \(n=\d+\)| \(95 %[^)]*\))?$", l)
        if m and source:
            series = m.group(1)
            for item in m.group(2).split("; "):
                hz, share = re.match(r"HZ=(\d+) (.*)", item).groups()
                shares[(source, series, int(hz))] = share
            continue
        m = re.match(r"^    HZ=(\d+) vs HZ=(\d+): (.*)$", l)
        if m and source and series:
            verdicts[(source, series, int(m.group(1)), int(m.group(2)))] = m.group(3)
    return shares, verdicts


def label_key(label):
    timer, mode, delivery, workload = SERIES.match(label).groups()
    return timer, mode, delivery, workload


def find(figures, label, *rest):
    timer, mode, delivery, workload = label_key(label)
    hits = [v for k, v in figures.items() if k[0][0] == timer and k[0][1] == mode and
            (delivery is None or k[0][2] == delivery) and k[1] == workload and k[2:] == rest]
    return hits[0] if len(hits) == 1 else None


def own_notes(cell):
    return re.sub(r"( \(noise\)| \(n=\d+\+?\d*\))+$", "", cell)


def expected_cell(verdict):
    m = re.match(r"^(.*?) of the CPU \(95 %", verdict)
    if m:
        return m.group(1)
    m = re.match(r"^no difference proven \(([^)]*)\):", verdict)
    if m:
        return m.group(1)
    m = re.match(r"^too few runs to compare (\(n=\d+\+\d+\))$", verdict)
    return "too few runs %s" % m.group(1) if m else None


def main():
    log, report = sys.argv[1], sys.argv[2]
    details, answer, base = kernel_tables(log)
    shares, verdicts = tickstat_figures(report)
    bad = []

    def check(what, kernel, tick):
        ok = tick is not None and kernel == tick
        print(("ok   " if ok else "FAIL ") + "%s: kernel %r, tickstat %r" % (what, kernel, tick))
        if not ok:
            bad.append(what)

    for (label, hz), cell in sorted(details.items()):
        if cell != "-":
            check("%s HZ=%d" % (label, hz), own_notes(cell), find(shares, label, hz))
    for (label, hz), cell in sorted(answer.items()):
        if cell != "-":
            v = find(verdicts, label, hz, base)
            check("%s HZ=%d vs HZ=%d" % (label, hz, base), own_notes(cell) if not cell.startswith("too few") else cell,
                  expected_cell(v) if v else None)
    n_kernel = sum(c != "-" for c in answer.values())
    n_tick = sum(1 for k in verdicts if k[3] == base)
    if n_kernel != n_tick:
        bad.append("verdict count")
        print("FAIL %d verdicts in the kernel's table, %d in tickstat's report" % (n_kernel, n_tick))
    print("%d shares and %d verdicts compared: %s" % (len(details), n_kernel,
          "%d differ" % len(bad) if bad else "the same words"))
    return 1 if bad else 0


sys.exit(main())
