/* "The tick, function by function" on the page (html_page.h; anatomy.h, issue 38's
 * annexes): per configuration its instructions a tick stacked by layer (the plot's
 * panel, anatomy_plot.c), then the terminal's section. */
#include "html_page.h"
#include "anatomy.h"
#include "svg.h"

#include <stdlib.h>

static void print_anatomy(void *arg) { anatomy_print(arg); }

static void layer_bars(FILE *f, const struct anatomy *a)
{
	char cat[CHART_NAME], label[256], text[CHART_NAME];
	struct bars *b = bars_new("The tick, function by function: instructions a tick by layer "
				  "(exact)", "instructions a tick (mean)", true);
	for (int i = 0; b && i < a->n; i++) {
		const struct an_config *c = &a->c[i];
		anatomy_label(label, sizeof(label), c, true);
		snprintf(cat, sizeof(cat), "[%d] %.80s", i + 1, label);
		for (int l = 0; c->episodes && l < a->nlayers; l++) {
			double v = (double)anatomy_layer_sum(c, a->layer[l].name) / (double)c->episodes;
			int n = figure_double(text, sizeof(text), v, -1, 0, 0);
			snprintf(text + n, sizeof(text) - (size_t)n, " instructions a tick: %.40s",
				 a->layer[l].name);
			if (v > 0)
				bars_set(b, bars_cat(b, cat), bars_series(b, a->layer[l].name), v, v, v,
					 text);
		}
	}
	if (bars_has(b))
		bars_write(f, b);
	free(b);
}

void html_anatomy(struct html_page *p)
{
	struct anatomy *a = calloc(1, sizeof(*a));
	struct log_report quiet = { .quiet = true };
	if (!a)
		return;
	for (int i = 0; i < p->nlogs; i++)
		log_read(p->logs[i], anatomy_take, a, &quiet);
	if (a->n) {
		char *text = html_capture(print_anatomy, a);
		layer_bars(p->f, a);
		fputs("<pre class=\"terminal\">", p->f);
		html_text(p->f, text ? text + (text[0] == '\n') : "");
		fputs("</pre>\n", p->f);
		free(text);
	}
	anatomy_free(a);
	free(a);
}
