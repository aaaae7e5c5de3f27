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
CFLAGS += -fno-pic -fno-pie
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
ASFLAGS := -D__ASSEMBLY__ -MMD -MP
LDFLAGS := -m elf_x86_64 -nostdlib -z max-page-size=0x1000 -z noexecstack -T linker.ld

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
	arch/x86/font.o \
	arch/x86/paging.o \
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
	kernel/kmain.o \
	kernel/lib.o \
	kernel/format.o \
	kernel/crc32.o \
	kernel/record.o \
	kernel/cmdline.o \
	kernel/multiboot2.o \
	kernel/console.o \
	kernel/mcheck.o \
	kernel/panic.o \
	kernel/platform.o \
	kernel/run.o \
	kernel/selftest.o \
	kernel/acpi_report.o \
	kernel/irq.o \
	kernel/alloc.o \
	kernel/smp.o \
	kernel/clock.o \
	kernel/problem.o \
	kernel/status.o \
	kernel/ci.o \
	kernel/tscvote.o \
	bench/bench.o \
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
	kernel/multiboot2.c arch/x86/acpi.c kernel/ci.c kernel/tscvote.c

UNIT_TESTS := test_format test_crc32 test_record test_cmdline test_acpi_lies test_ci \
	test_tscvote
UNIT_BINS  := $(addprefix $(BUILD)/tests/,$(UNIT_TESTS))

ISO    := $(BUILD)/tickbench.iso
KERNEL := $(BUILD)/tickbench.elf

.PHONY: all kernel iso run test unit-test boot-test deps clean bench-inject matrix soak fleet qemu10
all: kernel iso host

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

$(KERNEL): $(KERNEL_OBJS) linker.ld
	$(LD) $(LDFLAGS) -o $@ $(KERNEL_OBJS)
	grub-file --is-x86-multiboot2 $@

$(ISO): $(KERNEL) iso/grub.cfg
	@rm -rf $(BUILD)/isodir
	@mkdir -p $(BUILD)/isodir/boot/grub
	cp $(KERNEL) $(BUILD)/isodir/boot/tickbench.elf
	cp iso/grub.cfg $(BUILD)/isodir/boot/grub/grub.cfg
	grub-mkrescue -o $@ $(BUILD)/isodir 2>$(BUILD)/grub-mkrescue.log || \
		{ cat $(BUILD)/grub-mkrescue.log; exit 1; }

# ---- host programs and tests ----------------------------------------------

$(BUILD)/host-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOSTCFLAGS) $(SANITIZE) -c $< -o $@

$(BUILD)/tests/test_%: $(BUILD)/host-obj/tests/unit/test_%.o \
		$(SHARED_SRCS:%.c=$(BUILD)/host-obj/%.o)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(SANITIZE) -o $@ $^ -lcmocka

host: $(UNIT_BINS)

deps:
	@scripts/install-deps

run: deps
	$(MAKE) iso
	tools/run $(RUN_ARGS)

unit-test: $(UNIT_BINS)

test: deps
	$(MAKE) all
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
	tools/tickstat/check.c \
	tools/tickstat/util.c \
	tools/tickstat/stats.c \
	tools/tickstat/ministat.c \
	tools/tickstat/select.c \
	tools/tickstat/compare.c \
	tools/tickstat/summary.c \
	tools/tickstat/export.c \
	tools/tickstat/plot.c
TICKSTAT_SRCS := tools/tickstat/main.c tools/tickstat/check_cmd.c $(TICKSTAT_LIB)
TICKSTAT_OBJS := $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,$(TICKSTAT_SRCS) kernel/crc32.c)
TICKSTAT_TEST_OBJS := $(patsubst %.c,$(BUILD)/host-obj/%.o,$(TICKSTAT_LIB) kernel/crc32.c)
TICKSTAT_UNIT := $(addprefix $(BUILD)/tests/,test_tickstat_log test_tickstat_stats)
GEN_LOG := $(BUILD)/gen-log
TICKSTAT_FUZZ := $(BUILD)/fuzz/fuzz_tickstat_log
FUZZ_TIME ?= 600
UNIT_BINS += $(TICKSTAT_UNIT)

