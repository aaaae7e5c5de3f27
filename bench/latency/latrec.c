/* latency's records and console rows (see latency.h), the layer below both
 * latency.c (the timers' shots) and latipi.c (the IPI wake source): neither calls
 * the other's code but latency.c calls latency_ipi_runs. docs/FORMAT.md, "stats"
 * (latency). */
#include "latency.h"
#include "clock.h"
#include "console.h"
#include "format.h"
#include "record.h"
#include "smp.h"

void latency_part_reset(struct part *p, const struct idle_state *s)
{
	hist_reset(&p->run);
	hist_reset(&p->wake_run);
	p->early = p->brackets = p->missed = p->aperf = p->mperf = 0;
	p->waiter = (struct idle_waiter){ s, 0, 0 };
	p->fired = false;
}

void latency_part_add(struct part *p, uint64_t handler, uint64_t wake, bool stamped)
{
	hist_add(&p->run, handler);
	hist_add(&p->all, handler);
	if (!stamped)
		return;
	hist_add(&p->wake_run, wake);
	hist_add(&p->wake_all, wake);
}

static void emit_one(const struct latency_key *k, const struct part *p, bool wake)
{
	const struct hist *h = wake ? &p->wake_run : &p->run;
	struct record r;
	REC_BEGIN(&r, stats);
	REC_STR(&r, stats, bench, "latency");
	REC_STR(&r, stats, what, k->what);
	REC_STR(&r, stats, mode, k->mode);
	REC_STR(&r, stats, delivery, k->delivery);
	REC_STR(&r, stats, wait, p->waiter.state->name);
	REC_STR(&r, stats, stamp, wake ? "wake" : "handler");
	REC_U64(&r, stats, cpu, k->cpu);
	if (k->from >= 0)
		REC_U64(&r, stats, from, (uint64_t)k->from);
	REC_U64(&r, stats, cpus, k->cpus);
	REC_U64(&r, stats, delay_us, k->delay_us);
	REC_U64(&r, stats, run, k->run);
	REC_U64(&r, stats, early, p->early);
	REC_U64(&r, stats, missed, p->missed);
	REC_U64(&r, stats, arm_bracket, h->n + p->early ? p->brackets / (h->n + p->early) : 0);
	REC_U64(&r, stats, spurious, p->waiter.spurious);
	idle_wake_clock_field(&r, p->aperf, p->mperf);
	idle_residency_fields(&r, "", &p->before, &p->after);
	hist_fields(&r, h);
	record_emit(&r);
}

void latency_emit(const struct latency_key *k, const struct part *p)
{
	emit_one(k, p, false);
	if (p->wake_run.n)
		emit_one(k, p, true);
}

void latency_print_header(void)
{
	kprintf("  deadline to handler   p50 cycles (ns)     p90                 p99"
		"               p99.9          max cycles\n");
}

void latency_print_row(const char *what, const struct part *p, bool wake, bool apic)
{
	static const unsigned permille[] = { 500, 900, 990, 999 };
	const struct hist *h = wake ? &p->wake_all : &p->all;
	char label[32];
	if (apic)
		format(label, sizeof(label), "%s%s APIC %u", what, wake ? " wake" : "",
		       smp.cpu[p->index].apic_id);
	else
		format(label, sizeof(label), "%s%s", what, wake ? " wake" : "");
	kprintf("  %-11s", label);
	for (unsigned i = 0; i < 4; i++) {
		uint64_t c = hist_permille(h, permille[i]);
		kprintf(" %9llu (%7llu ns)", (unsigned long long)c,
			(unsigned long long)mul_div(c, 1000000000, clock_tsc_hz()));
	}
	kprintf(" %11llu\n", (unsigned long long)h->max);     /* 116 columns in all */
}

