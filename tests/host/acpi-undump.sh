#!/usr/bin/env bash
# tools/acpi-undump: each fixture folder of tests/unit/acpi/, written out as the
# acpidump lines kernel/acpi_dump.c prints (32 bytes a line, CRLF, records and text
# around them), must come back byte for byte with the same index; a log with a
# chunk missing must be refused. The same for tests/unit/smbios/ as smbiosdump lines
# (dump=smbios) and `--smbios`, in a log that also holds acpidump lines.
set -uo pipefail
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Every fixture folder as a log, as the kernel would print it (one Python for them
# all): SCRATCH/NAME.log for tests/unit/acpi/NAME, its acpidump lines;
# SCRATCH/smbios-NAME.log for tests/unit/smbios/NAME, its smbiosdump lines, then
# pc-seabios's acpidump ones.
python3 - "$scratch" <<'PY' || { echo "FAIL: the logs were not written"; exit 1; }
import glob, os, sys
scratch = sys.argv[1]
def log(d, prefix):
    out = [b'{"type":"acpi","seq":2,"crc":"00000000"}\r\n']
    for line in open(os.path.join(d, 'index')):
        if line.startswith('#'):
            continue
        sig, addr, length, name = line.split()
        data = open(os.path.join(d, name), 'rb').read()
        for off in range(0, len(data), 32):
            out.append(b'%s %s 0x%08x %d +%04x: %s\r\n' % (prefix, sig.encode(), int(addr, 16),
                       len(data), off, data[off:off + 32].hex().encode()))
    out.append(b'%s: end\r\ntickbench: end of run\r\n' % prefix)
    return b''.join(out)
acpi = {os.path.basename(d.rstrip('/')): log(d, b'acpidump') for d in glob.glob('tests/unit/acpi/*/')}
for name, text in acpi.items():
    open(os.path.join(scratch, name + '.log'), 'wb').write(text)
for d in glob.glob('tests/unit/smbios/*/'):
    name = 'smbios-' + os.path.basename(d.rstrip('/'))
    open(os.path.join(scratch, name + '.log'), 'wb').write(log(d, b'smbiosdump') + acpi['pc-seabios'])
PY

status=0
for dir in tests/unit/acpi/*/; do
	name=$(basename "$dir")
	if ! tools/acpi-undump "$scratch/$name.log" "$scratch/$name" >/dev/null ||
	   ! diff -r "$dir" "$scratch/$name" >/dev/null; then
		echo "FAIL: $name does not come back the same"
		diff -r "$dir" "$scratch/$name" | head
		status=1
	fi
done
for dir in tests/unit/smbios/*/; do
	name=smbios-$(basename "$dir")
	if ! tools/acpi-undump --smbios "$scratch/$name.log" "$scratch/$name" >/dev/null ||
	   ! diff -r "$dir" "$scratch/$name" >/dev/null; then
		echo "FAIL: $name does not come back the same"
		diff -r "$dir" "$scratch/$name" | head
		status=1
	fi
done
grep -v '+0020:' "$scratch/pc-seabios.log" >"$scratch/gap.log"
if tools/acpi-undump "$scratch/gap.log" "$scratch/gap" 2>/dev/null; then
	echo "FAIL: a log with a missing chunk was accepted"
	status=1
fi
[[ $status == 0 ]] && echo "acpi-undump: every fixture round-trips; a gap is refused"
exit $status
