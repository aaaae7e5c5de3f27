# tickbench: one Makefile for the kernel, the ISO, the host tools and the tests.
#   make            kernel, ISO and host tools
#   make run        install missing packages, build, boot the quick suite in QEMU
#   make test       install missing packages, build, run every test
#   make clean
# CROSS_COMPILE=x86_64-elf- builds the kernel with such a toolchain.

CROSS_COMPILE ?=
CC       := $(CROSS_COMPILE)gcc
LD       := $(CROSS_COMPILE)ld
HOSTCC   ?= cc
BUILD    := build
VERSION  := $(shell git describe --always --dirty 2>/dev/null || echo unknown)

CFLAGS := -std=gnu11 -O2 -g
CFLAGS += -Wall -Wextra -Werror -Wno-unused-parameter
CFLAGS += -ffreestanding
CFLAGS += -fpie -fvisibility=hidden
CFLAGS += -mno-red-zone
CFLAGS += -mgeneral-regs-only -mno-sse -mno-mmx -mno-80387
CFLAGS += -mcmodel=small
CFLAGS += -fno-stack-protector
CFLAGS += -fno-asynchronous-unwind-tables
CFLAGS += -fno-tree-loop-distribute-patterns
CFLAGS += -fno-omit-frame-pointer
CFLAGS += -I kernel -I arch/x86 -I bench -I /usr/share/grub
CFLAGS += -I $(BUILD)
CFLAGS += -MMD -MP
ASFLAGS := -D__ASSEMBLY__ -I kernel -MMD -MP
LDFLAGS := -m elf_x86_64 -nostdlib -pie --no-dynamic-linker -z text -z nopack-relative-relocs -z max-page-size=0x1000 -z noexecstack -T linker.ld

HOSTCFLAGS ?= -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter
HOSTCFLAGS += -I kernel -I arch/x86 -MMD -MP
SANITIZE   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

KERNEL_OBJS := \
	boot/header.o \
	boot/entry.o \
	boot/trampoline.o \
	arch/x86/cpu.o \
	arch/x86/gdt.o \
	arch/x86/idt.o \
	arch/x86/isr.o \
	arch/x86/uart.o \
	arch/x86/vga.o \
	arch/x86/fb.o \
	arch/x86/fbdraw.o \
	arch/x86/font.o \
	arch/x86/paging.o \
	arch/x86/pagetable.o \
	arch/x86/pci.o \
	arch/x86/qemu.o \
	arch/x86/bochs.o \
	arch/x86/acpi.o \
	arch/x86/msr_safe.o \
	arch/x86/pic.o \
	arch/x86/ioapic.o \
	arch/x86/lapic.o \
	arch/x86/pit.o \
	arch/x86/hpet.o \
	arch/x86/mce.o \
	arch/x86/pmtimer.o \
	arch/x86/i8042.o \
	kernel/kmain.o \
	kernel/lib.o \
	kernel/format.o \
	kernel/crc32.o \
	kernel/record.o \
	kernel/cmdline.o \
	kernel/multiboot2.o \
	kernel/console.o \
	kernel/mcheck.o \
	kernel/serial.o \
	kernel/panic.o \
	kernel/platform.o \
	kernel/run.o \
	kernel/selftest.o \
	kernel/acpi_report.o \
	kernel/acpi_dump.o \
	kernel/machine.o \
	kernel/smbios.o \
	kernel/irq.o \
	kernel/alloc.o \
	kernel/smp.o \
	kernel/clock.o \
	kernel/problem.o \
	kernel/status.o \
	kernel/ci.o \
	kernel/verdict.o \
	kernel/tscvote.o \
	kernel/logstore.o \
	kernel/deflate.o \
	kernel/huffman.o \
	kernel/qr.o \
	kernel/qrmask.o \
	kernel/reedsolomon.o \
	kernel/qrpages.o \
	kernel/qrlayout.o \
	kernel/qrscreen.o \
	bench/bench.o \
	bench/plan.o \
	bench/timers.o \
	bench/calibrate.o \
	bench/calibration.o \
	bench/fire.o \
	bench/storm.o \
	bench/tscsync.o \
	bench/ipi.o \
	bench/source.o \
	bench/handler.o \
	bench/entry.o \
	bench/hist.o \
	bench/suite.o \
	bench/workload.o \
	bench/tick.o \
	bench/tickmp.o \
	bench/tickrec.o \
	bench/report.o \
	bench/interference.o \
	bench/latency.o \
	bench/cost.o \
	bench/readcost.o \
	bench/armcost.o
