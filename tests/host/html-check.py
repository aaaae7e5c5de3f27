#!/usr/bin/env python3
"""Judge a tickstat HTML report as Chromium rendered it (tests/host/tickstat-html.sh).

usage: html-check.py CONSOLE NETLOG PROBE SECTIONS TERMINAL...

CONSOLE: Chromium's stderr with --enable-logging=stderr --v=0 as it loaded the
page; NETLOG: its --log-net-log; PROBE: the DOM (chromium --dump-dom) of a copy of
the page with the probe script (html-probe.js) run in it, which adds each chart's
data marks' boxes as laid out; SECTIONS: the section ids that must be
there, comma-separated, each with its charts as id:N (at least N charts);
("answer:N": at least N figures in the answer, 1 by default);
TERMINAL: tickstat report's text of each column of the answer, in order (one
file for a page of one column). Prints what fails, one a line; exits 1 if any.
"""
import json
import sys
from html.parser import HTMLParser

failures = []


def fail(text):
    failures.append(text)
    print("FAIL: " + text)


class Page(HTMLParser):
    """The sections (id, heading, charts), the answer's tables and paragraphs."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.sections, self.section = {}, None
        self.stack, self.tables, self.table, self.row, self.cell = [], [], None, None, None
        self.paras, self.para, self.in_h2, self.probe = [], None, False, None
        self.in_probe, self.external, self.answer_figures = False, [], 1

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("src", "href", "data", "action", "poster"):
            v = a.get(key, "")
            if v and not v.startswith("#") and not v.startswith("data:"):
                self.external.append("%s %s=%s" % (tag, key, v))
        if tag == "section":
            self.section = a.get("id")
            self.sections[self.section] = {"heading": "", "charts": 0, "text": 0}
        elif tag == "h2":
            self.in_h2 = True
        elif tag == "svg" and self.section and "chart" in a.get("class", ""):
            self.sections[self.section]["charts"] += 1
        elif tag == "table" and self.section == "answer":
            self.table = {"cls": a.get("class", ""), "rows": []}
            self.tables.append(self.table)
        elif tag == "tr" and self.table is not None:
            self.row = {"cells": [], "label": a.get("data-label"), "head": a.get("data-head")}
            self.table["rows"].append(self.row)
        elif tag in ("td", "th") and self.row is not None:
            self.cell = ""
        elif tag in ("p", "div") and self.section == "answer" and \
                ("para" in a.get("class", "") or "warn" in a.get("class", "")):
            self.para = ""
        elif tag == "pre" and a.get("id") == "probe":
            self.in_probe, self.probe = True, ""

    def handle_endtag(self, tag):
        if tag == "h2":
            self.in_h2 = False
        elif tag == "section":
            self.section = None
        elif tag == "table":
            self.table, self.row = None, None
        elif tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row["cells"].append(" ".join(self.cell.split()))
            self.cell = None
        elif tag in ("p", "div") and self.para is not None:
            self.paras.append(" ".join(self.para.split()))
            self.para = None
        elif tag == "pre":
            self.in_probe = False

    def handle_data(self, data):
        if self.in_h2 and self.section:
            self.sections[self.section]["heading"] += data
        if self.section:
            self.sections[self.section]["text"] += len(data.strip())
        if self.cell is not None:
            self.cell += data
        if self.para is not None:
            self.para += data
        if self.in_probe:
            self.probe += data


def parse(path):
    page = Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    return page


def check_console(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if "CONSOLE" in line or "Uncaught" in line or "Content Security Policy" in line:
                fail("console: " + line.strip()[:300])


def check_netlog(path):
    """Every request Chromium's network stack started for a page: none may leave
    the file. The browser's own (its update and account services, which the
    flags quiet but do not stop) have no origin as their initiator; a page's have
    its origin, "null" for a file."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    try:
        log = json.loads(text)
    except ValueError:                   # a log cut at exit: close its events
        log = json.loads(text.rstrip().rstrip(",") + "]}")
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    for event in log.get("events", []):
        params = event.get("params") or {}
        url, initiator = params.get("url", ""), params.get("initiator", "")
        if event.get("type") == start and url and initiator != "not an origin" and \
                not url.startswith("file:"):
            fail("a request left the file: %s (initiator %s)" % (url, initiator))


def check_sections(page, wanted):
    for item in wanted.split(","):
        sid, _, charts = item.partition(":")
        s = page.sections.get(sid)
        if not s:
            fail("no section %s" % sid)
            continue
        if not s["heading"].strip():
            fail("section %s has no heading" % sid)
        if s["text"] < 20 and not s["charts"]:
            fail("section %s is empty" % sid)
        if sid == "answer":
            page.answer_figures = int(charts or 1)      # its figures, not charts
        elif charts and s["charts"] < int(charts):
            fail("section %s: %d charts, at least %s wanted" % (sid, s["charts"], charts))
    if page.external:
        fail("references outside the file: " + "; ".join(page.external[:5]))


def check_probe(probe):
    """The probe's verdict on each chart as the browser laid it out."""
    if probe is None:
        fail("the probe did not run")
        return
    charts = json.loads(probe)
    if not charts:
        fail("the probe found no chart")
    for c in charts:
        if c["marks"] == 0 or c["drawn"] == 0:
            fail("empty chart: %s (%d marks, %d drawn)" % (c["title"], c["marks"], c["drawn"]))
        if c["width"] < 200 or c["height"] < 100:
            fail("chart %s laid out at %dx%d" % (c["title"], c["width"], c["height"]))


def norm(text):
    return " ".join(text.split())


def terminal_lines(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return [norm(line) for line in text.splitlines()], norm(text)


def check_answer(page, terminals):
    """Every figure of the answer is the terminal's: a table row is a line of the
    terminal's report (its label, then its cells); with several columns each
    column's cell is on its label's line of that column's terminal report; each
    paragraph is the terminal's text."""
    texts = [terminal_lines(t) for t in terminals]
    figures = 0
    for table in page.tables:
        columns = "columns" in table["cls"] and "paras" not in table["cls"]
        for row in table["rows"][1:]:
            cells = row["cells"]
            if "paras" in table["cls"]:
                for i, cell in enumerate(cells[1:len(texts) + 1]):
                    if cell != "-" and norm(cell) not in texts[i][1]:
                        fail("column %d's %s is not the terminal's: %s" % (i + 1, cells[0], cell))
                    figures += 1
                continue
            if not columns:
                line = norm(" ".join(cells))
                if line not in texts[0][0]:
                    fail("answer row not in the terminal's report: " + line)
                figures += len(cells) - 1
                continue
            for i, cell in enumerate(cells[1:len(texts) + 1]):
                if cell == "-":
                    continue
                lines = [l for l in texts[i][0] if l.startswith(norm(row["label"] or ""))]
                if not any(cell in l for l in lines):
                    fail("column %d, %s, %s: %s is not on the terminal's line" %
                         (i + 1, row["label"], row["head"], cell))
                figures += 1
    for para in page.paras:
        if len(texts) == 1 and norm(para) not in texts[0][1]:
            fail("answer paragraph not the terminal's: " + para[:200])
    if figures < page.answer_figures:
        fail("the answer has %d figures, at least %d wanted" % (figures, page.answer_figures))
    print("answer: %d figures and %d paragraphs held to the terminal's" %
          (figures, len(page.paras)))


def main():
    if len(sys.argv) < 6:
        print(__doc__)
        return 2
    console, netlog, probe, sections = sys.argv[1:5]
    page = parse(probe)
    check_console(console)
    check_netlog(netlog)
    check_sections(page, sections)
    check_probe(page.probe)
    check_answer(page, sys.argv[5:])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
