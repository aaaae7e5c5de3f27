#!/usr/bin/env python3
"""Read the kernel's framebuffer console back from a QEMU screendump (PPM), cell by
cell, against the very font the kernel draws with (GRUB's ascii.h), and check it
against the serial log of the same run (tests/host/screen.sh).

usage: screen-text.py PPM LOG [--min-cols N] [--mode WxHxBPP] [--scrolled]
       screen-text.py PPM - [--expect TEXT]...
       screen-text.py PPM LOG --end [--report] [--verdict] [--expect TEXT]...
       screen-text.py --fit LOG COLSxROWS [--pc]
       screen-text.py --rows PPM|XP
       screen-text.py --cycle LOG|- [--expect TEXT]... [--beside TEXT]... [--no-keys]
                      [--no-qr] [--status S] SCREEN...

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
the verdict table's shape only, beside the QR pages, and with --verdict on a text
page too) (kernel/qrscreen.c): black text on white on a grid whose
scale keeps a row within 240 cells (lib/endscreen/qrlayout.c), around QR codes (cells that are
no glyph: pictures). Row 0 must name the log's run id (the CRC-32 of its boot
record's line) and its end record's status. On a text page ("text k/m" in row 0) the
rows must be a run of the report's rows (folded as lib/endscreen/textpages.c folds them, a
table's head repeated above), below the verdict's rows and a blank row where the page
does not hold the verdict itself (lib/endscreen/textpages.c keeps it in view on every page
where it leaves 5 rows: the page must then hold it); beside the QR pages every line
of the report's verdict (the table "CPU lost to the tick on 1 CPU, % +/- 95 % ...",
as the log has it) must be the text of some row. With --report (after a key from the
QR pages) it must be the first text page, the report's first rows (below the
verdict's). Prints the screen's text.

--rows prints the end screen's rows ("|" before each), from a PPM screendump of a
framebuffer (cells that are no glyph, pictures, as DEL, 0x7f), or from QEMU's `xp /2000hx
0xb8000` of VGA text (an .xp file: the 80x25 cells as the VGA shows them).

--cycle checks the end screen over one cycle, from the --rows of dumps taken in
turn (SCREEN files, in time order): row 0 of each names one run and its status (S,
or the log's); the text pages k/n are all there, and in the cycle's order (text
1..n, then the QR pages, then text 1 again; a dump may miss a page); QR pages
were seen unless --no-qr; no text page begins with a table's row without its head
above it; each --expect TEXT is on some row, each --beside TEXT on a row beside the
QR pages; with --no-keys no row speaks of a key. With a LOG, every text page holds
the verdict (its own rows, or the verdict's kept in view first) where the grid
leaves room, and the text pages' rows, less the heads they repeat and the verdict
kept in view, are its report's lines (from "tickbench: the details" through the
answer, and any "No QR pages:" line after it), folded as the end screen folds
(lib/endscreen/textpages.c: at a space, the later rows indented by 2).

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
    """No log (no serial port): row 0 names a run and a status; beside the QR pages,
    and with --verdict on a text page too, the verdict's header is on a row and a row
    per series follows it."""
    bad = []
    if not text or not re.match(r"tickbench run [0-9a-f]{8}   status (pass|fail|error)   ", text[0]):
        bad.append("row 0 names no run and status: %r" % (text[0] if text else ""))
    caption = CAPTION.match(text[0]) if text else None
    head = next((i for i, r in enumerate(text) if r.startswith(VERDICT)), None)
    series = [r for r in text[head + 2:] if SERIES.match(r)] if head is not None else []
    text_page = caption and caption.group(4)
    if (not text_page or "--verdict" in args) and (head is None or not series):
        bad.append("no verdict table (its header and a row per series)%s" %
                   (" on text page " + caption.group(4) if text_page else ""))
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
    caption = CAPTION.match(text[0]) if text else None
    if caption and caption.group(4):            # a text page: a run of the report's rows
        body = text[2:]
        while body and not body[-1]:
            body.pop()
        body = unpinned(body, pinned_rows(verdict, cols, rows - 2), bad,
                        "text page " + caption.group(4))
        want = [r for l in kept_lines(log) for r in fold_rows(l, cols)]
        if not any(body[p:] == want[at:at + len(body) - p] for p in range(len(body))
                   for at in range(len(want))):
            bad.append("text page %s: its rows are not a run of the report's" % caption.group(4))
        if "--report" in args and (caption.group(4) != "1" or body[:1] != want[:1]):
            bad.append("not the report's first text page")
    else:                                       # the QR pages: the verdict beside them
        for l in verdict:
            if l not in text:
                bad.append("the verdict line %r is on no row" % l)
        if "--report" in args:
            bad.append("the QR pages, not the report's text pages")
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


def read_xp(path):
    """QEMU's `xp /2000hx 0xb8000`: the 80x25 VGA text cells' characters."""
    cells = []
    for l in open(path, encoding="latin-1"):
        m = re.match(r"^[0-9a-f]+:((?: 0x[0-9a-f]{4})+)", l.strip())
        if m:
            cells += [int(v, 16) & 0xff for v in m.group(1).split()]
    return ["".join(chr(c) if 32 <= c < 127 else "\0" for c in cells[r * 80:(r + 1) * 80]).rstrip()
            for r in range(25)]


def end_grid(ppm):
    """lib/endscreen/qrlayout.c's grid: the least scale that keeps a row within 240 cells."""
    w, h, _ = read_ppm(ppm)
    scale = max(1, -(-w // 1920))
    return w // (8 * scale), h // (16 * scale), scale


def end_rows(path):
    """The end screen's rows: from a VGA text .xp, or a screendump on the end screen's grid."""
    if path.endswith(".xp"):
        return read_xp(path)
    cols, rows, scale = end_grid(path)
    return screen_rows(path, cols, rows, scale)[2]


PICTURE = "\x7f"                    # --rows: a cell that is no glyph
CAPTION = re.compile(r"^tickbench run ([0-9a-f]{8})   status (\w+)   \d+ records.*   "
                     r"(text (\d+)/(\d+)|page (\d+)/(\d+)|the summary as text)")
TABLE_ROW = re.compile(r"^([a-z]+ (periodic|oneshot)( \([a-z]+\))? [a-z]+  +\S|"
                       r"(pit|lapic|tscdl|hpet) +[-0-9]|  (hlt|mwait\S*) +[a-z])")


def fold_rows(line, cols):
    """lib/endscreen/textpages.c: a row up to its last space within cols, the later rows
    indented by 2 (leading spaces after a fold dropped)."""
    rows, indent = [], 0
    while True:
        room = cols - indent
        n = len(line) if len(line) <= room else next((i for i in range(room, 0, -1) if line[i] == " "), room)
        rows.append((" " * indent + line[:n]).rstrip())
        line = line[n:].lstrip(" ")
        indent = 2
        if not line:
            return rows


PIN_ROOM = 5                        # lib/endscreen/textpages.h's TEXTPAGES_ROOM


def pinned_rows(verdict, cols, rows):
    """The verdict's rows as every text page keeps them in view (lib/endscreen/textpages.c): its
    lines folded, where they and a blank row leave PIN_ROOM of the page's rows; []
    where they would not."""
    pinned = [r for l in verdict for r in fold_rows(l, cols)]
    return pinned if pinned and len(pinned) + 1 + PIN_ROOM <= rows else []


def unpinned(body, pinned, bad, where):
    """A text page's rows below the verdict kept in view; each page must show it,
    there or as its own rows."""
    if pinned and body[:len(pinned) + 1] == pinned + [""]:
        return body[len(pinned) + 1:]
    if pinned and not all(any(r == p for r in body) for p in pinned):
        bad.append("%s holds no verdict (neither kept in view nor its own)" % where)
    return body


def kept_lines(log):
    """The report's lines as the end screen keeps them: the details and the answer,
    then a "No QR pages:" line written after the end."""
    lines = log_lines(log)
    report, _ = report_blocks(lines)
    return report + [l for l in lines if l.startswith("No QR pages:")]


def pages_against_log(pages, want, bad):
    """The text pages' rows, less the heads they repeat, are want's rows in order."""
    pos = 0
    for k in sorted(pages):
        rows = pages[k]
        cut = next((p for p in range(len(rows)) if rows[p:] == want[pos:pos + len(rows) - p]
                    and (p == 0 or any(want[h:h + p] == rows[:p] for h in range(pos)))), None)
        if cut is None:
            bad.append("text page %d is not the report's next rows (after a repeated head)" % k)
            return
        pos += len(rows) - cut
    if pos != len(want):
        bad.append("the text pages hold %d of the report's %d rows" % (pos, len(want)))


def cycle_order(seen, n, bad):
    """Text 1..n, then the QR pages, then text 1: each change of screen one the cycle
    makes (dumps may miss a screen, never go back)."""
    for a, b in zip(seen, seen[1:]):
        ok = (a[0] == "text" and b[0] == "text" and b[1] > a[1]) or \
             (a[0] == "text" and b[0] == "qr" and a[1] == n) or \
             (a[0] == "qr" and b[0] == "qr" and b[1] > a[1]) or \
             (a[0] == "qr" and b == ("text", 1))
        if not ok:
            bad.append("the screen went from %s %d to %s %d" % (a + b))


def cycle(args):
    log, rest = args[0], args[1:]
    opt = lambda name: [rest[i + 1] for i, a in enumerate(rest) if a == name]
    files = [a for i, a in enumerate(rest) if not a.startswith("--") and
             (i == 0 or rest[i - 1] not in ("--expect", "--beside", "--status"))]
    bad, pages, seen, ids, beside, everything = [], {}, [], set(), [], []
    n = None
    for f in files:
        rows = [l[1:] for l in open(f, encoding="latin-1").read().split("\n") if l.startswith("|")]
        m = CAPTION.match(rows[0] if rows else "")
        if not m:
            continue                        # not (yet) the end screen
        ids.add((m.group(1), m.group(2)))
        everything += rows
        if m.group(4):
            k, n = int(m.group(4)), int(m.group(5))
            body = rows[2:]
            while body and not body[-1]:
                body.pop()
            if len(body) >= len(pages.get(k, [])):      # a dump while it was drawn: less
                pages[k] = body
            screen = ("text", k)
        else:
            beside += [r.split(PICTURE)[0].rstrip() for r in rows[2:]]
            screen = ("qr", int(m.group(6) or 0))
        if not seen or seen[-1] != screen:
            seen.append(screen)
    status = opt("--status")[0] if opt("--status") else None
    if log != "-":
        lines = log_lines(log)
        status = next(json.loads(l) for l in reversed(lines) if l.startswith('{"type":"end"'))["status"]
    if not seen:
        bad.append("no dump shows the end screen")
    if len(ids) > 1 or (status and ids and next(iter(ids))[1] != status):
        bad.append("row 0 names %s, not one run with status %s" % (sorted(ids), status))
    missing = [k for k in range(1, (n or 0) + 1) if k not in pages]
    if n is None or missing:
        bad.append("text pages missing: %s of %s" % (missing or "all", n))
    if "--no-qr" not in rest and not any(s[0] == "qr" for s in seen):
        bad.append("no QR page seen")
    cycle_order(seen, n, bad)
    for k, body in sorted(pages.items()):
        if body and TABLE_ROW.match(body[0]):
            bad.append("text page %d begins with a table's row, its head not above it: %r" % (k, body[0]))
    bad += ["no row holds %r" % e for e in opt("--expect") if not any(e in r for r in everything)]
    bad += ["no row beside the QR pages holds %r" % e for e in opt("--beside")
            if not any(e in r for r in beside)]
    if "--no-keys" in rest:
        bad += ["a row speaks of a key: %r" % r for r in everything if "key" in r.lower()][:1]
    if log != "-" and pages and not missing:
        grid = re.search(r"^grid (\d+)x(\d+)", open(files[0], encoding="latin-1").read(), re.M)
        cols, rows = int(grid.group(1)), int(grid.group(2))
        pinned = pinned_rows(report_blocks(log_lines(log))[1], cols, rows - 2)
        pages = {k: unpinned(body, pinned, bad, "text page %d" % k) for k, body in pages.items()}
        want = [r for l in kept_lines(log) for r in fold_rows(l, cols)]
        pages_against_log(pages, want, bad)
    print("cycle: %d dumps, the screens in turn: %s" % (len(files), " ".join("%s%d" % s for s in seen)))
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


def main():
    args = sys.argv[1:]
    if args[0] == "--fit":
        return fit(args[1], args[2], "--pc" in args)
    if args[0] == "--rows":
        rows = end_rows(args[1])
        cols = 80 if args[1].endswith(".xp") else end_grid(args[1])[0]
        print("grid %dx%d" % (cols, len(rows)))
        for r in rows:
            print("|" + r.replace("\0", PICTURE))
        return 0
    if args[0] == "--cycle":
        return cycle(args[1:])
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
