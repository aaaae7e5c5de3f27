# tools/run-emulator/qemu.sh: the QEMU half of tools/run (sourced by it; it defines
# the options' variables, $work, $log and run_status). run_qemu builds the command
# in the array qemu, boots it and exits with the run's status.

# Exit 77 when what the options ask for is not here (KVM, another QEMU binary).
qemu_check_available() {
	if [[ $accel == kvm && ! -w /dev/kvm ]]; then
		echo "tools/run: KVM is not available here (/dev/kvm missing or not writable)"
		exit 77
	fi
	if [[ $accel == kvm && $icount == 1 ]]; then die_usage "--icount works only with --accel tcg"; fi
	if [[ $qemu_bin == */* && ! -x $qemu_bin ]]; then
		echo "tools/run: no QEMU at $qemu_bin (scripts/get-qemu10 unpacks QEMU 10 into build/qemu10/)"
		exit 77
	fi
}

# --anatomy: the plugin and what it needs (exit 77 when it was not built).
anatomy_args() {
	[[ $anatomy == 1 ]] || return 0
	[[ $accel == tcg ]] || die_usage "--anatomy needs --accel tcg: QEMU's plugins see the code it translates"
	local so=$top/build/anatomy/plugin.so annex=$top/build/anatomy/annex measured
	if [[ ! -f $so || ! -x $annex ]]; then
		echo "tools/run: --anatomy needs build/anatomy/plugin.so and build/anatomy/annex (make anatomy;" \
			"$top/build/qemu-plugin/get.log says why the plugin may be missing)"
		exit 77
	fi
	# The plugin is built against one QEMU's header (build/qemu-plugin/version); another
	# QEMU may refuse it (QEMU 10 has none of API version 1's inline counters).
	local built ours
	built=$(sed 's/^[0-9]*://; s/[+~-].*//' "$top/build/qemu-plugin/version" 2>/dev/null)
	ours=$("$qemu_bin" --version 2>/dev/null | sed -n '1s/.*version \([0-9]*\.[0-9]*\).*/\1/p')
	if [[ -n $built && $ours != "$(cut -d. -f1,2 <<<"$built")" ]]; then
		echo "tools/run: --anatomy: the plugin is built for QEMU $built's plugin API, this QEMU is ${ours:-unknown}"
		exit 77
	fi
	if [[ $linux == 1 ]]; then
		[[ $serial_port == com1 ]] || die_usage "--anatomy with --linux takes Linux's symbols from COM2: the log must be on com1"
		measured=$top/build/anatomy/linux.measured
		qemu+=(-serial "file:$log.kallsyms")
	else
		measured=$top/build/anatomy/bare.measured
		nm "$top/build/tickbench-debug.elf" >"$work/symbols"
	fi
	local mode=
	if [[ -n $caches ]]; then
		local why
		why=$("$annex" --caches-spec "$caches" 2>&1 >/dev/null) || die_usage "--caches: $why"
		[[ $smp == 1 ]] || die_usage "--caches models one CPU's caches: --smp 1"
		mode=,caches=${caches//,/+}     # QEMU's -plugin splits its arguments at commas
	fi
	qemu+=(-plugin "$so,measured=$measured,out=$log.anatomy$mode")
	[[ $icount == 1 || $quiet == 1 ]] ||
		echo "tools/run: --anatomy without --icount: its counts are instructions, exact; the holes' cycles are time, which TCG does not give per instruction"
}

# After a run whose log is whole: the annex of the anatomy's records appended to it
# (annex's status "fail" where some run has none; exit 6 when none can be written).
anatomy_annex() {
	[[ $anatomy == 1 && -n $(run_status "$log") ]] || return 0
	local from=elf symbols=$work/symbols rc=0
	[[ $linux == 0 ]] || from=kallsyms symbols=$log.kallsyms
	"$top/build/anatomy/annex" --profile "$log.anatomy" --symbols "$symbols" --symbols-from "$from" \
		--layers "$top/tools/anatomy/layers" "$log" || rc=$?
	case $rc in
	0) [[ $quiet == 1 ]] || echo "tools/run: the anatomy's records are in $log's annex (build/tickstat report $log)" ;;
	1) echo "tools/run: the anatomy's annex lacks some runs (above: which; the plugin's counts: $log.anatomy)" >&2 ;;
	*) echo "tools/run: no anatomy annex written (above: why; the plugin's counts: $log.anatomy)" >&2; exit 6 ;;
	esac
}

