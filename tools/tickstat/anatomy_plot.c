/* tickstat plot's panel "The tick, function by function" (anatomy.h): a bar per
 * configuration of the annexes ([N] as the report numbers them), its instructions a
 * tick stacked by layer. */
#include "anatomy.h"
#include "gnuplot.h"

#include <string.h>

#define PLOT_LAYERS 16

/* A colour per layer, none twice (gnuplot's own cycle repeats after eight). */
static const char *const colours[PLOT_LAYERS] = {
	"#9400d3", "#009e73", "#56b4e9", "#e69f00", "#f0e442", "#0072b2", "#e51e10",
	"#404040", "#ff77ff", "#8b4513", "#7fff00", "#a0a0a0", "#00ced1", "#c71585",
	"#191970", "#ffd700",
};

/* The layers the bars stack, in the annexes' order. */
static int plot_layers(const struct anatomy *a)
{
	return a->nlayers < PLOT_LAYERS ? a->nlayers : PLOT_LAYERS;
}

int anatomy_block(FILE *g, const struct anatomy *a)
{
	int nl = plot_layers(a);
	fprintf(g, "$anatomy << EOD\n");
	for (int i = 0; i < a->n; i++) {
		const struct an_config *c = &a->c[i];
		fprintf(g, "\"[%d]\"", i + 1);
		for (int l = 0; l < nl; l++)
			fprintf(g, " %.9g", c->episodes ? (double)anatomy_layer_sum(c, a->layer[l].name) /
						     (double)c->episodes : 0.0);
		fputc('\n', g);
	}
	fprintf(g, "EOD\n");
	return nl ? a->n : 0;
}

void anatomy_plot(FILE *g, const struct anatomy *a)
{
	fprintf(g, "set title 'The tick, function by function: instructions a tick by layer "
		"(exact; [N] as tickstat report numbers the configurations)' noenhanced\n"
		"set xlabel ''\nset ylabel 'instructions a tick'\n"
		"set style histogram rowstacked\nset style fill solid 0.7 border -1\n"
		"set boxwidth 0.6\nset key outside right top vertical noenhanced\nset yrange [0:*]\n"
		"plot ");
	for (int l = 0; l < plot_layers(a); l++) {
		fprintf(g, "%s using %d%s with histograms lc rgb '%s' title '", l ? ", ''" : "$anatomy",
			l + 2, l ? "" : ":xtic(1)", colours[l]);
		put_quoted(g, a->layer[l].name);
		fputc('\'', g);
	}
	fprintf(g, "\nset key default\nset yrange [*:*]\n");
}

/* The caches' panel: per configuration with the cache mode's records, the modelled
 * cycles its tick cost the workload in each power of two of the workload's
 * instructions after it, a tick's mean, at the bucket's geometric middle. */
int anatomy_after_block(FILE *g, const struct anatomy *a)
{
	int series = 0;
	for (int i = 0; i < a->n; i++) {
		const struct an_caches *k = &a->c[i].caches;
		if (!k->known || !k->episodes)
			continue;
		fprintf(g, "$after%d << EOD\n", i + 1);
		for (int d = 0; d < AN_DISTANCES; d++)
			if (k->after[d][AN_LEVELS])
				fprintf(g, "%.9g %.9g\n", d ? 1.5 * (double)(1ull << d) : 1.0,
					(double)k->after[d][AN_LEVELS] / (double)k->episodes);
		fprintf(g, "EOD\n");
		series++;
	}
	return series;
}

void anatomy_after_plot(FILE *g, const struct anatomy *a)
{
	fprintf(g, "set title 'The damage a tick leaves in the caches, modelled: the workload''s "
		"cycles beyond its shadow''s' noenhanced\n"
		"set xlabel 'the workload''s instructions after the tick'\nset logscale x 2\n"
		"set ylabel 'modelled cycles, a tick''s mean'\nset key outside right top vertical noenhanced\n"
		"set yrange [*:*]\nplot ");
	int shown = 0;
	for (int i = 0; i < a->n; i++) {
		const struct an_caches *k = &a->c[i].caches;
		if (!k->known || !k->episodes)
			continue;
		char label[256];
		anatomy_label(label, sizeof(label), &a->c[i], true);
		fprintf(g, "%s$after%d using 1:2 with linespoints lc rgb '%s' title '[%d] ", shown++ ? ", " : "",
			i + 1, colours[i % PLOT_LAYERS], i + 1);
		put_quoted(g, label);
		fputc('\'', g);
	}
	fprintf(g, "\nunset logscale x\nset key default\n");
}
