#!/usr/bin/env python3
"""Read the kernel's framebuffer console back from a QEMU screendump (PPM), cell by
cell, against the very font the kernel draws with (GRUB's ascii.h), and check it
against the serial log of the same run (tests/host/screen.sh).

usage: screen-text.py PPM LOG [--min-cols N] [--mode WxHxBPP] [--scrolled]
       screen-text.py PPM - [--expect TEXT]...
       screen-text.py PPM LOG --end [--report] [--expect TEXT]...
       screen-text.py --fit LOG COLSxROWS [--pc]

Checks: the boot record's screen_text grid holds >= N columns; the dump has the
mode's size; every screen row is a human line (none starts with '{' or holds a
record's "type" member); the rows are, in order, a contiguous run of the log's
human lines from the kernel's first line on, wrapped at the grid's width (the
last written row may be a line still being written); with --scrolled, the first
row is not the kernel's first line (the console scrolled rather than wrapped or
stopped). With no log ("-": a run with no serial port), the grid follows from the
dump's size as the kernel computes it, and each TEXT must be on some row, which
must all be human lines. Lines longer than a row go on below, broken after their
last space within the row (arch/x86/fb.c).

--end reads the end screen (with LOG "-": a run without a serial port: row 0 and
the verdict table's shape only) (kernel/qrscreen.c): black text on white on a grid whose
scale keeps a row within 240 cells (lib/qrlayout.c), around QR codes (cells that are
no glyph: pictures). Row 0 must name the log's run id (the CRC-32 of its boot
record's line) and its end record's status; every line of the report's verdict (the
table "CPU lost to the tick on 1 CPU, % +/- 95 % ...", as the log has it) must be the text
of some row; with --report (the full report, after a key) every line of the report
from "tickbench: the details" or the answer's banner on that must, in order. Prints
the screen's text.

--fit: the rows the report's answer takes on a console of COLS columns (its
banner through "tickbench: finished", wrapped as the console wraps), with --pc as
on a PC (a fourth timer's 4 rows more, the warnings in one row): at most ROWS. Exit 0
when every check holds."""
import json, re, sys, zlib

FONT_H = "/usr/share/grub/ascii.h"
VERDICT = "CPU lost to the tick on 1 CPU, % +/- 95 %"   # the verdict table's first line
SERIES = re.compile(r"^[a-z]+ (periodic|oneshot)( \([a-z]+\))? [a-z]+  +\S")   # a verdict row


def load_font():
    text = open(FONT_H).read()
    body = text[text.index("{") + 1:text.rindex("}")]
    data = [int(v, 16) for v in re.findall(r"0x[0-9a-fA-F]+", body)]
    glyphs = {}
    for c in range(126, 31, -1):        # printable ASCII wins over look-alikes
        glyphs[tuple(data[c * 16:c * 16 + 16])] = chr(c)
    return glyphs


def read_ppm(path):
    raw = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:              # P6 W H MAXVAL, whitespace-separated
        m = re.compile(rb"\s*(#[^\n]*\n\s*)*(\S+)").match(raw, pos)
        fields.append(m.group(2))
        pos = m.end()
    assert fields[0] == b"P6", "not a binary PPM"
    w, h = int(fields[1]), int(fields[2])
    return w, h, raw[pos + 1:]


THRESH = bytes(1 if v > 96 else 0 for v in range(256))      # a lit pixel: its red
BITS = {bytes((v >> (7 - i)) & 1 for i in range(8)): v for v in range(256)}


def cell_text(px, w, x0, y0, scale, font):
    """The glyph in the cell at (x0, y0): light on dark (the console) or dark on light
    (the end screen); "\0" for a cell that is neither (a picture). Each glyph pixel
    is sampled at its centre, in the red channel (the text is grey, black or white)."""
    step, half, bits = 3 * scale, scale // 2, []
    for gy in range(16):
        at = 3 * ((y0 + gy * scale + half) * w + x0 + half)
        bits.append(BITS[px[at:at + 8 * step:step].translate(THRESH)])
    bits = tuple(bits)
    return font.get(bits) or font.get(tuple(b ^ 0xff for b in bits), "\0")


def screen_rows(ppm, cols, rows, scale=None):
    w, h, px = read_ppm(ppm)
    scale = scale or w // (8 * cols)
    font = load_font()
    lines = []
    for r in range(rows):
        line = [cell_text(px, w, c * 8 * scale, r * 16 * scale, scale, font) for c in range(cols)]
        lines.append("".join(line).rstrip())
    return w, h, lines


