#!/usr/bin/env bash
# The anatomy's annex (build/anatomy/annex; docs/FORMAT.md, "The annex") on a
# hand-made boot whose answer is known: two run records (calls 1 and 2 of CPU 0,
# their holes 12 cycles each), a plugin output whose runs had two episodes of 6
# instructions each entering at floor_xapic (a block of 3 whose first 2 ran twice,
# then one of 4 once), symbols as nm prints them. The annex must follow the boot
# (tickstat check; after another boot it is refused), give the episodes, their sizes
# and the function's instructions exactly, equal to the holes; with run 2 begun
# before the plugin followed the code outside, say that run has no anatomy (status
# fail, exit 1); write nothing for a plugin output it cannot read (exit 2). And
# tools/run --anatomy says why and exits 77 where the plugin is not built, or was
# built for another QEMU's plugin API.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/anatomy-annex
rm -rf "$out" && mkdir -p "$out"
[[ -x build/anatomy/annex && -x build/tickstat ]] || { echo "skipped: needs build/anatomy/annex and build/tickstat (make)"; exit 77; }
bad=0
fail() { echo "FAIL: $*"; bad=1; }

python3 - "$out/boot.log" <<'PY'
import sys, zlib
recs = [("boot", '"format":1,"version":"t","cmdline":"bench=tick","seed":1'),
        ("platform", '"vendor":"v"'),
        ("calibration", '"tsc_hz":1000000000')]
for call, run in ((1, 0), (2, 1)):
    recs.append(("run", '"bench":"tick","cpu":0,"cpus":1,"timer":"lapic","mode":"periodic",'
                 '"delivery":"local","hz":1000,"workload":"spin","run":%d,"call":%d,'
                 '"timer_on":true,"iterations":100,"cycles":1000,"interrupts":2,'
                 '"handler":"floor","gaps":2,"gap_cycles":12' % (run, call)))
recs.append(("end", '"records":%d,"status":"pass"' % len(recs)))
with open(sys.argv[1], "w") as f:
    for seq, (t, fields) in enumerate(recs):
        body = '{"type":"%s","seq":%d,%s' % (t, seq, fields)
        f.write('%s,"crc":"%08x"}\n' % (body, zlib.crc32(body.encode())))
PY
# profile RUN2: run 1's two episodes, then run 2's line (its own two, or "unfollowed")
profile() {
	printf 'anatomy 1 vcpus 1\nrun 0 1\nep 0x100 2 12\nsize 0x100 6 2\n'
	printf 'block 0x100 3 0,2,5\nblock 0x108 4 0,1,2,3\ntb 0x100 0x100 2 4\ntb 0x100 0x108 4 1\n'
	printf 'endrun 0 1 2 12\nrun 0 2\n%s\nexit runs 2 episodes 2\n' "$1"
}
profile $'ep 0x100 2 12\nsize 0x100 6 2\ntb 0x100 0x100 2 4\ntb 0x100 0x108 4 1\nendrun 0 2 2 12' >"$out/profile"
profile 'endrun 0 2 0 0 unfollowed' >"$out/profile-unfollowed"
printf '0000000000000100 t floor_xapic\n0000000000000200 T other_function\n' >"$out/symbols"

cp "$out/boot.log" "$out/annexed.log"
build/anatomy/annex --profile "$out/profile" --symbols "$out/symbols" --symbols-from elf \
	"$out/annexed.log" || fail "annex exit status $?, expected 0"
build/tickstat check "$out/annexed.log" >/dev/null || fail "tickstat check refuses the annexed log"
has() { grep -q "$1" "$out/$2" || fail "no $1 in $2"; }
has '^{"type":"annex","seq":0,"format":1,"of":"'"$(head -1 "$out/boot.log" | sed 's/.*"crc":"\([0-9a-f]*\)".*/\1/')"'"' annexed.log
has '"run_records":2,"run_records_without":0,' annexed.log
has '"kind":"tick","runs":2,"episodes":4,"instructions":24,"min":6,"p50":6,"p90":6,"p99":6,"max":6,' annexed.log
has '"function":"floor_xapic","layer":"handler","episodes":4,"instructions":24,' annexed.log
has '^{"type":"annex_end","seq":[0-9]*,"records":[0-9]*,"status":"pass",' annexed.log
tests/boot/check "$out/annexed.log" anatomy-holes anatomy_episodes 0 >/dev/null ||
	fail "the episodes are not the runs' holes: $(tests/boot/check "$out/annexed.log" anatomy-holes anatomy_episodes 0)"

