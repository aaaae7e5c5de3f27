#!/usr/bin/env bash
# tickstat check holds every record to lib/record/schema.def (docs/FORMAT.md, "Records"): on
# a hand-made log that keeps the contract, and on copies that each break one kind of
# rule — a type or field the schema lacks, a value of another kind, a negative one
# where a field has none, a hex string that is not one, a value out of its range or
# not among its words, a field every record has missing, each rule across fields,
# and each sequence anomaly — it exits 1 and names the file, the line and the rule.
# A log of a newer format keeps the records whose types and fields it does not know,
# each warned of once.
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=$PWD/build/tickstat
[[ -x $ts ]] || { echo "build/tickstat missing (make host)"; exit 1; }
command -v python3 >/dev/null || { echo "skip: python3 is not installed (scripts/install-deps)"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
bad=0
fail() { echo "FAIL: $*"; bad=$((bad + 1)); }

# log NAME [EDIT]: a log that keeps the contract, EDIT (Python, on `recs`, a list of
# [type, fields]) applied first; seq and the CRCs the kernel's way.
log() {
	python3 - "$1" "${2:-pass}" <<'PY'
import sys, zlib
name, edit = sys.argv[1], sys.argv[2]
recs = [
    ["boot", '"format":1,"version":"t","cmdline":"bench=tick"'],
    ["platform", '"vendor":"GenuineIntel","hypervisor":false,"os":"none"'],
    ["machine", '"id":"1a2b3c4d","microcode":"0x00000000000000f0"'],
    ["calibration", '"tsc_hz":2000000000,"reference":"hpet"'],
    ["run", '"bench":"tick","timer":"lapic","hz":1000,"run":0,"timer_on":false,'
            '"cycles":1000000,"interrupts":0,"gaps":0,"gap_cycles":0'],
    ["run", '"bench":"tick","timer":"lapic","hz":1000,"run":0,"timer_on":true,'
            '"cycles":1010000,"interrupts":1000,"gaps":1000,"gap_cycles":5000'],
    ["stats", '"bench":"readcost","what":"rdtsc","run":0,"unit":"cycles","n":3,"min":10,'
              '"max":30,"sum":60,"p50":20,"p90":30,"p99":30,"p999":30,'
              '"hist_lo":[10,20,30],"hist_n":[1,1,1]'],
]
end_records = None
exec(edit)
recs.append(["end", '"records":%d,"status":"pass"' % (len(recs) if end_records is None else end_records)])
seqs = list(range(len(recs)))
exec(edit.split("#seq:")[1].strip() if "#seq:" in edit else "pass")
with open(name, "w") as f:
    for seq, (t, fields) in zip(seqs, recs):
        body = '{"type":"%s","seq":%d%s' % (t, seq, "," + fields if fields else "")
        f.write('%s,"crc":"%08x"}\n' % (body, zlib.crc32(body.encode())))
PY
}

# refused NAME 'WORDS' EDIT: check of the edited log exits 1 with NAME.log:LINE: and
# the words in its report.
refused() {
	local name=$1 words=$2 out rc
	log "$name.log" "$3"
	out=$("$ts" check "$name.log" 2>&1); rc=$?
	[[ $rc -eq 1 ]] || fail "$name: exit $rc, wanted 1: $out"
	grep -qF -- "$words" <<<"$out" || fail "$name: no \"$words\" in: $out"
	grep -qE "^$name\.log:[0-9]+: " <<<"$out" || fail "$name: no FILE:LINE: in: $out"
}

log good.log
out=$("$ts" check good.log 2>&1) || fail "the log that keeps the contract: $out"
echo "$out"

# A field's own rules, and the schema's types and fields.
refused type 'damaged record refused: no record type "gizmo" in format 1 (lib/record/schema.def)' \
	'recs.insert(4, ["gizmo", "\"a\":1"])'
refused field 'damaged record refused: "run" has no field "frob" in format 1 (lib/record/schema.def)' \
	'recs[4][1] += ",\"frob\":1"'
refused kind '"cycles" is a string, not an unsigned integer (run.cycles)' \
	'recs[4][1] = recs[4][1].replace("\"cycles\":1000000", "\"cycles\":\"1000000\"")'
refused negative '"interrupts" is negative, not an unsigned integer (run.interrupts)' \
	'recs[4][1] = recs[4][1].replace("\"interrupts\":0", "\"interrupts\":-1")'
refused hex '"microcode" is "0xf0", not a hex string' \
	'recs[2][1] = recs[2][1].replace("0x00000000000000f0", "0xf0")'
refused range '"hz" = 0 is not 1 to 100000000 (run.hz)' \
	'recs[5][1] = recs[5][1].replace("\"hz\":1000", "\"hz\":0")'
refused words '"os" is "windows", not none or linux (platform.os)' \
	'recs[1][1] = recs[1][1].replace("none", "windows")'
refused required '"stats" record lacks "sum" (stats.sum is in every record)' \
	'recs[6][1] = recs[6][1].replace("\"sum\":60,", "")'
# The rules across fields.
refused le '"interrupts" = 2000000 is above "cycles" = 1010000 (run: interrupts <= cycles)' \
	'recs[5][1] = recs[5][1].replace("\"interrupts\":1000", "\"interrupts\":2000000")'
refused order '"p90" = 15 is below "p50" = 20 (stats: min p50 p90 p99 p999 max' \
	'recs[6][1] = recs[6][1].replace("\"p90\":30", "\"p90\":15")'
refused needs '"gaps" without "gap_cycles" (run: gap_cycles present with gaps)' \
	'recs[5][1] = recs[5][1].replace(",\"gap_cycles\":5000", "")'
refused zero '"gap_cycles" = 5 where "gaps" is 0 (run: gap_cycles 0 where gaps is 0)' \
	'recs[4][1] = recs[4][1].replace("\"gap_cycles\":0", "\"gap_cycles\":5")'
refused mean '"sum" = 100 is not between "n" x "min" and "n" x "max" (stats: n x min <= sum <= n x max)' \
	'recs[6][1] = recs[6][1].replace("\"sum\":60", "\"sum\":100")'
refused paired '"hist_lo" without "hist_n" (stats: hist_lo and hist_n a histogram of n samples: both or neither)' \
	'recs[6][1] = recs[6][1].replace(",\"hist_n\":[1,1,1]", "")'
refused ascending '"hist_lo" is not ascending at entry 2 (stats: hist_lo and hist_n a histogram of n samples)' \
	'recs[6][1] = recs[6][1].replace("[10,20,30]", "[10,20,15]")'
refused adds_up '"hist_n" sums to 2, "n" is 3 (stats: hist_lo and hist_n a histogram of n samples)' \
	'recs[6][1] = recs[6][1].replace("[10,20,30]", "[10,20]").replace("[1,1,1]", "[1,1]")'
refused first_le 'the first of "hist_lo" is 12, above "min" = 10 (stats: hist_lo and hist_n a histogram of n samples)' \
	'recs[6][1] = recs[6][1].replace("[10,20,30]", "[12,20,30]")'
# Sequence anomalies.
refused gap 'seq jumps from 3 to 5: 1 record(s) missing' '#seq: seqs[4:] = [s + 1 for s in seqs[4:]]'
refused repeat 'seq 3 repeats or goes back (expected 4); record refused' '#seq: seqs[4:] = [s - 1 for s in seqs[4:]]'
refused first 'first record is "platform", not "boot"' 'del recs[0]'
refused end_count '"end" says 6 records came before it; seq is 7 and the log holds 7' 'end_records = 6'
refused after_end 'record after the "end" record of line 8; refused' '#seq: recs.append(["cpus", "\"found\":1"]); seqs.append(8)'
refused no_end 'log is truncated: the session that starts at line 1 has no "end" record' '#seq: recs.pop(); seqs.pop()'
echo "each kind of rule broken: exit 1, the file, the line and the rule"

# A newer format: its unknown type and field kept, each warned of once; a known
# field still held to its rules. (The hand-made logs are of format 1, read as its
# contract whatever the version this tickstat reads, lib/record/schema.h's.)
reads=$(awk '/^#define SCHEMA_FORMAT_VERSION / { print $3 }' "$OLDPWD/lib/record/schema.h")
newer=$((reads + 1))
log newer.log 'recs[0][1] = recs[0][1].replace("\"format\":1", "\"format\":'$newer'")
recs[4][1] += ",\"frob\":1"; recs[5][1] += ",\"frob\":2"
recs.insert(4, ["gizmo", "\"a\":1"]); recs.insert(5, ["gizmo", "\"a\":2"])'
out=$("$ts" check newer.log 2>&1); rc=$?
[[ $rc -eq 1 ]] || fail "newer: exit $rc, wanted 1 (the version named)"
grep -qF "newer.log:1: format version $newer; tickstat reads version $reads" <<<"$out" ||
	fail "newer: the version not named: $out"
[[ $(grep -c "warning: field run.frob is not in format $reads, which this tickstat reads: kept, not checked" <<<"$out") -eq 1 ]] ||
	fail "newer: run.frob not warned of once: $out"
[[ $(grep -c "warning: record type gizmo is not in format $reads" <<<"$out") -eq 1 ]] ||
	fail "newer: gizmo not warned of once: $out"
grep -qF 'newer.log: DAMAGED, 1 problem(s); 10 intact records' <<<"$out" ||
	fail "newer: its records not all kept: $out"
log newer-bad.log 'recs[0][1] = recs[0][1].replace("\"format\":1", "\"format\":'$newer'")
recs[5][1] = recs[5][1].replace("\"hz\":1000", "\"hz\":0")'
out=$("$ts" check newer-bad.log 2>&1)
grep -qF '"hz" = 0 is not 1 to 100000000 (run.hz)' <<<"$out" || fail "newer: a known field's rule not held: $out"
echo "a newer format's unknown type and field: kept, each warned of once; known fields checked"
((bad == 0)) || exit 1
