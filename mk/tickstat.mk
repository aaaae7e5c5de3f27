# tickstat, the host tool that reads tickbench logs (docs/TICKSTAT.md), with its unit
# tests, log generator, fuzzer and benchmark. build/tickstat is built without
# sanitizers (it must be fast); the unit tests link the same sources built with
# $(SANITIZE).
TICKSTAT_LIB := lib/c/format.c $(REPORT_SRCS) \
	tools/tickstat/log.c \
	tools/tickstat/check.c \
	tools/tickstat/contract.c \
	tools/tickstat/args.c tools/tickstat/say_error.c \
	tools/tickstat/stats.c \
	tools/tickstat/ministat.c \
	tools/tickstat/select.c \
	tools/tickstat/tick_scaling.c \
	tools/tickstat/boots.c \
	tools/tickstat/resample.c \
	tools/tickstat/shift.c \
	tools/tickstat/boot_twice.c \
	tools/tickstat/report_print.c \
	tools/tickstat/report_work.c \
	tools/tickstat/spectrum.c \
	tools/tickstat/machines.c \
	tools/tickstat/machines_report.c \
	tools/tickstat/machines_plot.c \
	tools/tickstat/os_vs_bare.c \
	tools/tickstat/os_vs_bare_print.c \
	tools/tickstat/say.c \
	tools/tickstat/os_vs_bare_plot.c \
	tools/tickstat/anatomy.c \
	tools/tickstat/anatomy_print.c \
	tools/tickstat/caches_print.c \
	tools/tickstat/anatomy_plot.c \
	tools/tickstat/plot_hz.c \
	tools/tickstat/idle_plot.c \
	tools/tickstat/gnuplot.c \
	tools/tickstat/cmd_compare.c \
	tools/tickstat/cmd_column.c \
	tools/tickstat/cmd_summary.c \
	tools/tickstat/summary_groups.c \
	tools/tickstat/summary_take.c \
	tools/tickstat/summary_print.c \
	tools/tickstat/cmd_export.c \
	tools/tickstat/cmd_plot.c \
	tools/tickstat/cmd_report.c \
	tools/tickstat/html.c tools/tickstat/html_page.c \
	tools/tickstat/html_answer.c \
	tools/tickstat/html_figures.c \
	tools/tickstat/html_hists.c \
	tools/tickstat/html_more.c \
	tools/tickstat/html_anatomy.c \
	tools/tickstat/html_logs.c \
	tools/tickstat/svg.c \
	tools/tickstat/cmd_plan.c
TICKSTAT_SRCS := tools/tickstat/main.c tools/tickstat/cmd_check.c $(TICKSTAT_LIB)
TICKSTAT_OBJS := $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,$(TICKSTAT_SRCS))
# tickstat reads logs through lib/'s report core and no other kernel header: its own
# sources see lib/ alone (the record contract is docs/FORMAT.md, the format version
# its own copy).
TICKSTAT_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter -MMD -MP $(LIB_INCLUDES)
# Records' CRCs by isa-l (libisal-dev), zlib's polynomial folded with carry-less
# multiplication; the unit tests also link the kernel's lib/c/crc32.c, with which
# test_tickstat_log writes its records. FFTW (libfftw3-dev): ftq's power spectrum.
TICKSTAT_LIBS := -lisal -lfftw3 -lm
TICKSTAT_TEST_OBJS := $(patsubst %.c,$(BUILD)/host-obj/%.o,$(TICKSTAT_LIB) lib/c/crc32.c)
TICKSTAT_UNIT := $(addprefix $(BUILD)/tests/,test_tickstat_log test_tickstat_stats \
	test_tickstat_boots \
	test_tickstat_machines test_tickstat_work test_schema)
GEN_LOG := $(BUILD)/gen-log
GEN_OS_LOG := $(BUILD)/gen-os-log
TICKSTAT_FUZZ := $(BUILD)/fuzz/fuzz_tickstat_log

.PHONY: fuzz-tickstat bench-tickstat

# The generator and build/qr-render: host programs of the kernel's sources, built
# without sanitizers as tickstat is.
$(BUILD)/tickstat-obj/%.o: %.c
	$(call msg,HOSTCC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(HOSTCFLAGS) -c $< -o $@

# lib/'s objects of tickstat and of the programs built as it is: lib/ alone on their
# include path (mk/host.mk).
$(BUILD)/tickstat-obj/lib/%.o: lib/%.c $(BUILD)/flags
	$(call msg,HOSTCC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(HOSTCFLAGS_LIB) -c $< -o $@

$(BUILD)/tickstat-obj/tools/tickstat/%.o: tools/tickstat/%.c
	$(call msg,HOSTCC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(TICKSTAT_CFLAGS) -c $< -o $@

$(BUILD)/host-obj/tools/tickstat/%.o: tools/tickstat/%.c
	$(call msg,HOSTCC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(TICKSTAT_CFLAGS) $(SANITIZE) -c $< -o $@

# The HTML page names the build (git describe) it was made by.
$(BUILD)/tickstat-obj/tools/tickstat/html.o $(BUILD)/host-obj/tools/tickstat/html.o: \
	TICKSTAT_CFLAGS += -I $(BUILD)
$(BUILD)/tickstat-obj/tools/tickstat/html.o $(BUILD)/host-obj/tools/tickstat/html.o: \
	$(BUILD)/version.h

$(BUILD)/tickstat: $(TICKSTAT_OBJS)
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -o $@ $^ $(TICKSTAT_LIBS)

$(GEN_LOG): $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,tests/tickstat/gen-log.c $(SHARED_SRCS))
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -o $@ $^ -lm

$(GEN_OS_LOG): $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,tests/tickstat/gen-os-log.c $(SHARED_SRCS))
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -o $@ $^ -lm

# test_schema writes a record of every type through the kernel's writer.
$(BUILD)/tests/test_schema: $(BUILD)/host-obj/kernel/record.o
$(TICKSTAT_UNIT): $(BUILD)/tests/%: $(BUILD)/host-obj/tests/unit/%.o $(TICKSTAT_TEST_OBJS)
	$(call msg,HOSTLD,$@)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(SANITIZE) -o $@ $^ -lcmocka $(TICKSTAT_LIBS)

# libFuzzer target for the log parser (clang only); tests/host/tickstat-fuzz.sh
# runs it for 1 s, `make fuzz` for FUZZ_SECONDS seconds.
$(TICKSTAT_FUZZ): tests/fuzz/fuzz_tickstat_log.c $(TICKSTAT_LIB)
	$(call msg,FUZZ,$@)
	@mkdir -p $(dir $@)
	$(Q)clang -std=gnu11 -g -O1 -I tools/tickstat $(LIB_INCLUDES) \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -o $@ $^ $(TICKSTAT_LIBS)

host: $(BUILD)/tickstat $(TICKSTAT_UNIT) $(GEN_LOG) $(GEN_OS_LOG)
ifneq ($(shell command -v clang 2>/dev/null),)
host: $(TICKSTAT_FUZZ)
endif
unit-test: $(TICKSTAT_UNIT)

# `make fuzz` runs this one too.
fuzz-tickstat: $(TICKSTAT_FUZZ) $(GEN_LOG)
	tests/host/tickstat-fuzz.sh $(FUZZ_SECONDS)

bench-tickstat: $(BUILD)/tickstat $(GEN_LOG)
	tests/tickstat/bench.sh
