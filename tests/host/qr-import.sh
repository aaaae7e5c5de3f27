#!/usr/bin/env bash
# tools/qr-import on the kernel's own QR pages, drawn on the host (build/qr-render
# runs lib/endscreen/deflate.c, qrpages.c and qr.c on a log): the records come back byte for
# byte whatever the order, with repeats and with several codes in one image (zbar
# -Sbinary joins them without a separator); a missing page is named (exit 1); pages
# of two runs are refused (exit 2); the output passes tickstat check.
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v zbarimg >/dev/null || { echo "skipped: zbarimg is not installed (Debian package zbar-tools)"; exit 77; }
make -s build/qr-render build/tickstat || { echo "build/qr-render does not build"; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }

log=tests/tickstat/tick-cpus-1-2.log
other=tests/tickstat/tick-cpus-1.log
grep -a '^{' "$log" >"$scratch/records"
mkdir "$scratch/one" "$scratch/three" "$scratch/other"
n=$(build/qr-render "$log" 10 3 "$scratch/one") || fail "qr-render"
build/qr-render "$log" 10 3 "$scratch/three" 3 >/dev/null || fail "qr-render, 3 per image"
build/qr-render "$other" 10 3 "$scratch/other" >/dev/null || fail "qr-render, the other log"
echo "$log: $n pages at version 10-M"
((n >= 5)) || fail "only $n pages: too few to test their order"

# Pages in reverse order, page 2 twice.
mapfile -t pages < <(ls "$scratch"/one/page-*.pgm | sort -t- -k2 -rn)
tools/qr-import "${pages[@]}" "$scratch/one/page-2.pgm" >"$scratch/out" || fail "reverse order"
cmp -s "$scratch/out" "$scratch/records" || fail "reverse order: not the log's records"
build/tickstat check "$scratch/out" >/dev/null || fail "tickstat check on the imported log"

# Three codes side by side per image.
tools/qr-import "$scratch"/three/image-*.pgm >"$scratch/out3" || fail "three per image"
cmp -s "$scratch/out3" "$scratch/records" || fail "three per image: not the log's records"

# Pages 2 and 4 missing: exit 1, both named.
rm "$scratch/one/page-2.pgm" "$scratch/one/page-4.pgm"
tools/qr-import "$scratch"/one/page-*.pgm >/dev/null 2>"$scratch/err"
rc=$?
[[ $rc == 1 ]] || fail "missing pages: exit $rc, not 1"
grep -q "2 of $n pages missing: 2, 4 " "$scratch/err" || fail "missing pages not named: $(cat "$scratch/err")"

# Two runs: exit 2, both run ids named.
tools/qr-import "$scratch"/three/image-1.pgm "$scratch"/other/page-1.pgm >/dev/null 2>"$scratch/err"
rc=$?
[[ $rc == 2 ]] || fail "two runs: exit $rc, not 2"
[[ $(grep -o 'run [0-9a-f]\{8\} in' "$scratch/err" | wc -l) == 2 ]] || fail "two runs not named: $(cat "$scratch/err")"

# No page at all: exit 1.
printf 'P5 64 64 255\n' >"$scratch/blank.pgm"
head -c 4096 /dev/zero | tr '\0' '\377' >>"$scratch/blank.pgm"
tools/qr-import "$scratch/blank.pgm" >/dev/null 2>&1
[[ $? == 1 ]] || fail "an image without pages is not refused"

[[ $status == 0 ]] && echo "qr-import: pass"
exit $status
