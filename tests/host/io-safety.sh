#!/usr/bin/env bash
# Safety on a real PC: every port I/O site and every MMIO mapping in the kernel
# sources must be on the allow-list below, the devices tickbench may touch. A new
# site fails this test with its file:line, so adding one is a reviewed decision.
#   - port I/O: calls of outb/outw/outl/inb/inw/inl in arch/ kernel/ bench/ boot/
#     (C), and in/out/ins/outs instructions (assembly); keyed by file and the port
#     expression; a named constant must also resolve (#define) to an allowed port;
#   - MMIO: paging_map() and paging_map_wc() calls and pointer casts to volatile,
#     keyed by file.
# QEMU's fw_cfg and isa-debug-exit, and Bochs's shutdown port, must stay behind
# their detection (checked on their callers).
set -uo pipefail
cd "$(dirname "$0")/../.."
dirs=(arch kernel bench boot)

# Ports a named constant may resolve to.
allowed_ports=(
	0x20 0x21 0xa0 0xa1            # 8259 master and slave
	0x40 0x42 0x43 0x61            # 8254 PIT channels 0 and 2, mode; port B (gate 2)
	0x3f8 0x2f8 0x3e8 0x2e8        # COM1..COM4 (console=), registers at +0..+7
	0xcf8 0xcfc                    # PCI configuration mechanism #1 (console=auto's UART scan)
	0x510 0x511                    # QEMU fw_cfg selector, data (after the CPUID hypervisor bit)
	0xf4                           # QEMU isa-debug-exit (after fw_cfg says QEMU)
	0xe9 0x8900                    # Bochs port_e9_hack (read: detection), shutdown (after it)
	0x60 0x64                      # 8042 keyboard controller output buffer, status (read only)
)

