# tickbench: one build for the kernel, the ISO, the host tools and the tests.
#   make             the kernel, build/tickbench.iso, build/netboot/ and the host tools
#   make run         install missing packages, build, boot the quick suite in QEMU
#   make test        install missing packages, build, run every test
#   make check       the same for the fast tier: every test that boots no emulator
#   make secureboot  build/tickbench-sb.iso (make deps-secureboot installs its tools)
#   make linux       Debian's kernel and the initramfs of build/tickbench-linux (the ISO
#                    carries them: a plain make fetches the packages once; LINUX=no not)
#   make anatomy     tools/anatomy's QEMU plugin and annex writer (a plain make too)
#   make docs        docs/OPTIONS.md's table of kernel words, from kernel/cmdline.c,
#                    docs/FORMAT.md's tables of records, from lib/record/schema.def, and
#                    iso/grub.cfg's PC estimates, from the benchmarks' (tools/grub-times.c)
#   make clean
#   V=1              show each command in full (else one short line per step)
# CROSS_COMPILE=x86_64-elf- builds the kernel with such a toolchain. The rules are in
# mk/: kernel.mk (the kernel and its images), host.mk (host programs, unit tests,
# fuzzers), tickstat.mk, secureboot.mk, linux.mk (build/tickbench-linux, make linux),
# tests.mk (run, test and the longer runs), docs.mk (make docs).

CROSS_COMPILE ?=
CC       := $(CROSS_COMPILE)gcc
LD       := $(CROSS_COMPILE)ld
HOSTCC   ?= cc
BUILD    := build
VERSION  := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
# bench/: its core (bench/core/) and one folder per benchmark, each named in
# bench/core/benches.def; the kernel links every source of these folders.
BENCH_FOLDERS := $(filter-out bench/core,$(patsubst %/,%,$(wildcard bench/*/)))
# lib/: freestanding code in folders by family (docs/HACKING.md, "Code organisation"):
# the C library's functions, the record contract, the answer, the end screen and the
# run's words and tables. Every layer that sees lib/ sees each of them.
LIB_FOLDERS  := lib/c lib/record lib/answer lib/endscreen lib/run
LIB_INCLUDES := $(addprefix -I ,$(LIB_FOLDERS))

# kbuild's quiet output: "  CC      arch/x86/cpu.o" per step, the command with V=1,
# nothing with make -s.
ifeq ($(V),1)
Q :=
msg = @:
else
Q := @
ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
msg = @:
else
msg = @printf '  %-7s %s\n' '$(1)' '$(2)'
endif
endif

.PHONY: all clean deps FORCE
all:

# A plain make with a build package missing stops at once, naming it (the goals
# that install packages first, or need none, ask nothing).
ifeq ($(filter deps deps-secureboot clean run test check matrix fleet bench-inject bench-work-kvm bench-anatomy soak qemu10,$(MAKECMDGOALS)),)
MISSING_PACKAGES := $(shell scripts/install-deps --build --missing)
ifneq ($(MISSING_PACKAGES),)
$(error Debian packages missing: $(MISSING_PACKAGES) (make deps installs them))
endif
endif

include mk/host.mk
include mk/linux.mk
include mk/kernel.mk
include mk/tickstat.mk
include mk/secureboot.mk
include mk/anatomy.mk
include mk/tests.mk
include mk/docs.mk

all: kernel iso netboot host

deps:
	@scripts/install-deps

clean:
	rm -rf $(BUILD)

# Nothing built here is an intermediate to delete: a second make builds nothing.
.SECONDARY:
.DELETE_ON_ERROR:
FORCE:

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
