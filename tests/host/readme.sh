#!/usr/bin/env bash
# The README a user reads in five minutes (issue 19): at most 250 lines, and every
# docs/ file it names exists.
set -uo pipefail
cd "$(dirname "$0")/../.."
bad=0
lines=$(wc -l < README.md)
(( lines <= 250 )) || { echo "FAIL: README.md has $lines lines (at most 250: move detail to docs/)"; bad=1; }
for doc in $(grep -o 'docs/[A-Z]*\.md' README.md | sort -u); do
	[[ -f $doc ]] || { echo "FAIL: README.md names $doc, which does not exist"; bad=1; }
done
echo "README.md: $lines lines"
exit $bad
