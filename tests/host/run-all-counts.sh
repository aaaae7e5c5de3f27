#!/usr/bin/env bash
# tests/run-all counts what cmocka skips as skipped, lists it, and writes each
# test's result and seconds, each tier's and the total, and the line naming the run
# to times.tsv: run on test_qr and test_qrpages with zbarimg out of PATH, test_qr's
# two zbar tests skip ("[  SKIPPED ] 2 test(s)", exit 0), and run-all must say
# "5 passed, 0 failed, 2 skipped" (it said 1 passed, 0 skipped for test_qr before it
# read those lines).
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/run-all-counts
rm -rf "$out" && mkdir -p "$out/bin" "$out/logs"
[[ -x build/tests/test_qr && -x build/tests/test_qrpages ]] ||
	{ echo "skipped: build/tests/test_qr is missing (make host)"; exit 77; }
shopt -s nullglob                   # PATH as it is (/usr/local/bin first), but no zbarimg
ln -s /usr/local/bin/* "$out/bin/" 2>/dev/null
ln -s /usr/bin/* "$out/bin/" 2>/dev/null
rm -f "$out/bin/zbarimg"
PATH=$PWD/$out/bin TESTS=test_qr TEST_LOGS=$out/logs tests/run-all >"$out/run-all.out" 2>&1
rc=$?
cat "$out/run-all.out"
bad=0
[[ $rc == 0 ]] || { echo "FAIL: run-all exit $rc"; bad=1; }
grep -qE '^5 passed, 0 failed, 2 skipped in [0-9]+ min [0-9]+ s ' "$out/run-all.out" ||
	{ echo "FAIL: the last line does not count the 2 skips"; bad=1; }
grep -qxF '  test_qr: 2 test(s): every_version_and_level,damaged_within_limit' "$out/run-all.out" ||
	{ echo "FAIL: the skipped tests are not listed"; bad=1; }
t=$out/logs/times.tsv
awk -F'\t' 'NR == 1 { ok = $0 == "test\tresult\tseconds"; next }
	    /^# run: / { last = NR; next }
	    { rows++; ok = ok && NF == 3 && $3 ~ /^[0-9]+\.[0-9]$/ }
	    END { exit !(ok && rows == 5 && last == NR) }' "$t" &&
	grep -qP '^test_qr\tpass, 2 skipped\t' "$t" && grep -qP '^test_qrpages\tpass\t' "$t" &&
	grep -qP '^total-fast\t-\t' "$t" && grep -qP '^total-boot\t-\t' "$t" && grep -qP '^total\t-\t' "$t" &&
	grep -qP '^# run: tests/run-all all \(TESTS=test_qr\), commit \S+, .* UTC, \d+ CPUs, load average [\d.]+ at the start, [\d.]+ at the end$' "$t" ||
	{ echo "FAIL: $t is not one row per test, each tier's, the total and the run's line:"; cat "$t"; bad=1; }
exit $bad
