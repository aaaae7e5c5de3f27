#!/usr/bin/env bash
# tools/run's exit status comes from the log, through build/tickstat check and the
# end record, never from the emulator's own: a stand-in for QEMU (--qemu) that
# prints a given log on the serial line and exits 0, as QEMU does after a triple
# fault under -no-reboot, must give 0 for a log that ends pass, 1 fail, 2 error, and
# 3 for a log whose end record is intact but an earlier record damaged, for one
# without its end, and for an empty one. A runner that finds no build/tickstat
# exits 77 and names it. (The boot cases run the real QEMU; no emulator here damages
# a line, which a real serial cable does.) Without --log each run keeps a log of its
# own under build/runs/, build/run.log naming the latest; a file that holds records
# (an earlier run's log given as --log, the old build/run.log) is never written
# over: kept under another name, and said.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/run-status
rm -rf "$out" && mkdir -p "$out"
real=tests/tickstat/tick-cpus-1.log         # a real run's log: 30 records, status pass
[[ -x build/tickstat && -f build/tickbench.iso ]] || { echo "skipped: needs build/tickstat and build/tickbench.iso (make)"; exit 77; }

# The stand-in QEMU: writes $FAKE_LOG to the -chardev logfile and to stdout.
cat >"$out/qemu" <<'FAKE'
#!/usr/bin/env bash
for a; do [[ $a == stdio,id=ser0,logfile=* ]] && logfile=${a#*logfile=}; done
tee "$logfile" <"$FAKE_LOG"
exit "${FAKE_RC:-0}"
FAKE
chmod +x "$out/qemu"

# edit LOG SEQ FIELD VALUE: LOG with that record's "FIELD" set to VALUE (a JSON
# string) and its CRC made right again (docs/FORMAT.md: the CRC-32 of the bytes
# before ',"crc"').
edit() {
	python3 - "$@" <<'PY'
import re, sys, zlib
path, seq, field, value = sys.argv[1:]
for line in open(path):
    if line.startswith('{"type":') and '"seq":%s,' % seq in line:
        body = line[:line.rindex(',"crc":')]
        body = re.sub('"%s":"[^"]*"' % field, '"%s":"%s"' % (field, value), body)
        line = '%s,"crc":"%08x"}\n' % (body, zlib.crc32(body.encode()))
    sys.stdout.write(line)
PY
}

bad=0
# expect NAME CODE LOG: tools/run through the stand-in on LOG must exit CODE.
expect() {
	local name=$1 want=$2 rc
	FAKE_LOG=$3 tools/run --quiet --timeout 30 --qemu "$out/qemu" --log "$out/$name.serial" \
		bench=none >"$out/$name.out" 2>&1
	rc=$?
	if [[ $rc == "$want" ]]; then
		echo "$name: exit $rc"
	else
		echo "FAIL: $name: tools/run exit $rc, expected $want"; sed 's/^/    | /' "$out/$name.out"; bad=1
	fi
}

expect pass 0 "$real"
edit "$real" 29 status fail >"$out/fail.log" && expect fail 1 "$out/fail.log"
edit "$real" 29 status error >"$out/error.log" && expect error 2 "$out/error.log"
sed '5s/"seq":4,/"seq":4 ,/' "$real" >"$out/damaged.log"       # CRC no longer matches
expect damaged 3 "$out/damaged.log"
grep -q 'DAMAGED' "$out/damaged.out" || { echo "FAIL: the damaged log's exit does not say DAMAGED"; bad=1; }
grep -v '"type":"end"' "$real" >"$out/no-end.log" && expect no-end 3 "$out/no-end.log"
: >"$out/empty.log" && FAKE_RC=33 expect empty 3 "$out/empty.log"
grep -qF '(QEMU exit status 33;' "$out/empty.out" || { echo "FAIL: the emulator's own exit status is not named"; bad=1; }

# A tree with the runner, an ISO and build/tickstat: two runs without --log keep
# two logs, build/run.log the latest; a log of the old default's, a regular
# build/run.log, is kept; --log onto a file of records keeps the file first.
tree=$out/logs-tree
mkdir -p "$tree/tools" "$tree/build"
cp -r tools/run tools/run-emulator tools/runner-disk tools/runner-cfg "$tree/tools/"
ln -s "$PWD/build/tickbench.iso" "$PWD/build/tickstat" "$tree/build/"
cp "$real" "$tree/build/run.log"                    # the old default's log
runs() { FAKE_LOG=$1 "$tree/tools/run" --quiet --timeout 30 --qemu "$PWD/$out/qemu" "${@:2}" bench=none; }
runs "$real" >"$out/first.out" 2>&1 || { echo "FAIL: first run without --log: $(cat "$out/first.out")"; bad=1; }
runs "$out/fail.log" >"$out/second.out" 2>&1
logs=("$tree"/build/runs/*.log)
[[ ${#logs[@]} -eq 3 ]] || { echo "FAIL: build/runs holds ${#logs[@]} logs, not 3 (the old one and two runs)"; bad=1; }
grep -q 'build/run.log held an earlier run.s records: kept as .*build/runs/' "$out/first.out" ||
	{ echo "FAIL: the old build/run.log kept without a word: $(cat "$out/first.out")"; bad=1; }
[[ -L $tree/build/run.log ]] && cmp -s "$tree/build/run.log" "$out/fail.log" ||
	{ echo "FAIL: build/run.log does not name the latest run's log"; bad=1; }
n=$(grep -l '"status":"pass"' "$tree"/build/runs/*.log | wc -l)
[[ $n -eq 2 ]] || { echo "FAIL: $n logs of the runs that passed kept, not 2"; bad=1; }
cp "$real" "$out/given.log"
runs "$out/fail.log" --log "$PWD/$out/given.log" >"$out/given.out" 2>&1
cmp -s "$out/given.log.1" "$real" && cmp -s "$out/given.log" "$out/fail.log" &&
	grep -q 'given.log held an earlier run.s records: kept as .*given.log.1' "$out/given.out" ||
	{ echo "FAIL: --log onto an earlier run's records: $(cat "$out/given.out")"; bad=1; }
echo "logs: one a run, build/run.log the latest, records never written over"

# A tree with the runner and an ISO but no build/tickstat.
mkdir -p "$out/tree/tools" "$out/tree/build"
cp -r tools/run tools/run-emulator tools/runner-disk tools/runner-cfg "$out/tree/tools/"
ln -s "$PWD/build/tickbench.iso" "$out/tree/build/"
"$out/tree/tools/run" --quiet bench=none >"$out/no-tickstat.out" 2>&1
rc=$?
if [[ $rc == 77 ]] && grep -q 'build/tickstat is missing' "$out/no-tickstat.out"; then
	echo "no build/tickstat: exit 77, $(cat "$out/no-tickstat.out")"
else
	echo "FAIL: without build/tickstat tools/run exits $rc:"; cat "$out/no-tickstat.out"; bad=1
fi
exit $bad