# file <TAB> port expression <TAB> why it is safe
allow_io=$(cat <<'LIST'
arch/x86/pic.c	PIC1_CMD	8259 master command
arch/x86/pic.c	PIC2_CMD	8259 slave command
arch/x86/pic.c	PIC1_DATA	8259 master data (mask, ICW2-4)
arch/x86/pic.c	PIC2_DATA	8259 slave data
arch/x86/pic.h	PIC1_CMD	8259 master EOI
arch/x86/pic.h	PIC2_CMD	8259 slave EOI
arch/x86/pit.c	PIT_MODE	PIT mode/command
arch/x86/pit.c	port	PIT channel data: pit_program() is given PIT_CH0 or PIT_CH2 only
arch/x86/pit.c	PIT_PORT_B	port B: speaker off, gate of PIT channel 2
arch/x86/pit.h	PIT_CH0	PIT channel 0 count and latch read
arch/x86/pit.h	PIT_CH2	PIT channel 2 latch read
arch/x86/pit.h	PIT_MODE	PIT latch command
arch/x86/pit.h	PIT_PORT_B	port B read: PIT channel 2 output
arch/x86/pmtimer.h	pmtimer_port	ACPI PM timer, read only, port from the FADT (<= 0xfffc; X_PM_TMR_BLK in I/O space or PM_TMR_BLK)
arch/x86/uart.c	(uint16_t)(uart.base + reg)	the console 16550, registers 0..7: console=com1..4 or io:PORT; console=auto probes COM1..COM4 (scratch register first), then an SPCR I/O-space UART or a PCI 16550's I/O BAR0 (class 07h/00h, prog IF 02h-06h)
arch/x86/pci.c	PCI_CONFIG_ADDRESS	PCI configuration address (console=auto): reads its own readback, then addresses config dwords
arch/x86/pci.c	PCI_CONFIG_DATA	PCI configuration data: reads (vendor, class, header type, BAR0, command), and one write, checked below
arch/x86/qemu.c	FW_CFG_PORT_SEL	fw_cfg selector, only under a hypervisor (qemu_detect)
arch/x86/qemu.c	FW_CFG_PORT_DATA	fw_cfg data, only under a hypervisor (qemu_detect)
arch/x86/qemu.c	DEBUG_EXIT_PORT	isa-debug-exit, only once QEMU was detected (run.c)
arch/x86/bochs.c	BOCHS_E9_PORT	read only: Bochs detection, where fw_cfg said not QEMU
arch/x86/bochs.c	BOCHS_SHUTDOWN_PORT	Bochs shutdown, only once Bochs was detected (run.c)
arch/x86/i8042.c	I8042_STATUS	8042 status, read only (the end screen's key)
arch/x86/i8042.c	I8042_DATA	8042 output buffer, read only when its status says full
boot/entry.S	%dx	in fatal32, the message when the CPU cannot run tickbench: COM1 (0x3f8, +5); then QEMU's fw_cfg (only under a hypervisor, CPUID.1:ECX[31]) and Bochs's shutdown port (only once port 0xe9 read 0xe9)
boot/entry.S	$DEBUG_EXIT_PORT	fatal32: isa-debug-exit, only once fw_cfg said QEMU
boot/entry.S	$BOCHS_E9_PORT	fatal32: read only, Bochs detection, where fw_cfg did not say QEMU
LIST
)

# file <TAB> why: the files that may map or touch MMIO.
allow_mmio=$(cat <<'LIST'
arch/x86/lapic.c	local APIC registers at the MADT / APIC_BASE address
arch/x86/lapic.h	local APIC accessors
arch/x86/ioapic.c	I/O APICs at their MADT addresses
arch/x86/hpet.c	HPET at the ACPI HPET table's address
arch/x86/hpet.h	HPET accessors
arch/x86/pmtimer.c	ACPI PM timer block in memory space (FADT X_PM_TMR_BLK, address space 0; not on a hardware-reduced platform), 4-byte aligned, mapped uncached; pmtimer_read() only reads it, 32 bits at a time
arch/x86/uart.c	a memory-mapped 16550 (console=mmio:ADDR, mmio32:ADDR; console=auto: an SPCR memory-space UART, a PCI 16550's memory BAR0)
kernel/serial.c	maps the console UART's 4 KiB MMIO window, uncached (console=mmio:, mmio32:, an SPCR or PCI UART)
arch/x86/fb.c	the boot loader's framebuffer
arch/x86/fbdraw.c	the boot loader's framebuffer (the QR pages)
arch/x86/vga.c	VGA text memory 0xb8000
arch/x86/paging.c	the page tables themselves
arch/x86/paging.h	paging_map() declaration
kernel/console.c	maps the framebuffer
kernel/acpi_tables.c	maps ACPI tables above 4 GiB, read only
LIST
)

bad=0
fail() { echo "FAIL: $*"; bad=1; }

# Port I/O call sites in C: "file:line<TAB>port expression", the first argument
# with balanced parentheses. The accessors' own definitions in cpu.h are skipped.
c_sites() {
	grep -rnE --include='*.c' --include='*.h' '\b(out|in)[bwl][[:space:]]*\(' "${dirs[@]}" |
	grep -vE '^arch/x86/cpu\.h:[0-9]+:static inline' |
	perl -ne 'my ($loc, $text) = /^([^:]+:\d+):(.*)$/ or next;
		while ($text =~ /\b(?:out|in)[bwl]\s*\(/g) {
			my ($depth, $arg, $pos) = (1, "", pos($text));
			while ($pos < length $text) {
				my $c = substr($text, $pos++, 1);
				$depth++ if $c eq "(";
				$depth-- if $c eq ")";
				last if $depth == 0 || ($depth == 1 && $c eq ",");
				$arg .= $c;
			}
			$arg =~ s/^\s+|\s+$//g;
			print "$loc\t$arg\n";
		}'
}

# Port I/O in assembly: an in/out/ins/outs instruction (after an optional label);
# the port is in's first operand and out's second (%dx or an immediate).
asm_sites() {
	grep -rnE --include='*.S' --include='*.s' '^[[:space:]]*([A-Za-z0-9_.]+:[[:space:]]*)?(in|out|ins|outs)[bwl]?([[:space:]]|$)' "${dirs[@]}" |
	perl -ne 'my ($loc, $text) = /^([^:]+:\d+):(.*)$/ or next;
		$text =~ s{/\*.*}{};
		$text =~ s/^\s*[\w.]+:\s*(?=[a-z])//;
		if ($text =~ /^\s*(?:ins|outs)[bwl]?\b/) { print "$loc\t(string I/O)\n" }
		elsif ($text =~ /^\s*out[bwl]?\s+[^,\s]+\s*,\s*([^,\s]+)/) { print "$loc\t$1\n" }
		elsif ($text =~ /^\s*in[bwl]?\s+([^,\s]+)/) { print "$loc\t$1\n" }
		else { print "$loc\t(unparsed)\n" }'
}

# define_value NAME FILE: the value of #define NAME in the file's directory headers.
define_value() {
	grep -rhE "^#define[[:space:]]+$1[[:space:]]" "$(dirname "$2")" boot 2>/dev/null |
	awk '{ print tolower($3) }' | head -1
}

port_allowed() { local p; for p in "${allowed_ports[@]}"; do [[ $1 == "$p" ]] && return 0; done; return 1; }

n=0
while IFS=$'\t' read -r loc port; do
	n=$((n + 1))
	file=${loc%%:*}
	if ! awk -F'\t' -v f="$file" -v p="$port" '$1 == f && $2 == p { found = 1 } END { exit !found }' <<<"$allow_io"; then
		fail "$loc: port I/O on '$port' is not on the allow-list of tests/host/io-safety.sh"
		continue
	fi
	if [[ $port =~ ^[A-Z][A-Z0-9_]*$ ]]; then
		value=$(define_value "$port" "$file")
		[[ -n $value ]] || { fail "$loc: cannot find #define $port"; continue; }
		port_allowed "$value" || fail "$loc: $port is $value, not an allowed port"
	fi
done < <(c_sites; asm_sites)
[[ $n -ge 20 ]] || fail "found only $n port I/O sites: is the search broken?"

m=0
while IFS= read -r site; do
	m=$((m + 1))
	file=${site%%:*}
	awk -F'\t' -v f="$file" '$1 == f { found = 1 } END { exit !found }' <<<"$allow_mmio" ||
		fail "$site: MMIO outside the allowed files of tests/host/io-safety.sh"
done < <(grep -rnE --include='*.c' --include='*.h' 'paging_map(_wc)?\(|\(volatile [a-z0-9_]+ \*\)' "${dirs[@]}" | cut -d: -f1,2)
[[ $m -ge 8 ]] || fail "found only $m MMIO sites: is the search broken?"

# The one PCI configuration write: the console UART's own command register, to turn
# on the decoding of its BAR0 (pci_enable_uart), called from kernel/serial.c only.
[[ $(grep -c 'pci_write32(' arch/x86/pci.c) -eq 2 ]] &&
	grep -A4 '^void pci_enable_uart' arch/x86/pci.c | grep -q 'pci_write32(u->bus, u->dev, u->fn, PCI_COMMAND, cmd)' ||
	fail "arch/x86/pci.c: a PCI configuration write other than the UART's command register"
[[ $(grep -rl 'pci_enable_uart(' kernel bench | wc -l) -eq 1 ]] && grep -q 'pci_enable_uart(&u)' kernel/serial.c ||
	fail "pci_enable_uart() is called from elsewhere than kernel/serial.c"

# The emulator ports stay behind their detection.
grep -qE 'if \(!under_hypervisor\)' arch/x86/qemu.c || fail "arch/x86/qemu.c: fw_cfg is read without the hypervisor test"
grep -B2 -E '\bqemu_exit\(' kernel/*.c | grep -qE 'if \(qemu\)' || fail "qemu_exit() is called outside 'if (qemu)'"
grep -B2 -E '\bbochs_shutdown\(' kernel/*.c | grep -qE 'if \(bochs\)' || fail "bochs_shutdown() is called outside 'if (bochs)'"
[[ $(grep -rlE '\b(qemu_exit|bochs_shutdown)\(' kernel bench | wc -l) -eq 1 ]] ||
	fail "qemu_exit()/bochs_shutdown() are called from more than kernel/run.c"

[[ $bad == 0 ]] && echo "io-safety: $n port I/O sites and $m MMIO sites, all on the allow-list"
exit $bad