KERNEL_OBJS := $(addprefix $(BUILD)/kernel-obj/,$(KERNEL_OBJS))

# Kernel sources that are pure C, compiled for the host too (unit tests, fuzzers).
SHARED_SRCS := kernel/format.c kernel/crc32.c kernel/record.c kernel/cmdline.c \
	kernel/multiboot2.c arch/x86/acpi.c kernel/ci.c kernel/tscvote.c arch/x86/pagetable.c \
	kernel/smbios.c kernel/alloc.c

UNIT_TESTS := test_format test_crc32 test_record test_cmdline test_acpi_lies test_ci \
	test_tscvote test_deflate test_qr test_qrpages test_pagetable test_alloc test_qrlayout
UNIT_BINS  := $(addprefix $(BUILD)/tests/,$(UNIT_TESTS))

ISO    := $(BUILD)/tickbench.iso
KERNEL := $(BUILD)/tickbench.elf
KERNEL_DEBUG := $(BUILD)/tickbench-debug.elf

.PHONY: all kernel iso netboot run test unit-test boot-test deps clean bench-inject matrix soak fleet qemu10
all: kernel iso netboot host

kernel: $(KERNEL)
iso: $(ISO)

$(BUILD)/kernel-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/kernel-obj/%.o: %.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -c $< -o $@

# The version (git describe) in a header of its own, rewritten only when it changes:
# the boot record's "version" is then that of the build, and only platform.o, its
# one user, is rebuilt for it.
$(BUILD)/version.h: FORCE
	@mkdir -p $(BUILD)
	@echo '#define TICKBENCH_VERSION "$(VERSION)"' > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi
$(BUILD)/kernel-obj/kernel/platform.o: $(BUILD)/version.h
FORCE:

# The kernel is position independent (linker.ld, boot/entry.S): the link may leave
# only R_X86_64_RELATIVE relocations, the one kind boot/entry.S applies (RELR, packed
# relocations, it does not read: -z nopack-relative-relocs in LDFLAGS).
# $(call link_kernel,HEADER-OBJECT): link $@ from it and the other kernel objects.
define link_kernel
	$(LD) $(LDFLAGS) -o $@ $(1) $(filter-out $(BUILD)/kernel-obj/boot/header.o,$(KERNEL_OBJS))
	@! readelf -rW $@ | grep -E '^[0-9a-f]{16} ' | grep -v R_X86_64_RELATIVE || \
		{ echo "$@: relocations other than R_X86_64_RELATIVE (above)"; rm $@; exit 1; }
endef

$(KERNEL_DEBUG): $(KERNEL_OBJS) linker.ld
	$(call link_kernel,$(BUILD)/kernel-obj/boot/header.o)

# What GRUB boots: the debug kernel stripped, its section header table cut to the
# null entry. GRUB's multiboot2 loader refuses a file with any SHT_RELA section
# header ("ELF files with relocs are not supported yet", grub-core/loader/
# multiboot_elfxx.c) though it loads by program headers alone, and GRUB 2.12's
# grub_elf64_get_shnum refuses e_shoff 0 with e_shnum 0; so e_shnum becomes 1 and
# e_shstrndx 0 (ELF-64 header offsets 0x3c, 0x3e), e_shoff kept: section 0 is null.
# gdb and addr2line read $(KERNEL_DEBUG), whose addresses are the link's: 1 MiB up
# (the boot record's load_addr says where GRUB put the image; subtract the difference).
$(BUILD)/%.elf: $(BUILD)/%-debug.elf
	objcopy --strip-all $< $@.tmp
	printf '\1\0\0\0' | dd of=$@.tmp bs=1 seek=60 conv=notrunc status=none
	grub-file --is-x86-multiboot2 $@.tmp
	mv $@.tmp $@