cp "$out/boot.log" "$out/without.log"
build/anatomy/annex --profile "$out/profile-unfollowed" --symbols "$out/symbols" --symbols-from elf \
	"$out/without.log" 2>"$out/annex.err"
rc=$?
[[ $rc == 1 ]] || fail "annex exit status $rc, expected 1 (a run record without its anatomy)"
grep -q 'CPU 0, call 2, has no anatomy: it began before' "$out/annex.err" ||
	fail "the run without an anatomy not named: $(cat "$out/annex.err")"
has '"run_records":2,"run_records_without":1,' without.log
has '^{"type":"annex_end","seq":[0-9]*,"records":[0-9]*,"status":"fail",' without.log

# An annex after another boot than the one it names: refused by check.
sed '1s/"seed":1/"seed":2/' "$out/boot.log" | python3 -c '
import sys, zlib
for l in sys.stdin:
    if l.startswith("{\"type\":\"boot\""):
        b = l[:l.rindex(",\"crc\":")]
        l = "%s,\"crc\":\"%08x\"}\n" % (b, zlib.crc32(b.encode()))
    sys.stdout.write(l)' >"$out/other.log"
sed -n '/^{"type":"annex",/,$p' "$out/annexed.log" >>"$out/other.log"
check=$(build/tickstat check "$out/other.log" 2>&1)
grep -q 'an annex of boot' <<<"$check" || fail "tickstat check takes an annex after a boot it does not name: $check"

printf 'anatomy 1 vcpus 1\nnot the plugin\n' >"$out/garbage"
cp "$out/boot.log" "$out/kept.log"
build/anatomy/annex --profile "$out/garbage" --symbols "$out/symbols" --symbols-from elf \
	"$out/kept.log" 2>"$out/garbage.err"
rc=$?
[[ $rc == 2 ]] || fail "annex exit status $rc on a profile it cannot read, expected 2"
grep -q 'garbage:2: not the plugin' "$out/garbage.err" || fail "the bad line not named: $(cat "$out/garbage.err")"
cmp -s "$out/boot.log" "$out/kept.log" || fail "the log changed although no annex was written"

# tools/run --anatomy where the plugin is not built, and with another QEMU.
tree=$out/tree
mkdir -p "$tree/build/qemu-plugin" "$tree/tools"
cp -r tools/run tools/run-emulator tools/runner-disk tools/runner-cfg "$tree/tools/"
ln -s "$PWD/build/tickstat" "$PWD/build/tickbench.iso" "$tree/build/"
"$tree/tools/run" --anatomy bench=none >"$out/missing.txt" 2>&1
rc=$?
[[ $rc == 77 ]] && grep -q 'make anatomy' "$out/missing.txt" ||
	fail "tools/run --anatomy without the plugin: exit $rc, $(cat "$out/missing.txt")"
mkdir -p "$tree/build/anatomy"
touch "$tree/build/anatomy/plugin.so" && cp build/anatomy/annex "$tree/build/anatomy/"
echo '1:7.2+dfsg-7+deb12u18' >"$tree/build/qemu-plugin/version"
printf '#!/bin/sh\necho "QEMU emulator version 10.0.2"\n' >"$out/qemu10" && chmod +x "$out/qemu10"
"$tree/tools/run" --anatomy --qemu "$out/qemu10" bench=none >"$out/other-qemu.txt" 2>&1
rc=$?
[[ $rc == 77 ]] && grep -q "built for QEMU 7.2's plugin API, this QEMU is 10.0" "$out/other-qemu.txt" ||
	fail "tools/run --anatomy with QEMU 10: exit $rc, $(cat "$out/other-qemu.txt")"

[[ $bad == 0 ]] && echo "the annex exact on a known boot, its refusals said; tools/run --anatomy skips with the reason"
exit $bad
