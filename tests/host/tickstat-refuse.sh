#!/usr/bin/env bash
# tickstat refuses what it cannot use, and says where: non-finite and out-of-range
# numbers in compare -n files (they crashed the plot), a stats record with a count
# no run can take (it wrapped the pooled figures), values that cannot be (cycles
# past 2^53, an end status that is no status, strings that are not UTF-8); and
# output it cannot write (a full disk, here /dev/full) exits 2, never 0.
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=$PWD/build/tickstat gen=$PWD/build/gen-log
[[ -x $ts && -x $gen ]] || { echo "build/tickstat or build/gen-log missing (make host)"; exit 1; }
command -v python3 >/dev/null || { echo "skip: python3 is not installed (scripts/install-deps)"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*"; exit 1; }

expect() {   # wanted exit status, message fragment, command...
	local want=$1 frag=$2 out rc; shift 2
	out=$("$@" 2>&1 >/dev/null); rc=$?
	[[ $rc -eq $want ]] || fail "$*: exit $rc, wanted $want ($out)"
	grep -qF -- "$frag" <<<"$out" || fail "$*: no \"$frag\" in: $out"
	echo "ok: $* -> $rc: $(grep -F -- "$frag" <<<"$out" | head -1)"
}

printf '1\n2\n3\n' > good
for bad in nan inf -inf 1e155 -1e101; do
	printf '1\n2\n%s\n4\n' "$bad" > bad
	expect 2 "bad:3: $bad:" "$ts" compare -n good bad
	expect 2 "bad:3: $bad:" "$ts" compare -n --ministat bad good
done

# A stats record whose count wraps 64 bits when pooled: refused, file and line named.
$gen -r 2 -z 10 > log
python3 - log <<'PY'
import json, sys, zlib
lines = open(sys.argv[1]).read().split('\n')
i = next(i for i, l in enumerate(lines) if l.startswith('{"type":"stats"'))
seq = json.loads(lines[i])['seq']
body = ('{"type":"stats","seq":%d,"bench":"readcost","what":"rdtsc","run":0,"unit":"cycles",'
        '"n":18446744073709551615,"min":1,"max":1,"sum":18446744073709551615' % seq)
lines[i] = body + ',"crc":"%08x"}' % (zlib.crc32(body.encode()) & 0xffffffff)
open('lineno', 'w').write('%d\n' % (i + 1))
open(sys.argv[1], 'w').write('\n'.join(lines))
PY
line=$(cat lineno)
expect 1 "log:$line: damaged record refused: \"n\" = 18446744073709551615 is not 1 to 2^48 (stats.n)" "$ts" check log
expect 1 "log:$line: damaged record refused" "$ts" summary log

# CRC-valid values that cannot be (issue 20), each refused with its file and line:
# a run of 2^64 - 1 cycles (it gave "HZ=100 8720592716952 %"), an end status
# "bogus" (it passed check), a string that is not UTF-8 (export --json copied it,
# and was then no JSON). rewrite LOG OUT PYTHON-EXPR: the first record for which
# the expression (of the parsed record d) is true gets the changes it returns.
rewrite() {
	python3 - "$@" <<'PY'
import json, sys, zlib
src, out, cond, change = sys.argv[1:5]
lines = open(src, "rb").read().split(b"\n")
for i, l in enumerate(lines):
    if not l.startswith(b"{"):
        continue
    d = json.loads(l)
    if eval(cond):
        del d["crc"]
        d.update(eval(change))
        body = json.dumps(d, separators=(",", ":"))[:-1].encode().replace(b"XFF", b"\xff")
        lines[i] = body + b',"crc":"%08x"}' % zlib.crc32(body)
        open("lineno", "w").write("%d\n" % (i + 1))
        break
open(out, "wb").write(b"\n".join(lines))
PY
}
$gen -r 4 -z 10 > fine.log
rewrite fine.log huge.log 'd["type"] == "run" and d["timer_on"] == False' '{"cycles": 2**64 - 1}'
expect 1 "huge.log:$(cat lineno): damaged record refused: \"cycles\" = 18446744073709551615 is not 1 to 2^53" \
	"$ts" check huge.log
"$ts" report huge.log 2>/dev/null | grep -qE '[0-9]{4,}(\.[0-9]+)? %' && fail "report of huge.log shows a share of 1000 % or more"
rewrite fine.log bogus.log 'd["type"] == "end"' '{"status": "bogus"}'
expect 1 "bogus.log:$(cat lineno): damaged record refused: \"status\" is \"bogus\", not pass, fail or error" \
	"$ts" check bogus.log
rewrite fine.log utf8.log 'd["type"] == "skip"' '{"reason": "noXFFise"}'
expect 1 "utf8.log:$(cat lineno): damaged record refused: column" "$ts" check utf8.log
expect 1 "is not UTF-8" "$ts" check utf8.log
cp fine.log $'name\xff.log'
for log in utf8.log $'name\xff.log'; do
	"$ts" export --json "$log" > export.json 2>/dev/null
	python3 -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' export.json ||
		fail "export --json of $log is not JSON in UTF-8"
done
echo "ok: export --json is JSON in UTF-8, for a record that is not (refused) and a file name that is not"

# Output that cannot be written.
$gen -r 2 -z 10 > ok.log
expect 2 "cannot write the output" sh -c "'$ts' check ok.log > /dev/full"
expect 2 "cannot write the output" sh -c "'$ts' summary ok.log > /dev/full"
expect 2 "cannot write the output" sh -c "'$ts' summary --all ok.log > /dev/full"
expect 2 "cannot write the output" sh -c "'$ts' compare --by hz --where timer=pit ok.log > /dev/full"
expect 2 "cannot write the output" sh -c "'$ts' column --where timer=pit --where hz=100 cost ok.log > /dev/full"
expect 2 "cannot write the output" sh -c "'$ts' export --csv ok.log > /dev/full"
expect 2 "cannot write the output" sh -c "'$ts' --help > /dev/full"
echo "all refused"
