#!/usr/bin/env bash
# tickstat check on generated logs: a whole log passes; each kind of damage fails
# with the file and line number named.
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=build/tickstat gen=build/gen-log
[[ -x $ts && -x $gen ]] || { echo "build/tickstat or build/gen-log missing (make host)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

$gen -c -r 4 > "$tmp/good.log"
$ts check "$tmp/good.log" || fail "a generated log does not pass"

expect_damage() {   # name, expected message fragment (with line number)
	local out rc
	out=$($ts check "$tmp/$1.log" 2>&1); rc=$?
	echo "$out"
	[[ $rc -eq 1 ]] || fail "$1: exit $rc, wanted 1"
	grep -qF -- "$2" <<<"$out" || fail "$1: no \"$2\" in the report"
}

sed '20s/"run":/"rum":/' "$tmp/good.log" > "$tmp/crc.log"
expect_damage crc "crc.log:20: damaged record refused: CRC mismatch"
head -n 60 "$tmp/good.log" > "$tmp/trunc.log"
expect_damage trunc "has no \"end\" record"
head -c 3000 "$tmp/good.log" > "$tmp/cut.log"
expect_damage cut "record cut short"
sed '30d' "$tmp/good.log" > "$tmp/gap.log"
expect_damage gap "record(s) missing"
sed '30p' "$tmp/good.log" > "$tmp/dup.log"
expect_damage dup "repeats or goes back"
{ head -n 10 "$tmp/good.log"; head -c 4000 /dev/urandom | tr '\n' 'x' | sed 's/^/{/'; echo;
  tail -n +11 "$tmp/good.log"; } > "$tmp/noise.log"
expect_damage noise "noise.log:11: "
{ echo '{"type":"x"'; } > "$tmp/tiny.log"
expect_damage tiny "tiny.log:1:"
: > "$tmp/empty.log"
expect_damage empty "no records"
$ts check "$tmp/nonexistent.log"; [[ $? -eq 2 ]] || fail "a missing file must exit 2"
echo "all damage detected"