def human_lines(log):
    text = open(log, "rb").read().decode("latin-1").replace("\r", "")
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("tickbench ") and ": booted by" in l)
    boot = next(json.loads(l) for l in lines if l.startswith('{"type":"boot"'))
    return boot, [l for l in lines[start:] if not l.startswith("{") and not l.startswith("acpidump")]


def wrapped(lines, cols):
    """The rows the console gives each line: a full row's last word goes on below
    (after the row's last space; a row without one is cut), a space at the break
    is dropped."""
    out = []
    for l in lines:
        while len(l) > cols:
            cut = l.rfind(" ", 0, cols) + 1 if l[cols] != " " else cols
            cut = cut or cols
            out.append(l[:cut].rstrip())
            l = l[cut + 1:] if l[cut:cut + 1] == " " else l[cut:]
        out.append(l.rstrip())
    return out


def kernel_grid(w, h):
    """arch/x86/fb.c: the least scale that keeps a line within 160 columns."""
    scale = max(1, -(-w // 1280))
    return min(160, w // (8 * scale)), h // (16 * scale)


def without_log(ppm, expects):
    w, h, _ = read_ppm(ppm)
    cols, rows = kernel_grid(w, h)
    _, _, screen = screen_rows(ppm, cols, rows)
    for l in screen:
        print("|" + l)
    bad = ["row %d is not a human line: %r" % (i, l) for i, l in enumerate(screen)
           if l.startswith("{") or '"type":' in l or "\0" in l]
    bad += ["no row holds %r" % e for e in expects if not any(e in l for l in screen)]
    print("screen %dx%d, text %dx%d" % (w, h, cols, rows))
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


def log_lines(log):
    return open(log, "rb").read().decode("latin-1").replace("\r", "").split("\n")


def report_blocks(lines):
    """The report's lines (details and answer, up to its closing line) and its
    verdict table (the header line, the HZ row and one row per series)."""
    start = next((i for i, l in enumerate(lines) if l.startswith("tickbench: the details")
                  or l.startswith("=" * 24 + " tickbench: the answer")), None)
    if start is None:
        return [], []
    report = []
    for l in lines[start:]:
        if l.startswith("{"):
            continue
        if l.startswith("tickbench: finished"):
            break
        if l:
            report.append(l)
    v = next((i for i, l in enumerate(report) if l.startswith(VERDICT)), None)
    verdict = []
    if v is not None:
        verdict = [report[v]]
        for l in report[v + 1:]:
            if not (l.startswith(" ") or l.startswith("(") or SERIES.match(l)):
                break
            verdict.append(l.rstrip())
    return report, verdict


def end_screen_alone(text, args):
    """No log (no serial port): row 0 names a run and a status, the verdict's header
    is on a row and a row per series follows it."""
    bad = []
    if not text or not re.match(r"tickbench run [0-9a-f]{8}   status (pass|fail|error)   ", text[0]):
        bad.append("row 0 names no run and status: %r" % (text[0] if text else ""))
    head = next((i for i, r in enumerate(text) if r.startswith(VERDICT)), None)
    series = [r for r in text[head + 2:] if SERIES.match(r)] if head is not None else []
    if head is None or not series:
        bad.append("no verdict table (its header and a row per series)")
    bad += ["no row holds %r" % e for e in [args[i + 1] for i, a in enumerate(args) if a == "--expect"]
            if not any(e in r for r in text)]
    print("end screen without a log: %s, %d verdict rows" % (text[0] if text else "-", len(series)))
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


def end_screen(ppm, log, args):
    w, h, _ = read_ppm(ppm)
    scale = max(1, -(-w // 1920))
    cols, rows = w // (8 * scale), h // (16 * scale)
    _, _, screen = screen_rows(ppm, cols, rows, scale)
    text = [r.split("\0")[0].rstrip() for r in screen]     # up to the first picture cell
    for r in screen:
        print("|" + r.replace("\0", "#"))
    if log == "-":
        return end_screen_alone(text, args)
    lines = log_lines(log)
    boot = next(l for l in lines if l.startswith('{"type":"boot"'))
    end = next(json.loads(l) for l in reversed(lines) if l.startswith('{"type":"end"'))
    run_id = "%08x" % zlib.crc32(boot.encode("latin-1"))
    report, verdict = report_blocks(lines)
    bad = []
    head = "tickbench run %s   status %s" % (run_id, end["status"])
    if not text or not text[0].startswith(head):
        bad.append("row 0 is not %r..." % head)
    if not verdict:
        bad.append("the log has no verdict table")
    for l in verdict:
        if l not in text:
            bad.append("the verdict line %r is on no row" % l)
    if "--report" in args:
        want = wrapped(report, cols)
        at = next((i for i in range(len(text)) if text[i:i + len(want)] == want), None)
        tail = next((i for i in range(len(want)) if text[2:2 + len(want) - i] == want[i:]), None)
        if at is None and tail is None:
            bad.append("the report's lines are not the screen's rows, in order")
    bad += ["no row holds %r" % e for e in [args[i + 1] for i, a in enumerate(args) if a == "--expect"]
            if not any(e in r for r in text)]
    print("end screen %dx%d, text %dx%d (scale %d), run %s, %d verdict lines"
          % (w, h, cols, rows, scale, run_id, len(verdict)))
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


def fit(log, size, pc):
    """The answer's rows at COLS; --pc: as a PC would give them, with a fourth timer
    (its timer row and a verdict row per workload: 4) and no emulator (the warning
    paragraph one row at most)."""
    cols, rows = map(int, size.split("x"))
    lines = [l for l in log_lines(log) if not l.startswith("{")]
    start = next(i for i, l in enumerate(lines) if l.startswith("=" * 24 + " tickbench: the answer"))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("tickbench: finished"))
    answer = [lines[i] if i < end else "tickbench: finished" for i in range(start, end + 1)]
    shown = wrapped(answer, cols)
    # the warning paragraph: its first line and the lines that continue it
    para, warning = False, 0
    for l in answer:
        para = l.startswith("warning  ") or (para and l.startswith(" " * 9))
        warning += len(wrapped([l], cols)) if para else 0
    extra = 4 - max(0, warning - 1) if pc else 0
    for r in shown:
        print("|" + r)
    ok = len(shown) + extra <= rows
    print("%s: the answer takes %d rows of %d columns%s: %s %d" %
          ("ok" if ok else "FAIL", len(shown), cols,
           ", %d on a PC with four timers" % (len(shown) + extra) if pc else "",
           "within" if ok else "more than", rows))
    return 0 if ok else 1


def main():
    args = sys.argv[1:]
    if args[0] == "--fit":
        return fit(args[1], args[2], "--pc" in args)
    ppm, log = args[0], args[1]
    if "--end" in args:
        return end_screen(ppm, log, args)
    if log == "-":
        return without_log(ppm, [args[i + 1] for i, a in enumerate(args) if a == "--expect"])
    min_cols = int(args[args.index("--min-cols") + 1]) if "--min-cols" in args else 80
    mode = args[args.index("--mode") + 1] if "--mode" in args else None
    boot, human = human_lines(log)
    cols, rows = map(int, boot["screen_text"].split("x"))
    w, h, screen = screen_rows(ppm, cols, rows)
    for l in screen:
        print("|" + l)
    bad = []
    if boot["screen"] != "framebuffer":
        bad.append("screen is %s, not framebuffer" % boot["screen"])
    if cols < min_cols:
        bad.append("%d columns, fewer than %d" % (cols, min_cols))
    if mode and boot["screen_mode"] != mode:
        bad.append("screen_mode %s, expected %s" % (boot["screen_mode"], mode))
    if mode and "%dx%d" % (w, h) != mode.rsplit("x", 1)[0]:
        bad.append("the screendump is %dx%d, not %s" % (w, h, mode))
    for i, l in enumerate(screen):
        if l.startswith("{") or '"type":' in l or "\0" in l:
            bad.append("row %d is not a human line: %r" % (i, l))
    shown = screen[:]
    while shown and not shown[-1]:
        shown.pop()
    want = wrapped(human, cols)
    at = next((i for i in range(len(want)) if want[i:i + len(shown) - 1] == shown[:-1]
               and want[i + len(shown) - 1].startswith(shown[-1])), None) if shown else None
    if at is None:
        bad.append("the screen's rows are not a run of the log's human lines")
    elif "--scrolled" in args and at == 0:
        bad.append("the screen did not scroll: its first row is the kernel's first line")
    elif "--scrolled" not in args and at != 0:
        bad.append("the kernel's first line is not the screen's first row")
    print("screen %dx%d, text %dx%d, %d rows written, first row = human line %s of %d"
          % (w, h, cols, rows, len(shown), at, len(want)))
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


sys.exit(main())