# $(call make_iso,KERNEL,DIR): the bootable ISO $@ with that kernel and iso/grub.cfg.
define make_iso
	@rm -rf $(2)
	@mkdir -p $(2)/boot/grub
	cp $(1) $(2)/boot/tickbench.elf
	cp iso/grub.cfg $(2)/boot/grub/grub.cfg
	grub-mkrescue -o $@ $(2) 2>$(2).log || { cat $(2).log; exit 1; }
endef

$(ISO): $(KERNEL) iso/grub.cfg
	$(call make_iso,$(KERNEL),$(BUILD)/isodir)

# The relocation's test image (boot cases relocated-*): the same kernel whose
# relocatable tag asks GRUB for the highest place it can, not the lowest, so that
# it runs far from where it was linked (boot/header.S).
HIGH := $(BUILD)/high
HIGH_ISO := $(BUILD)/tickbench-high.iso
$(HIGH)/header.o: boot/header.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -DMB2_LOAD_PREFERENCE=MB2_LOAD_PREFER_HIGH -c $< -o $@
$(HIGH)/tickbench-debug.elf: $(HIGH)/header.o $(KERNEL_DEBUG)
	$(call link_kernel,$(HIGH)/header.o)
$(HIGH_ISO): $(HIGH)/tickbench.elf iso/grub.cfg
	$(call make_iso,$(HIGH)/tickbench.elf,$(HIGH)/isodir)

# The same kernel and grub.cfg in a GRUB network-boot directory (BIOS PXE and UEFI)
# for a TFTP server: boot/grub/i386-pc/core.0, boot/grub/x86_64-efi/core.efi, and
# tickbench/ for the per-machine words (README, "Network boot").
NETBOOT := $(BUILD)/netboot
netboot: $(NETBOOT)/boot/tickbench.elf
$(NETBOOT)/boot/tickbench.elf: $(KERNEL) iso/grub.cfg
	@rm -rf $(NETBOOT)
	for p in i386-pc x86_64-efi; do \
		grub-mknetdir --net-directory=$(NETBOOT) --subdir=boot/grub \
			-d /usr/lib/grub/$$p >$(BUILD)/grub-mknetdir.log 2>&1 || \
			{ cat $(BUILD)/grub-mknetdir.log; exit 1; }; \
	done
	cp iso/grub.cfg $(NETBOOT)/boot/grub/grub.cfg
	mkdir -p $(NETBOOT)/tickbench
	cp $(KERNEL) $@

# ---- host programs and tests ----------------------------------------------

$(BUILD)/host-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOSTCFLAGS) $(SANITIZE) -c $< -o $@

$(BUILD)/tests/test_%: $(BUILD)/host-obj/tests/unit/test_%.o \
		$(SHARED_SRCS:%.c=$(BUILD)/host-obj/%.o)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(SANITIZE) -o $@ $^ -lcmocka $(LDLIBS_EXTRA)

# The QR pages' encoder and compressor: zlib inflates what deflate writes (on the
# logs in tests/tickstat too), zbarimg reads what qr draws.
$(BUILD)/tests/test_deflate: LDLIBS_EXTRA := -lz
$(BUILD)/tests/test_deflate $(BUILD)/tests/test_qr $(BUILD)/tests/test_qrpages: \
	$(BUILD)/host-obj/kernel/deflate.o $(BUILD)/host-obj/kernel/huffman.o \
	$(BUILD)/host-obj/kernel/qr.o $(BUILD)/host-obj/kernel/qrmask.o \
	$(BUILD)/host-obj/kernel/reedsolomon.o \
	$(BUILD)/host-obj/kernel/qrpages.o