# The machine, CPU, memory, exit device and the runner disk.
qemu_machine_args() {
	# Under KVM the host CPU, less IA32_ARCH_CAPABILITIES: some (nested) KVM hosts
	# refuse the value QEMU 7.2 copies into it, and QEMU then aborts at start
	# ("failed to set MSR 0x10a"). tickbench does not read that MSR.
	[[ -n $cpu ]] || { [[ $accel == kvm ]] && cpu=host,-arch-capabilities || cpu=max; }
	# --anatomy with several vCPUs: one thread (under -icount QEMU takes one anyway),
	# for the plugin's counters are not per vCPU (tools/anatomy/plugin.c).
	local accel_opt=$accel
	[[ $anatomy == 0 || $smp == 1 || $icount == 1 ]] || accel_opt=tcg,thread=single
	qemu=("$qemu_bin" -machine "$machine" -accel "$accel_opt" -cpu "$cpu" -smp "$smp"
	      -m "$memory" -display none -no-reboot -nic none
	      -device isa-debug-exit,iobase=0xf4,iosize=0x04
	      -chardev "stdio,id=ser0,logfile=$log")
	# (The runner disk has a boot index only so that OVMF connects it; it is never booted.)
	[[ $media == net ]] || qemu+=(-drive "if=none,id=runnercfg,format=raw,file=$work/runner.img"
		-device virtio-blk-pci,drive=runnercfg,bootindex=1)
	[[ $icount == 0 ]] || qemu+=(-icount shift=0,sleep=off)
}

# The log's port: COMn has the ports before it present with no backend (so GRUB's
# own output to COM1 is dropped); pci is a PCI 16550 with no ISA COM port.
qemu_serial_args() {
	local i
	case $serial_port in
	pci) qemu+=(-serial none -device pci-serial,chardev=ser0) ;;
	none) qemu+=(-serial none) ;;
	*) for ((i = 1; i < ${serial_port#com}; i++)); do qemu+=(-serial null); done
	   qemu+=(-serial chardev:ser0) ;;
	esac
}

# OVMF for --firmware uefi and uefi-sb (exit 77 when it is not installed).
qemu_firmware_args() {
	[[ $firmware == uefi* ]] || return 0
	local code=/usr/share/OVMF/OVMF_CODE_4M.fd vars=/usr/share/OVMF/OVMF_VARS_4M.fd
	if [[ $firmware == uefi-sb ]]; then
		# Debian's OVMF README: the Secure Boot build needs SMM, and the variable
		# flash must be writable from SMM only (the pflash "secure" property).
		code=/usr/share/OVMF/OVMF_CODE_4M.ms.fd vars=/usr/share/OVMF/OVMF_VARS_4M.ms.fd
		qemu+=(-machine smm=on -global driver=cfi.pflash01,property=secure,value=on)
	fi
	if [[ ! -f $code || ! -f $vars ]]; then
		echo "tools/run: OVMF ($code) is not installed (Debian package ovmf)"
		exit 77
	fi
	# A fresh copy of the variables each run: a store written by another machine
	# type can make OVMF boot its shell and wait forever.
	cp "$vars" "$work/vars.fd"
	qemu+=(-drive "if=pflash,format=raw,unit=0,readonly=on,file=$code"
	       -drive "if=pflash,format=raw,unit=1,file=$work/vars.fd")
}

# What boots: the ISO as a CD-ROM or a USB stick, or GRUB over the network.
qemu_media_args() {
	case $media in
	cd) qemu+=(-drive "if=none,id=boot,media=cdrom,format=raw,readonly=on,file=$iso"
		   -device ide-cd,drive=boot,bootindex=0) ;;
	usb) qemu+=(-device qemu-xhci,id=xhci
		    -drive "if=none,id=boot,format=raw,snapshot=on,file=$iso"
		    -device usb-storage,bus=xhci.0,drive=boot,bootindex=0) ;;
	net)
		# PXE (SeaBIOS: the NIC's iPXE ROM) or UEFI network boot of GRUB's core
		# image; its grub.cfg sources tickbench/MAC.cfg from the same TFTP root.
		local core=boot/grub/i386-pc/core.0
		[[ $firmware == uefi ]] && core=boot/grub/x86_64-efi/core.efi
		qemu+=(-netdev "user,id=net0,tftp=$work/tftp,bootfile=$core"
		       -device "virtio-net-pci,netdev=net0,mac=$NET_MAC,bootindex=0") ;;
	esac
}

