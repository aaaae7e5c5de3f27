#!/usr/bin/env bash
# docs/FORMAT.md's tables of records are lib/record/schema.def's (build/format-md, `make
# docs`): a field added to or changed in the schema without `make docs` fails here,
# and so does a table of the schema missing from the file, a record type the file
# describes (a "### `type`" section of "## Records" or "## The annex") that the schema
# lacks, and the reverse. And the check can fail: a generator built from a copy of
# schema.def with a field more must be refused, naming it. The kernel's image
# carries none of the meanings (216 of 60 characters or more looked for; the
# generator's own binary, which carries them, fails the same look).
set -uo pipefail
cd "$(dirname "$0")/../.."
gen=build/format-md out=build/test-logs/format-tables
rm -rf "$out" && mkdir -p "$out"
[[ -x $gen ]] || { echo "skipped: $gen is missing (make host)"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

"$gen" docs/FORMAT.md >"$out/FORMAT.md" || fail "build/format-md refuses docs/FORMAT.md"
diff -u docs/FORMAT.md "$out/FORMAT.md" >"$out/diff" ||
	{ head -40 "$out/diff"; fail "docs/FORMAT.md's tables are not lib/record/schema.def's: run make docs"; }
tables=$(grep -c '^<!-- schema: ' docs/FORMAT.md)

# The record types: a section per type of the schema, a type per section.
schema_types=$(sed -n 's/^RECORD(\([a-z_]*\),.*/\1/p' lib/record/schema.def | sort -u)
doc_types=$(awk '/^## / { records = $0 == "## Records" || $0 ~ /^## The annex/ } records' docs/FORMAT.md |
	sed -n 's/^### `\([a-z_]*\)`.*/\1/p' | sort -u)
[[ $schema_types == "$doc_types" ]] ||
	fail "record types of lib/record/schema.def (<) and of docs/FORMAT.md's sections (>) differ:
$(diff <(echo "$schema_types") <(echo "$doc_types"))"
echo "docs/FORMAT.md holds lib/record/schema.def's $tables tables, $(wc -w <<<"$schema_types") record types"

# A probe: the schema with one field more in run's first table.
sed 's/^F(run, hypervisor, BOOL,/F(run, probe_field, U64, "", MEASURE, KERNEL, 1, OPT, ANY,\n  "a probe")\n&/' \
	lib/record/schema.def >"$out/schema.def"
grep -q probe_field "$out/schema.def" || fail "could not add a field to a copy of schema.def"
cp lib/record/schema.h "$out/"
${HOSTCC:-cc} -std=gnu11 -I "$out" -I lib/c -I lib/record -I lib/answer -I lib/endscreen -I lib/run -o "$out/format-md" tools/format-md.c ||
	fail "the probe generator does not build"
"$out/format-md" docs/FORMAT.md >"$out/probe.md" || fail "the probe generator refuses docs/FORMAT.md"
if diff docs/FORMAT.md "$out/probe.md" >"$out/probe.diff"; then
	fail "a field added to a copy of lib/record/schema.def was not noticed"
fi
grep -q '^> .*`probe_field`' "$out/probe.diff" || { cat "$out/probe.diff"; fail "the difference does not name the new field"; }
echo "a field added to a copy of lib/record/schema.def is noticed: $(grep -c '^>' "$out/probe.diff") line(s) differ"

# The meanings are docs/FORMAT.md's alone: the kernel's image carries the table's
# names, kinds and roles (lib/record/schema.c), not one meaning's text.
elf=build/tickbench.elf
[[ -f $elf ]] || fail "$elf missing (make)"
python3 - lib/record/schema.def "$elf" <<'PY' || fail "the kernel's image carries meanings of lib/record/schema.def"
import re, sys
schema, image = open(sys.argv[1]).read(), open(sys.argv[2], "rb").read()
# each meaning: the string literals after presence and value in an F row, joined
value = r'(?:ANY|RANGE\([^)]*\)|WORDS\("[^"]*"\))'
rows = re.findall(r'^F\([^"]*"[^"]*", \w+, \w+, \d+, \w+, ' + value + r',((?:\s*"(?:[^"\\]|\\.)*")+)\)',
                  schema, re.M)
texts = ["".join(re.findall(r'"((?:[^"\\]|\\.)*)"', r)).replace('\\"', '"') for r in rows]
long = [t for t in texts if len(t) >= 60]
found = [t for t in long if t.encode() in image]
print("%d meanings of 60 characters or more, none in the kernel's image" % len(long) if not found
      else "in the image: %s" % [t[:60] for t in found[:3]])
sys.exit(1 if found or len(long) < 100 else 0)
PY
