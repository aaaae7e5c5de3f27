/* latency's records and console rows (see latency.h), the layer below both
 * bench/latency.c (the timers' shots) and bench/latipi.c (the IPI wake source):
 * neither calls the other's code but latency.c calls latency_ipi_runs. docs/FORMAT.md,
 * "stats" (latency). */
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
	record_begin(&r, "stats");
	record_str(&r, "bench", "latency");
	record_str(&r, "what", k->what);
	record_str(&r, "mode", k->mode);
	record_str(&r, "delivery", k->delivery);
	record_str(&r, "wait", p->waiter.state->name);
	record_str(&r, "stamp", wake ? "wake" : "handler");
	record_u64(&r, "cpu", k->cpu);
	if (k->from >= 0)
		record_u64(&r, "from", (uint64_t)k->from);
	record_u64(&r, "cpus", k->cpus);
	record_u64(&r, "delay_us", k->delay_us);
	record_u64(&r, "run", k->run);
	record_u64(&r, "early", p->early);
	record_u64(&r, "missed", p->missed);
	record_u64(&r, "arm_bracket", h->n + p->early ? p->brackets / (h->n + p->early) : 0);
	record_u64(&r, "spurious", p->waiter.spurious);
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