# --monitor: QEMU's human monitor on a pair of FIFOs (-monitor pipe:), and a watcher
# that waits (within --timeout) for the --monitor-at text in the serial log, then half
# a second (the text's line and what follows at once are out: an exception injected
# in the middle of a record cuts it), then writes the commands; what the monitor
# answers goes to standard error at the end.
monitor_start() {
	mkfifo "$work/mon.in" "$work/mon.out"
	cat "$work/mon.out" >"$work/mon.log" &  # QEMU opens mon.out for writing: be its reader
	qemu+=(-monitor "pipe:$work/mon")
	(
		local end=$((SECONDS + timeout)) c
		until grep -qaF -- "$monitor_at" "$log"; do
			((SECONDS < end)) || exit 0
			sleep 0.2
		done
		sleep 0.5
		for c in "${monitor_cmds[@]}"; do printf '%s\n' "${c//,/ }"; done >"$work/mon.in"
	) &
	monitor_pid=$!
}

# --enrol-key: the first boot, driven by tools/mok-enrol on QEMU's standard input and
# output (the serial line); shim refuses our GRUB and offers MokManager. The key
# stays in $work/vars.fd for the run's own boot.
enrol_key() {
	local rc=0
	[[ $quiet == 1 ]] || echo "tools/run: enrolling tickbench.cer through MokManager (log: $log.enrol)"
	"$top/tools/mok-enrol" --log "$log.enrol" --timeout "$timeout" --cert tickbench.cer -- \
		"${qemu[@]}" >"$work/enrol.out" || rc=$?
	[[ $quiet == 1 ]] || cat "$work/enrol.out"
	case $rc in
	0) ;;
	124) echo "tools/run: timeout after ${timeout}s in the key enrolment (log: $log.enrol)" >&2; exit 124 ;;
	*) echo "tools/run: the key enrolment failed (log: $log.enrol)" >&2; exit 4 ;;
	esac
}

# What QEMU and its monitor said, on standard error (the monitor's answers without
# its prompt, banner and echo).
qemu_report_stderr() {
	if [[ -s $work/qemu.err ]]; then sed 's/^/qemu: /' "$work/qemu.err" >&2; fi
	if [[ -s $work/mon.log ]]; then
		tr -d '\r' <"$work/mon.log" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' |
			grep -av '^(qemu)\|^QEMU .* monitor\|^$' | sed 's/^/qemu monitor: /' >&2 || true
	fi
}

# QEMU in the foreground until it leaves or --timeout; the serial output shown live
# unless --quiet. Sets qemu_rc.
qemu_boot() {
	set +e
	if [[ $quiet == 1 ]]; then
		timeout -k 5 "$timeout" "${qemu[@]}" </dev/null >/dev/null 2>"$work/qemu.err"
		qemu_rc=$?
	else
		timeout -k 5 "$timeout" "${qemu[@]}" </dev/null 2>"$work/qemu.err" | show_lines
		qemu_rc=${PIPESTATUS[0]}
	fi
	if [[ -n ${monitor_pid-} ]]; then     # a watcher still waiting would block on mon.in
		kill "$monitor_pid" 2>/dev/null; wait 2>/dev/null
	fi
	set -e
}

