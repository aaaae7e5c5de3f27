#!/usr/bin/env bash
# docs/OPTIONS.md's tables of words are the ones the word tables give (kernel/cmdline.c,
# bench/core/config.c, bench/*/*_words.c through build/options-md, scripts/options-doc
# --check): a key added to, or changed in, a table without `make docs` fails here. And the check can fail: the generator
# built from a copy of cmdline.c with one key more must be refused.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/option-table
rm -rf "$out" && mkdir -p "$out"
[[ -x build/options-md ]] || { echo "skipped: build/options-md is missing (make host)"; exit 77; }
scripts/options-doc --check || exit 1
echo "docs/OPTIONS.md holds the tables' $(build/options-md | grep -c '^| `') rows"

# The same generator from a cmdline.c with a key "probe_key" added before "help".
sed 's/^\t{ "help", WORD_FLAG,/\t{ "probe_key", WORD_FLAG, NULL, 0, 0, AT(help), "-", "a probe" },\n&/' \
	kernel/cmdline.c >"$out/cmdline.c"
grep -q probe_key "$out/cmdline.c" || { echo "FAIL: could not add a key to a copy of cmdline.c"; exit 1; }
${HOSTCC:-cc} -std=gnu11 -I kernel -I arch/x86 -I lib/c -I lib/record -I lib/answer -I lib/endscreen -I lib/run -I bench/core -o "$out/options-md" tools/options-md.c \
	"$out/cmdline.c" lib/run/words.c bench/core/config.c bench/core/suite.c bench/*/*_words.c \
	lib/c/format.c lib/run/idlestate.c lib/c/splitmix.c ||
	{ echo "FAIL: the probe generator does not build"; exit 1; }
if scripts/options-doc --check "$out/options-md" >"$out/probe.out" 2>&1; then
	echo "FAIL: a key added to cmdline.c was not noticed"; exit 1
fi
grep -q 'probe_key' "$out/probe.out" || { echo "FAIL: the difference does not name the new key"; cat "$out/probe.out"; exit 1; }
echo "a key added to a copy of cmdline.c is refused: $(tail -1 "$out/probe.out")"
