# make run, make test, make check, and the longer runs that print figures rather
# than assert.

.PHONY: run test check test-images test-times matrix qemu10 fleet bench-inject bench-work-kvm soak \
	bench-anatomy

# make run: boot the README's sample run in QEMU (RUN_ARGS: the runner's options and
# kernel words instead; the terminal shows the human lines, the log every line), then
# print the report of the log (tickstat report), one line on what its figures are,
# the log's path, the same report as one HTML page beside it (RUN_HTML) and the
# commands to try next. Exits with the runner's status. QEMU
# runs under -icount (RUN_CLOCK; RUN_CLOCK= for free TCG, where the host's load is in
# every figure): guest time counts instructions, one a nanosecond, so on a busy
# 2-core host too the figures repeat to the digit, the README's; not where RUN_ARGS
# asks for KVM or Bochs. The sample takes about 3 s of guest time (instructions at a
# nanosecond each), the quick suite (RUN_ARGS=suite=quick) about 12 s: minutes under
# -icount on a loaded host, hence the runner's timeout of 30 minutes. The log is the
# run's own (tools/run: build/runs/run-DATE-TIME.log, build/run.log naming the
# latest), or RUN_LOG; the HTML page beside it (RUN_HTML, else the log's name with
# .html).
RUN_LOG ?=
RUN_HTML ?=
RUN_ARGS ?= bench=tick timer=lapic,hpet hz=100,1000 workload=spin runs=5 ms=50
RUN_CLOCK ?= --icount
RUN_A_PC = for a PC's, boot build/tickbench.iso from a USB stick (README: Writing the stick)
RUN_ICOUNT_SAYS = These figures are QEMU's under --icount (an instruction a nanosecond, the same at every run), not a PC's: $(RUN_A_PC).
RUN_FREE_SAYS = These figures are the emulator's on this host, with its load in them, not a PC's: $(RUN_A_PC).
run: deps
	@$(MAKE) --no-print-directory iso $(BUILD)/tickstat
	@clock='$(RUN_CLOCK)'; case ' $(RUN_ARGS) ' in *' kvm '*|*' bochs '*) clock= ;; esac; \
	before=$$(readlink $(BUILD)/run.log 2>/dev/null); \
	tools/run --timeout 1800 $$clock $(if $(RUN_LOG),--log $(RUN_LOG)) $(RUN_ARGS); rc=$$?; \
	log='$(RUN_LOG)'; latest=$$(readlink $(BUILD)/run.log 2>/dev/null); \
	[ -n "$$log" ] || [ "$$latest" = "$$before" ] || log=$(BUILD)/$$latest; \
	[ -n "$$log" ] || exit $$rc; echo; \
	$(BUILD)/tickstat report $$log; echo; \
	if [ -n "$$clock" ]; then echo "$(RUN_ICOUNT_SAYS)"; else echo "$(RUN_FREE_SAYS)"; fi; \
	echo "log: $$log (every record; tools/run --raw shows them live too)"; \
	html='$(RUN_HTML)'; html=$${html:-$${log%.log}.html}; \
	$(BUILD)/tickstat report --html $$html $$log 2>/dev/null; \
	if [ $$? -lt 2 ]; then echo "page: $$html (the report as one HTML file, its records inside: open it in a browser)"; fi; \
	echo "next: $(BUILD)/tickstat summary $$log | less"; \
	echo "      $(BUILD)/tickstat compare --by hz --field lost_ppm $$log"; \
	echo "      $(BUILD)/tickstat plot $$log -o $(BUILD)/run.png"; \
	exit $$rc

# The Secure Boot images only where their tools are installed (make deps-secureboot);
# elsewhere the Secure Boot tests skip and say so.
SB_TOOLS_MISSING = $(shell scripts/install-deps --secureboot --missing)
# make test: every test (tests/run-all: the fast tier, then the boot tier, the sections
# of tests/boot/cases); make check: the fast tier alone, the tests that boot nothing.
test: deps
	@$(MAKE) --no-print-directory test-images
	@tests/run-all
check: deps
	@$(MAKE) --no-print-directory test-images
	@tests/run-all fast
test-images: all $(HIGH_ISO) $(if $(SB_TOOLS_MISSING),,secureboot $(SB_WRONG_ISO)) \
	$(if $(shell command -v $(FUZZ_CC) 2>/dev/null),fuzz-build)
	@:

# docs/HACKING.md's figures of the tests' cost, from the last full run's times.tsv.
test-times:
	scripts/test-times

# The quick suite on every emulated platform cell (tests/matrix.sh): a table of
# cells x result x seconds. The qemu10-* cells need `make qemu10` first (else skip).
matrix: deps
	@$(MAKE) --no-print-directory all
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
	@$(MAKE) --no-print-directory all
	tests/fleet.sh $(FLEET_WORDS)

# Benchmarks of the method itself (figures, not assertions): run on a quiet machine.
bench-inject: deps
	@$(MAKE) --no-print-directory all
	tests/bench/inject-tcg.sh

# What the anatomy's plugin costs a run, with and without its cache mode (figures).
bench-anatomy: deps
	@$(MAKE) --no-print-directory all
	tests/bench/anatomy-cost.sh

# A test out of make test (a KVM boot takes minutes here): a tick with 1 MiB of data
# must show a proven positive indirect cost under KVM; skips without /dev/kvm.
bench-work-kvm: deps
	@$(MAKE) --no-print-directory all
	tests/bench/work-kvm.sh

# About ten minutes of a 10 kHz tick (suite=soak); `tests/soak.sh runs=N` for 2N s.
soak: deps
	@$(MAKE) --no-print-directory all
	tests/soak.sh
