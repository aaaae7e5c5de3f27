#!/usr/bin/env bash
# The record format's version is lib/record/schema.h's (the schema's, which the kernel writes
# as `format` in `boot` and tickstat reads): it must be the version docs/FORMAT.md
# states. A log of that version, or of the one before (a field added since is absent
# from it), is read without a word; one of the next version is named with the
# version tickstat reads.
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=$PWD/build/tickstat
[[ -x $ts ]] || { echo "build/tickstat missing (make host)"; exit 1; }
command -v python3 >/dev/null || { echo "skip: python3 is not installed (scripts/install-deps)"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

doc=$(sed -n 's/^Format version: \*\*\([0-9]*\)\*\*.*/\1/p' docs/FORMAT.md)
[[ $doc =~ ^[0-9]+$ ]] || fail "docs/FORMAT.md states no \"Format version: **N**\""
schema=$(grep -hE '^#define SCHEMA_FORMAT_VERSION ' lib/record/schema.h | awk '{ print $3 }')
[[ $schema == "$doc" ]] || fail "lib/record/schema.h says format ${schema:-?}, docs/FORMAT.md states $doc"

log() {   # version, file: boot, end, CRCs the kernel's way
	python3 - "$1" "$2" <<'PY'
import sys, zlib
version, out = int(sys.argv[1]), sys.argv[2]
with open(out, "w") as f:
    for body in ('{"type":"boot","seq":0,"format":%d,"version":"t"' % version,
                 '{"type":"end","seq":1,"records":1,"status":"pass"'):
        f.write('%s,"crc":"%08x"}\n' % (body, zlib.crc32(body.encode())))
PY
}

log "$doc" "$tmp/same.log"
out=$("$ts" check "$tmp/same.log" 2>&1) || fail "format $doc: $out"
grep -q "format version" <<<"$out" && fail "format $doc named as foreign: $out"
if (( doc > 1 )); then
	log $((doc - 1)) "$tmp/older.log"
	out=$("$ts" check "$tmp/older.log" 2>&1) || fail "format $((doc - 1)): $out"
	grep -q "format version" <<<"$out" && fail "format $((doc - 1)) named as foreign: $out"
fi
log $((doc + 1)) "$tmp/newer.log"
out=$("$ts" check "$tmp/newer.log" 2>&1); rc=$?
[[ $rc -eq 1 ]] || fail "format $((doc + 1)): exit $rc, wanted 1"
grep -qF "newer.log:1: format version $((doc + 1)); tickstat reads version $doc" <<<"$out" ||
	fail "format $((doc + 1)): $out"
echo "tickstat reads format $doc, the version docs/FORMAT.md states and the kernel writes"