$(BUILD)/host-obj/tests/unit/test_deflate.o: HOSTCFLAGS += -DLOG_DIR='"$(CURDIR)/tests/tickstat"'

$(BUILD)/tests/test_qrlayout: $(BUILD)/host-obj/kernel/qrlayout.o

# The kernel's QR pages of a log as images, for tests/host/qr-import.sh.
QR_RENDER := $(BUILD)/qr-render
$(QR_RENDER): $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,tests/qr/render.c kernel/deflate.c \
		kernel/huffman.c kernel/qr.c kernel/qrmask.c kernel/reedsolomon.c kernel/qrpages.c \
		kernel/crc32.c)
	$(HOSTCC) -o $@ $^
host: $(QR_RENDER)

host: $(UNIT_BINS)

deps:
	@scripts/install-deps

# make run: boot the quick suite in QEMU (RUN_ARGS: the runner's options and kernel
# words; the terminal shows the human lines, the log every line), then print the
# report of the log (tickstat report), the log's path and the commands to try next.
# Exits with the runner's status.
RUN_LOG ?= $(BUILD)/run.log
run: deps
	$(MAKE) iso $(BUILD)/tickstat
	@tools/run --log $(RUN_LOG) $(RUN_ARGS); rc=$$?; echo; \
	$(BUILD)/tickstat report $(RUN_LOG); echo; \
	echo "log: $(RUN_LOG) (every record; tools/run --raw shows them live too)"; \
	echo "next: $(BUILD)/tickstat summary $(RUN_LOG) | less"; \
	echo "      $(BUILD)/tickstat compare --by hz --field lost_ppm $(RUN_LOG)"; \
	echo "      $(BUILD)/tickstat plot $(RUN_LOG) -o $(BUILD)/run.png"; \
	exit $$rc

unit-test: $(UNIT_BINS)

test: deps
	$(MAKE) all secureboot $(BUILD)/tickbench-sb-wrongkey.iso $(HIGH_ISO)
	tests/run-all

# The quick suite on every emulated platform cell (tests/matrix.sh): a table of
# cells x result x seconds. The qemu10-* cells need `make qemu10` first (else skip).
matrix: deps
	$(MAKE) all
	tests/matrix.sh

# QEMU 10 from Debian's bookworm-backports, unpacked into build/qemu10/ (the
# system's QEMU 7.2 stays the default): scripts/get-qemu10 says what it does.
qemu10:
	scripts/get-qemu10

# The same suite on several machines here, one through LAVA's lava-run (installed by
# scripts/install-lava, about 190 MB: not part of make test), then the comparison
# across them (tests/fleet.sh; docs/FLEET.md). FLEET_WORDS replaces the suite.
fleet: deps
	scripts/install-lava
	$(MAKE) all
	tests/fleet.sh $(FLEET_WORDS)

# Benchmarks of the method itself (figures, not assertions): run on a quiet machine.
bench-inject: deps
	$(MAKE) all
	tests/bench/inject-tcg.sh

# About ten minutes of a 10 kHz tick (suite=soak); `tests/soak.sh runs=N` for 2N s.
soak: deps
	$(MAKE) all
	tests/soak.sh

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- tickstat ----
# The host tool that reads tickbench logs (docs/TICKSTAT.md), with its unit tests,
# log generator, fuzzer and benchmark. build/tickstat is built without sanitizers
# (it must be fast); the unit tests link the same sources built with $(SANITIZE).
TICKSTAT_LIB := \
	tools/tickstat/log.c \
	tools/tickstat/linecrc.c \
	tools/tickstat/check.c \
	tools/tickstat/util.c \
	tools/tickstat/stats.c \
	tools/tickstat/ministat.c \
	tools/tickstat/select.c \
	tools/tickstat/compare.c \
	tools/tickstat/summary.c \
	tools/tickstat/export.c \
	tools/tickstat/plot.c \
	tools/tickstat/lost.c \
	tools/tickstat/verdict.c \
	tools/tickstat/report.c \
	tools/tickstat/report_cmd.c \
	tools/tickstat/report_print.c \
	tools/tickstat/machines.c \
	tools/tickstat/machines_report.c \
	tools/tickstat/machines_plot.c \
	tools/tickstat/plot_hz.c \
	tools/tickstat/gnuplot.c
