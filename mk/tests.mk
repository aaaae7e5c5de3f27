# make run, make test, make check, and the longer runs that print figures rather
# than assert.

.PHONY: run test check test-images test-times matrix qemu10 fleet bench-inject bench-work-kvm soak

# make run: boot the quick suite in QEMU (RUN_ARGS: the runner's options and kernel
# words; the terminal shows the human lines, the log every line), then print the
# report of the log (tickstat report), the log's path and the commands to try next.
# Exits with the runner's status.
RUN_LOG ?= $(BUILD)/run.log
run: deps
	@$(MAKE) --no-print-directory iso $(BUILD)/tickstat
	@tools/run --log $(RUN_LOG) $(RUN_ARGS); rc=$$?; echo; \
	$(BUILD)/tickstat report $(RUN_LOG); echo; \
	echo "log: $(RUN_LOG) (every record; tools/run --raw shows them live too)"; \
	echo "next: $(BUILD)/tickstat summary $(RUN_LOG) | less"; \
	echo "      $(BUILD)/tickstat compare --by hz --field lost_ppm $(RUN_LOG)"; \
	echo "      $(BUILD)/tickstat plot $(RUN_LOG) -o $(BUILD)/run.png"; \
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

# A test out of make test (a KVM boot takes minutes here): a tick with 1 MiB of data
# must show a proven positive indirect cost under KVM; skips without /dev/kvm.
bench-work-kvm: deps
	@$(MAKE) --no-print-directory all
	tests/bench/work-kvm.sh

# About ten minutes of a 10 kHz tick (suite=soak); `tests/soak.sh runs=N` for 2N s.
soak: deps
	@$(MAKE) --no-print-directory all
	tests/soak.sh