.PHONY: fuzz-tickstat bench-tickstat

$(BUILD)/tickstat-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOSTCFLAGS) -c $< -o $@

$(BUILD)/tickstat: $(TICKSTAT_OBJS)
	$(HOSTCC) -o $@ $^ -lm

$(GEN_LOG): $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,tests/tickstat/gen-log.c $(SHARED_SRCS))
	$(HOSTCC) -o $@ $^ -lm

$(TICKSTAT_UNIT): $(BUILD)/tests/%: $(BUILD)/host-obj/tests/unit/%.o $(TICKSTAT_TEST_OBJS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(SANITIZE) -o $@ $^ -lcmocka -lm

# libFuzzer target for the log parser (clang only); tests/host/tickstat-fuzz.sh
# runs it for 20 s, `make fuzz` for FUZZ_TIME seconds.
$(TICKSTAT_FUZZ): tests/fuzz/fuzz_tickstat_log.c $(TICKSTAT_LIB) kernel/crc32.c
	@mkdir -p $(dir $@)
	clang -std=gnu11 -g -O1 -I kernel -I tools/tickstat \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -o $@ $^ -lm

host: $(BUILD)/tickstat $(TICKSTAT_UNIT) $(GEN_LOG)
ifneq ($(shell command -v clang 2>/dev/null),)
host: $(TICKSTAT_FUZZ)
endif
unit-test: $(TICKSTAT_UNIT)

# `make fuzz` runs this one too (after the parsers' targets, below).
fuzz-tickstat: $(TICKSTAT_FUZZ) $(GEN_LOG)
	tests/host/tickstat-fuzz.sh $(FUZZ_TIME)

bench-tickstat: $(BUILD)/tickstat $(GEN_LOG)
	tests/tickstat/bench.sh
# ---- ACPI, multiboot2 and parser fuzzing ----------------------------------

KERNEL_OBJS += $(BUILD)/kernel-obj/kernel/acpi_dump.o
$(KERNEL): $(BUILD)/kernel-obj/kernel/acpi_dump.o   # the rule above expanded the list already

UNIT_TESTS += test_acpi test_multiboot2
UNIT_BINS  += $(BUILD)/tests/test_acpi $(BUILD)/tests/test_multiboot2
host: $(BUILD)/tests/test_acpi $(BUILD)/tests/test_multiboot2
unit-test: $(BUILD)/tests/test_acpi $(BUILD)/tests/test_multiboot2
$(BUILD)/host-obj/tests/unit/test_acpi.o: HOSTCFLAGS += -DACPI_FIXTURES='"$(CURDIR)/tests/unit/acpi"'

# libFuzzer targets (clang): `make fuzz` runs each for FUZZ_SECONDS on a scratch
# corpus in build/fuzz/ seeded from tests/fuzz/corpus/<target>/; a crash leaves
# build/fuzz/crash-<target>-* and stops. tests/fuzz/<target>.dict, where there is
# one, is the target's libFuzzer dictionary. tests/host/fuzz-smoke.sh runs each briefly.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 600
FUZZ_TARGETS := fuzz_acpi fuzz_multiboot2 fuzz_cmdline
FUZZ_BINS    := $(addprefix $(BUILD)/fuzz/,$(FUZZ_TARGETS))
FUZZ_CFLAGS  := -std=gnu11 -O1 -g -Wall -Wextra -Wno-unused-parameter
FUZZ_CFLAGS  += -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS  += -fno-omit-frame-pointer -I kernel -I arch/x86

.PHONY: fuzz fuzz-build
$(BUILD)/fuzz/%: tests/fuzz/%.c $(SHARED_SRCS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^

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