TICKSTAT_SRCS := tools/tickstat/main.c tools/tickstat/check_cmd.c $(TICKSTAT_LIB)
TICKSTAT_OBJS := $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,$(TICKSTAT_SRCS))
# tickstat checks CRCs with linecrc.c (carry-less multiplication, zlib's crc32() for
# the last bytes and on CPUs without it); the unit tests also link the kernel's
# kernel/crc32.c, with which test_tickstat_log writes its records and checks linecrc.c.
TICKSTAT_TEST_OBJS := $(patsubst %.c,$(BUILD)/host-obj/%.o,$(TICKSTAT_LIB) kernel/crc32.c)
TICKSTAT_UNIT := $(addprefix $(BUILD)/tests/,test_tickstat_log test_tickstat_stats \
	test_tickstat_report test_tickstat_machines test_verdict)
GEN_LOG := $(BUILD)/gen-log
TICKSTAT_FUZZ := $(BUILD)/fuzz/fuzz_tickstat_log
FUZZ_SECONDS ?= 600
UNIT_BINS += $(TICKSTAT_UNIT)

.PHONY: fuzz-tickstat bench-tickstat

$(BUILD)/tickstat-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOSTCFLAGS) -c $< -o $@

$(BUILD)/tickstat: $(TICKSTAT_OBJS)
	$(HOSTCC) -o $@ $^ -lz -lm

$(GEN_LOG): $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,tests/tickstat/gen-log.c $(SHARED_SRCS))
	$(HOSTCC) -o $@ $^ -lm

# The kernel's verdicts against tickstat's own (kernel/ci.c, verdict.c).
$(BUILD)/tests/test_verdict: $(patsubst %.c,$(BUILD)/host-obj/%.o,kernel/ci.c \
	kernel/verdict.c kernel/format.c)