run_qemu() {
	qemu_check_available
	local qemu=() qemu_rc
	qemu_machine_args
	qemu_serial_args
	qemu_firmware_args
	qemu_media_args
	anatomy_args
	qemu+=("${qemu_args[@]}")
	[[ $enrol == 0 ]] || enrol_key
	[[ ${#monitor_cmds[@]} -eq 0 ]] || monitor_start
	[[ -z $pages_dir ]] || run_qemu_pages
	qemu_boot
	qemu_report_stderr
	if [[ $qemu_rc == 124 || $qemu_rc == 137 ]]; then
		echo "tools/run: timeout after ${timeout}s (log: $log)" >&2
		exit 124
	fi
	anatomy_annex
	exit_with_status "QEMU exit status $qemu_rc"
}

# ---- --screen-pages ----------------------------------------------------------

# QEMU's human monitor on two FIFOs (-monitor pipe:): monitor CMD sends a command
# and reads up to the prompt that follows it (a screendump is written by then). The
# first call first reads the banner and its prompt. Fails after 30 s of silence.
monitor_ready=0
monitor() {
	local seen= c
	if [[ $monitor_ready == 0 ]]; then
		exec 3<>"$work/monitor.out" 4<>"$work/monitor.in"
		until [[ $seen == *"(qemu) " ]]; do
			IFS= read -r -t 30 -N 1 c <&3 || return 1
			seen+=$c
		done
		monitor_ready=1 seen=
	fi
	printf '%s\n' "$1" >&4
	until [[ $seen == *"(qemu) " ]]; do
		IFS= read -r -t 30 -N 1 c <&3 || return 1
		seen+=$c
	done
}

# The page number and count of the tickbench QR page on a screendump (header:
# "TQ", format 1, reserved, run id, then k and n, little-endian; docs/FORMAT.md),
# nothing when zbar finds none (the summary code beside it is skipped).
# tools/qr-import checks each page's CRC later.
page_on_screen() {
	zbarimg --raw -q -Sbinary --nodbus "$1" 2>/dev/null | python3 -c '
import struct, sys
d = sys.stdin.buffer.read()
at = d.find(b"TQ\x01")             # other codes (the text summary) may come first
if at >= 0 and len(d) >= at + 14:
    print(*struct.unpack_from("<HH", d, at + 8))' || true
}

# One screendump, kept as DIR/page-K.ppm when it shows a page DIR lacks. Sets
# count (the pages of the run) once a page was read; fails when none was.
pages_shoot() {
	local k n
	rm -f "$work/shot.ppm"
	monitor "screendump $work/shot.ppm" || return 1
	read -r k n < <(page_on_screen "$work/shot.ppm") || return 1
	count=$n
	[[ -f $pages_dir/page-$k.ppm ]] || mv "$work/shot.ppm" "$pages_dir/page-$k.ppm"
}

# The pages saved so far.
pages_saved() { local have=("$pages_dir"/page-*.ppm); [[ -e ${have[0]} ]] && echo ${#have[@]} || echo 0; }

# No serial port: the log is what the pages give back (tools/qr-import).
pages_to_log() {
	"$top/tools/qr-import" "$pages_dir"/page-*.ppm >"$log" ||
		echo "tools/run: tools/qr-import could not read the saved pages back into $log" >&2
	[[ $quiet == 1 ]] || echo "tools/run: the log read back from the pages: $log"
}

# QEMU left, or the time is up, before every page was saved: exit 124 or 5.
pages_incomplete() {
	if [[ -f $work/shot.ppm ]]; then
		mv "$work/shot.ppm" "$pages_dir/last-screen.ppm"
		echo "tools/run: the last screendump is $pages_dir/last-screen.ppm" >&2
	fi
	if ((SECONDS - start >= timeout)); then
		echo "tools/run: timeout after ${timeout}s with $(pages_saved) of ${count:-?} QR pages saved (log: $log)" >&2
		exit 124
	fi
	echo "tools/run: QEMU left with $(pages_saved) of ${count:-?} QR pages saved (log: $log)" >&2
	exit 5
}

# --screen-pages: QEMU in the background, its monitor on two FIFOs. Sets qemu_pid.
pages_start() {
	if ! command -v zbarimg >/dev/null; then
		echo "tools/run: --screen-pages needs zbarimg (Debian package zbar-tools)"
		exit 77
	fi
	mkfifo "$work/monitor.in" "$work/monitor.out"
	qemu+=(-monitor "pipe:$work/monitor")
	rm -f "$pages_dir"/page-*.ppm
	if [[ $quiet == 1 ]]; then
		timeout -k 5 "$timeout" "${qemu[@]}" </dev/null >/dev/null 2>"$work/qemu.err" &
	else
		timeout -k 5 "$timeout" "${qemu[@]}" </dev/null 2>"$work/qemu.err" &
	fi
	qemu_pid=$!
}

# Is it time for a screendump? Once the log is whole; without a serial port, from
# the start, every 2 s until the first page is read.
pages_due() {
	if [[ $serial_port != none ]]; then
		[[ -n $(run_status "$log") ]]
	else
		[[ -n $count ]] || ((SECONDS - last_shot >= 2))
	fi
}

# --screen-pages: a screendump every half second when due (pages_shoot); QEMU is
# told to quit when every page is there, and the run exits with its status (without
# a serial port, that of the log the pages give back).
run_qemu_pages() {
	local qemu_pid count= start=$SECONDS last_shot=0
	pages_start
	while kill -0 "$qemu_pid" 2>/dev/null; do
		sleep 0.5
		((SECONDS - start < timeout)) || break
		pages_due || continue
		last_shot=$SECONDS
		pages_shoot || continue
		if [[ $(pages_saved) -ge $count ]]; then
			[[ $quiet == 1 ]] || echo "tools/run: saved $count QR pages in $pages_dir"
			printf 'quit\n' >&4 || kill "$qemu_pid" 2>/dev/null
			wait "$qemu_pid" 2>/dev/null || true
			qemu_report_stderr
			[[ $serial_port != none ]] || pages_to_log
			exit_with_status "QEMU quit after the pages"
		fi
	done
	kill "$qemu_pid" 2>/dev/null || true
	wait "$qemu_pid" 2>/dev/null || true
	qemu_report_stderr
	pages_incomplete
}
