# Host programs built from the kernel's own sources: the unit tests (cmocka, under
# AddressSanitizer and UBSan), build/qr-render, and the libFuzzer targets.

HOSTCFLAGS ?= -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter
# lib/ includes nothing outside itself: its objects see lib/ alone, which the build
# holds (an include of another folder does not compile), for every host program.
HOSTCFLAGS_LIB := $(HOSTCFLAGS) $(LIB_INCLUDES) -MMD -MP
HOSTCFLAGS += -I kernel -I arch/x86 $(LIB_INCLUDES) -I bench/core $(addprefix -I ,$(BENCH_FOLDERS)) -MMD -MP
SANITIZE   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# Kernel sources that are pure C, compiled for the host too; the QR pages' encoder
# and compressor apart, since only their tests and tools link them.
# The command line's words: the kernel's and the benchmarks' tables (no benchmark
# code), for test_cmdline, the fuzzers and build/options-md.
WORDS_SRCS := lib/run/words.c kernel/cmdline.c bench/core/config.c bench/core/suite.c \
	$(wildcard bench/*/*_words.c)
SHARED_SRCS := lib/c/format.c lib/c/crc32.c lib/c/splitmix.c kernel/record.c $(WORDS_SRCS) \
	kernel/multiboot2.c arch/x86/acpi.c lib/run/tscvote.c arch/x86/pagetable.c \
	kernel/smbios.c kernel/alloc.c lib/run/idlestate.c lib/run/energy.c arch/x86/rapl.c \
	arch/x86/cstate.c lib/run/pmuplan.c lib/run/ftq.c
# lib/'s report core, which the kernel compiles too (lib/answer/answer.h): the record
# parser, data sets, statistics, the rule for figures and the answer; tickstat is
# built on it (tickstat.mk).
REPORT_SRCS := lib/c/alloc_hook.c lib/answer/figure.c lib/answer/figure_double.c \
	lib/answer/student.c lib/answer/dataset.c lib/answer/tickmodel.c \
	lib/answer/estimate.c lib/answer/lines.c lib/record/rec.c lib/record/rec_full.c \
	lib/record/rec_fast.c lib/record/rec_shapes.c lib/record/schema.c \
	lib/record/configuration.c lib/answer/pairs.c lib/answer/answer_out.c \
	lib/answer/answer_take.c lib/answer/answer_print.c lib/answer/answer_series.c \
	lib/answer/answer_table.c lib/answer/answer_timers.c lib/answer/answer_shares.c \
	lib/answer/answer_idle.c
QR_SRCS := lib/endscreen/deflate.c lib/endscreen/huffman.c lib/endscreen/qr.c lib/endscreen/qrmask.c lib/endscreen/reedsolomon.c \
	lib/endscreen/qrpages.c

UNIT_TESTS := test_format test_crc32 test_record test_cmdline test_acpi test_acpi_lies \
	test_multiboot2 test_smbios test_tscvote test_deflate test_qr \
	test_qrpages test_pagetable test_alloc test_splitmix test_idlestate test_energy \
	test_layout test_textpages test_progress test_spin test_counter test_pmu test_ftq \
	test_tickgrid test_proctext test_estimate test_figure test_student test_rec test_answer
UNIT_BINS  := $(addprefix $(BUILD)/tests/,$(UNIT_TESTS))

.PHONY: host unit-test
host: $(UNIT_BINS) $(BUILD)/qr-render
unit-test: $(UNIT_BINS)

$(BUILD)/host-obj/%.o: %.c $(BUILD)/flags
	$(call msg,HOSTCC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(HOSTCFLAGS) $(SANITIZE) -c $< -o $@

$(BUILD)/host-obj/lib/%.o: lib/%.c $(BUILD)/flags
	$(call msg,HOSTCC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(HOSTCFLAGS_LIB) $(SANITIZE) -c $< -o $@

$(BUILD)/tests/test_%: $(BUILD)/host-obj/tests/unit/test_%.o \
		$(SHARED_SRCS:%.c=$(BUILD)/host-obj/%.o)
	$(call msg,HOSTLD,$@)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(SANITIZE) -o $@ $^ -lcmocka $(LDLIBS_EXTRA)

# The QR pages: zlib inflates what deflate writes (on the logs in tests/tickstat
# too), zbarimg reads what qr draws.
$(BUILD)/tests/test_deflate: LDLIBS_EXTRA := -lz
$(BUILD)/tests/test_deflate $(BUILD)/tests/test_qr $(BUILD)/tests/test_qrpages: \
	$(QR_SRCS:%.c=$(BUILD)/host-obj/%.o)
$(BUILD)/tests/test_layout: $(BUILD)/host-obj/lib/endscreen/qrlayout.o
# lib/'s report core (its statistics need libm's sqrt on the host).
REPORT_TESTS := $(addprefix $(BUILD)/tests/,test_estimate test_figure test_student test_rec \
	test_answer)
$(REPORT_TESTS): $(REPORT_SRCS:%.c=$(BUILD)/host-obj/%.o)
$(REPORT_TESTS): LDLIBS_EXTRA := -lm
$(BUILD)/tests/test_textpages: $(BUILD)/host-obj/lib/endscreen/textpages.o
$(BUILD)/tests/test_progress: $(BUILD)/host-obj/lib/run/progress.o
# The host's own RDTSC cost, for the KVM boot case (tests/boot/check host-rdtsc).
$(BUILD)/rdtsc-cost: tests/kvm/rdtsc-cost.c
	$(call msg,HOSTCC,$<)
	$(Q)$(HOSTCC) -O2 -Wall -Wextra -Werror -o $@ $<
host: $(BUILD)/rdtsc-cost

# tickbench-linux's pure parts (linux/): the holes on the tick's grid, the /proc
# parsers on the real files of tests/unit/linux/.
$(BUILD)/tests/test_tickgrid: $(patsubst %,$(BUILD)/host-obj/%.o,linux/tickgrid bench/core/spin bench/core/spin_loop bench/core/hist linux/measured)
$(BUILD)/tests/test_proctext: $(BUILD)/host-obj/linux/proctext.o
$(BUILD)/host-obj/linux/%.o $(BUILD)/host-obj/tests/unit/test_tickgrid.o \
	$(BUILD)/host-obj/tests/unit/test_proctext.o: HOSTCFLAGS += -I linux
$(BUILD)/host-obj/tests/unit/test_proctext.o: HOSTCFLAGS += -DLINUX_FIXTURES='"$(CURDIR)/tests/unit/linux"'

# tick's measuring loop: the kernel's own assembly, run on the host's CPU.
$(BUILD)/tests/test_spin: $(patsubst %,$(BUILD)/host-obj/%.o,bench/core/spin bench/core/spin_loop bench/core/hist linux/measured)
$(BUILD)/host-obj/%.o: %.S $(BUILD)/flags
	$(call msg,HOSTAS,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) -c $< -o $@
$(BUILD)/host-obj/tests/unit/test_deflate.o $(BUILD)/host-obj/tests/unit/test_rec.o: \
	HOSTCFLAGS += -DLOG_DIR='"$(CURDIR)/tests/tickstat"'
$(BUILD)/host-obj/tests/unit/test_acpi.o: HOSTCFLAGS += -DACPI_FIXTURES='"$(CURDIR)/tests/unit/acpi"'
$(BUILD)/host-obj/tests/unit/test_smbios.o: HOSTCFLAGS += -DSMBIOS_FIXTURES='"$(CURDIR)/tests/unit/smbios"'

# The kernel's QR pages of a log as images, for tests/host/qr-import.sh (built
# without sanitizers, as tickstat is: tickstat.mk's object rule).
$(BUILD)/qr-render: $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,tests/qr/render.c $(QR_SRCS) \
		lib/c/crc32.c)
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -o $@ $^

# libFuzzer targets (clang): `make fuzz` runs each for FUZZ_SECONDS on a scratch
# corpus in build/fuzz/ seeded from tests/fuzz/corpus/<target>/; a crash leaves
# build/fuzz/crash-<target>-* and stops. tests/fuzz/<target>.dict, where there is
# one, is the target's libFuzzer dictionary. tests/host/fuzz-smoke.sh runs each
# briefly; fuzz_tickstat_log is tickstat.mk's.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 600
FUZZ_TARGETS := fuzz_acpi fuzz_multiboot2 fuzz_cmdline fuzz_deflate fuzz_smbios
FUZZ_BINS    := $(addprefix $(BUILD)/fuzz/,$(FUZZ_TARGETS))
FUZZ_CFLAGS  := -std=gnu11 -O1 -g -Wall -Wextra -Wno-unused-parameter
FUZZ_CFLAGS  += -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS  += -fno-omit-frame-pointer -I kernel -I arch/x86 $(LIB_INCLUDES) -I bench/core \
	$(addprefix -I ,$(BENCH_FOLDERS))

.PHONY: fuzz fuzz-build
$(BUILD)/fuzz/%: tests/fuzz/%.c $(SHARED_SRCS)
	$(call msg,FUZZ,$@)
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^

# fuzz_deflate: every input compressed by lib/endscreen/deflate.c inflates with zlib to itself.
$(BUILD)/fuzz/fuzz_deflate: tests/fuzz/fuzz_deflate.c lib/endscreen/deflate.c lib/endscreen/huffman.c
	$(call msg,FUZZ,$@)
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ -lz

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