$(TICKSTAT_UNIT): $(BUILD)/tests/%: $(BUILD)/host-obj/tests/unit/%.o $(TICKSTAT_TEST_OBJS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(SANITIZE) -o $@ $^ -lcmocka -lz -lm

# libFuzzer target for the log parser (clang only); tests/host/tickstat-fuzz.sh
# runs it for 20 s, `make fuzz` for FUZZ_SECONDS seconds.
$(TICKSTAT_FUZZ): tests/fuzz/fuzz_tickstat_log.c $(TICKSTAT_LIB)
	@mkdir -p $(dir $@)
	clang -std=gnu11 -g -O1 -I kernel -I tools/tickstat \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -o $@ $^ -lz -lm

host: $(BUILD)/tickstat $(TICKSTAT_UNIT) $(GEN_LOG)
ifneq ($(shell command -v clang 2>/dev/null),)
host: $(TICKSTAT_FUZZ)
endif
unit-test: $(TICKSTAT_UNIT)

# `make fuzz` runs this one too (after the parsers' targets, below).
fuzz-tickstat: $(TICKSTAT_FUZZ) $(GEN_LOG)
	tests/host/tickstat-fuzz.sh $(FUZZ_SECONDS)

bench-tickstat: $(BUILD)/tickstat $(GEN_LOG)
	tests/tickstat/bench.sh
# ---- ACPI, multiboot2 and parser fuzzing ----------------------------------

UNIT_TESTS += test_acpi test_multiboot2 test_smbios
UNIT_BINS  += $(BUILD)/tests/test_acpi $(BUILD)/tests/test_multiboot2 $(BUILD)/tests/test_smbios
host: $(BUILD)/tests/test_acpi $(BUILD)/tests/test_multiboot2 $(BUILD)/tests/test_smbios
unit-test: $(BUILD)/tests/test_acpi $(BUILD)/tests/test_multiboot2 $(BUILD)/tests/test_smbios
$(BUILD)/host-obj/tests/unit/test_acpi.o: HOSTCFLAGS += -DACPI_FIXTURES='"$(CURDIR)/tests/unit/acpi"'
$(BUILD)/host-obj/tests/unit/test_smbios.o: HOSTCFLAGS += -DSMBIOS_FIXTURES='"$(CURDIR)/tests/unit/smbios"'

# libFuzzer targets (clang): `make fuzz` runs each for FUZZ_SECONDS on a scratch
# corpus in build/fuzz/ seeded from tests/fuzz/corpus/<target>/; a crash leaves
# build/fuzz/crash-<target>-* and stops. tests/fuzz/<target>.dict, where there is
# one, is the target's libFuzzer dictionary. tests/host/fuzz-smoke.sh runs each briefly.
FUZZ_CC      ?= clang
FUZZ_TARGETS := fuzz_acpi fuzz_multiboot2 fuzz_cmdline fuzz_deflate fuzz_smbios
FUZZ_BINS    := $(addprefix $(BUILD)/fuzz/,$(FUZZ_TARGETS))
FUZZ_CFLAGS  := -std=gnu11 -O1 -g -Wall -Wextra -Wno-unused-parameter
FUZZ_CFLAGS  += -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS  += -fno-omit-frame-pointer -I kernel -I arch/x86

.PHONY: fuzz fuzz-build
$(BUILD)/fuzz/%: tests/fuzz/%.c $(SHARED_SRCS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^

# fuzz_deflate: every input compressed by kernel/deflate.c inflates with zlib to itself.
$(BUILD)/fuzz/fuzz_deflate: tests/fuzz/fuzz_deflate.c kernel/deflate.c kernel/huffman.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ -lz

fuzz-build: $(FUZZ_BINS)

fuzz: $(FUZZ_BINS) fuzz-tickstat
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p $(BUILD)/fuzz/corpus-$$t; \
		echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
		dict=; [ -f tests/fuzz/$$t.dict ] && dict=-dict=tests/fuzz/$$t.dict; \
		$(BUILD)/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
			-artifact_prefix=$(BUILD)/fuzz/crash-$$t- $$dict \
			$(BUILD)/fuzz/corpus-$$t tests/fuzz/corpus/$$t || exit 1; \
	done

# ---- Secure Boot image (`make secureboot`; README "Secure Boot") -------------
# build/tickbench-sb.iso boots with Secure Boot on once its certificate is enrolled
# through MokManager: Debian's signed shim starts our GRUB (multiboot2 and the
# menu built in, an .sbat section, signed with our key), and GRUB has shim check
# the kernel, which is therefore a signed PE file and a multiboot2 kernel at once:
# the kernel linked with the multiboot2 address tag (boot/header.S), its raw image
# wrapped by tools/pe-wrap. The same image boots under BIOS and with Secure Boot off.
# The key: SIGN_KEY= and SIGN_CERT= (PEM) name the user's own; otherwise one is made
# once into build/sb/ (never committed; keep it to keep the enrolled key valid).
SB         := $(BUILD)/sb
SB_ISO     := $(BUILD)/tickbench-sb.iso
SB_KEY     := $(or $(SIGN_KEY),$(SB)/MOK.key)
SB_CERT    := $(or $(SIGN_CERT),$(SB)/MOK.crt)
# The wrong-key test image: the same GRUB, its kernel signed by another key.
SB_WRONG_ISO := $(BUILD)/tickbench-sb-wrongkey.iso
SB_GRUB_MODULES := normal configfile echo test halt reboot sleep search search_fs_file \
	part_gpt part_msdos fat iso9660 memdisk tar serial terminal all_video efi_gop \
	efi_uga multiboot2 boot iorw

.PHONY: secureboot
secureboot: $(SB_ISO)

ifneq ($(if $(SIGN_KEY),y),$(if $(SIGN_CERT),y))
$(error give both SIGN_KEY= and SIGN_CERT=, or neither)
endif

# A key of our own, made once (openssl; RSA 2048, as shim and MokManager take).
$(SB)/%.key $(SB)/%.crt:
	@mkdir -p $(dir $@)
	openssl req -new -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 \
		-subj "/CN=tickbench Secure Boot key $* ($$(hostname), $$(date -u +%F))/" \
		-keyout $(SB)/$*.key -out $(SB)/$*.crt 2>/dev/null
	chmod 600 $(SB)/$*.key

# Which key signs, rewritten only when the choice changes, so that a new SIGN_KEY=
# re-signs everything.
$(SB)/signer: FORCE
	@mkdir -p $(SB)
	@echo '$(SB_KEY) $(SB_CERT)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

$(SB)/tickbench.cer: $(SB_CERT) $(SB)/signer
	openssl x509 -in $< -outform DER -out $@

$(SB)/header-flat.o: boot/header.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -DMB2_LOAD_ADDRESS -c $< -o $@

# The kernel objects of $(KERNEL) with the header that has the address tag.
$(SB)/tickbench-flat.elf: $(SB)/header-flat.o $(KERNEL_DEBUG) linker.ld
	$(call link_kernel,$(SB)/header-flat.o)

$(SB)/tickbench-unsigned.efi: $(SB)/tickbench-flat.elf tools/pe-wrap
	objcopy -O binary -R .bss $< $(SB)/tickbench.bin
	tools/pe-wrap $(SB)/tickbench.bin $@
	grub-file --is-x86-multiboot2 $@

$(SB)/tickbench.efi: $(SB)/tickbench-unsigned.efi $(SB_KEY) $(SB_CERT) $(SB)/signer
	sbsign --key $(SB_KEY) --cert $(SB_CERT) --output $@ $<
	sbverify --cert $(SB_CERT) $@ >/dev/null
	grub-file --is-x86-multiboot2 $@

$(SB)/tickbench-wrongkey.efi: $(SB)/tickbench-unsigned.efi $(SB)/wrong.key $(SB)/wrong.crt
	sbsign --key $(SB)/wrong.key --cert $(SB)/wrong.crt --output $@ $<

# Our GRUB: everything the menu needs built in (under Secure Boot GRUB loads no
# module from disk), the menu in a memdisk, iso/grub-sb-early.cfg finding the image
# and starting it. iso/sbat.csv: the SBAT generations Debian gives this GRUB
# version; shim refuses an image with no .sbat section.
$(SB)/grubx64.efi: iso/grub.cfg iso/grub-sb-early.cfg iso/sbat.csv $(SB_KEY) $(SB_CERT) \
		$(SB)/signer
	@rm -rf $(SB)/memdisk && mkdir -p $(SB)/memdisk
	cp iso/grub.cfg $(SB)/memdisk/grub.cfg
	tar --format=ustar -C $(SB)/memdisk -cf $(SB)/memdisk.tar grub.cfg
	grub-mkimage -O x86_64-efi -p /boot/grub -c iso/grub-sb-early.cfg \
		-m $(SB)/memdisk.tar --sbat iso/sbat.csv -o $(SB)/grubx64-unsigned.efi \
		$(SB_GRUB_MODULES)
	sbsign --key $(SB_KEY) --cert $(SB_CERT) --output $@ $(SB)/grubx64-unsigned.efi

$(SB_ISO): $(SB)/grubx64.efi $(SB)/tickbench.efi $(SB)/tickbench.cer iso/grub.cfg \
		scripts/mkiso-secureboot
	scripts/mkiso-secureboot $@ $(SB)/grubx64.efi $(SB)/tickbench.efi \
		$(SB)/tickbench.cer iso/grub.cfg

$(SB_WRONG_ISO): $(SB)/grubx64.efi $(SB)/tickbench-wrongkey.efi $(SB)/tickbench.cer \
		iso/grub.cfg scripts/mkiso-secureboot
	scripts/mkiso-secureboot $@ $(SB)/grubx64.efi $(SB)/tickbench-wrongkey.efi \
		$(SB)/tickbench.cer iso/grub.cfg
