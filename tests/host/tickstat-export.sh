#!/usr/bin/env bash
# tickstat export against the records themselves, read by Python's json and csv: on
# each real log of tests/tickstat (QEMU boots: a type's records in several sets of
# keys in turns, as a tick run's with the timer has "expected" and one without it
# not) and on all of them at once, every record is one CSV row and one JSON object,
# in the log's order; the CSV's columns are the field names in order of first
# appearance, each row's cell the record's value (a string as it is, an integer in
# decimal, true or false, an array's numbers joined by spaces) or empty where the
# record has no such field; the JSON object is the record without its crc, with its
# file, line and machine columns. export finds a shape's columns once (lib/record/rec.h):
# a record read through another shape's columns would put its values under the
# wrong names here.
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ts=${TICKSTAT:-build/tickstat}
fail=0
logs=(tests/tickstat/*.log)
for set in "${logs[@]}" all; do
	files=("$set")
	[[ $set == all ]] && files=("${logs[@]}")
	$ts export --csv "${files[@]}" > "$tmp/e.csv" 2> "$tmp/err" || { echo "FAIL: export --csv $set"; fail=1; }
	$ts export --json "${files[@]}" > "$tmp/e.json" 2>> "$tmp/err" || { echo "FAIL: export --json $set"; fail=1; }
	python3 - "$tmp/e.csv" "$tmp/e.json" "${files[@]}" <<'PY' || fail=1
import csv, json, sys
csv_path, json_path, logs = sys.argv[1], sys.argv[2], sys.argv[3:]
records = []
for path in logs:
    for n, line in enumerate(open(path, "rb").read().split(b"\n"), 1):
        if line.startswith(b"{"):          # lines end at "\n" only, as tickstat's do
            r = json.loads(line)
            del r["crc"]
            records.append((path, n, r))
columns = []
for _, _, r in records:
    for k in r:
        if k not in ("type", "seq") and k not in columns:
            columns.append(k)
def cell(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return " ".join(str(x) for x in v)
    return str(v)
rows = list(csv.reader(open(csv_path, encoding="utf-8", newline="")))
objects = json.load(open(json_path, encoding="utf-8"))
problems = []
head = ["file", "line", "type", "seq"] + columns + ["machine", "machine_id", "machine_os", "machine_label"]
if rows[0] != head:
    problems.append("CSV columns %s, not %s" % (rows[0], head))
if len(rows) - 1 != len(records) or len(objects) != len(records):
    problems.append("%d CSV rows and %d JSON objects for %d records"
                    % (len(rows) - 1, len(objects), len(records)))
for (path, n, r), row, obj in zip(records, rows[1:], objects):
    want = [path, str(n), r["type"], str(r["seq"])] + [cell(r[k]) if k in r else "" for k in columns]
    if row[:len(want)] != want:
        problems.append("%s:%d: CSV row %s, not %s" % (path, n, row[:len(want)], want))
    got = {k: v for k, v in obj.items() if k not in ("file", "line", "machine", "machine_id", "machine_os", "machine_label")}
    if got != r or obj["file"] != path or obj["line"] != n:
        problems.append("%s:%d: JSON object %s" % (path, n, obj))
print("%s export of %s: %d records, %d columns%s" % ("FAIL" if problems else "ok  ",
      logs[0] if len(logs) == 1 else "%d logs" % len(logs), len(records), len(columns),
      "".join("\n  " + p[:300] for p in problems[:5])))
sys.exit(1 if problems else 0)
PY
done
exit $fail
