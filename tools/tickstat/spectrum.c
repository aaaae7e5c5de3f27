/* ftq's power spectrum (see spectrum.h). */
#include "spectrum.h"

#include <fftw3.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* |X_k|^2 of one series (less its mean, Hann-windowed) added to power[0..n/2]. */
static void add_power(const double *x, size_t n, double *in, fftw_complex *out,
		      fftw_plan plan, double *power)
{
	double mean = 0;
	for (size_t i = 0; i < n; i++)
		mean += x[i];
	mean /= (double)n;
	for (size_t i = 0; i < n; i++)
		in[i] = (x[i] - mean) * 0.5 * (1 - cos(2 * M_PI * (double)i / (double)(n - 1)));
	fftw_execute(plan);
	for (size_t k = 0; k <= n / 2; k++)
		power[k] += out[k][0] * out[k][0] + out[k][1] * out[k][1];
}

/* A peak's power with its two neighbours': a line between two bins splits its
 * power between them (up to half of it for Hann's window), its lobe keeps it. */
static double lobe(const double *power, size_t bins, size_t k)
{
	return power[k] + power[k - 1] + (k + 1 < bins ? power[k + 1] : 0);
}

/* The fundamental: the lowest bin that is a local maximum whose lobe holds at
 * least half the largest lobe's power (0 when there is no power at all). */
static size_t fundamental(const double *power, size_t bins)
{
	double top = 0;
	for (size_t k = 1; k < bins; k++)
		top = lobe(power, bins, k) > top ? lobe(power, bins, k) : top;
	if (!(top > 0))
		return 0;
	for (size_t k = 1; k < bins; k++) {
		bool left = power[k] >= power[k - 1];
		bool right = k + 1 == bins || power[k] >= power[k + 1];
		if (left && right && lobe(power, bins, k) >= top / 2)
			return k;
	}
	return 0;
}

/* Bin offset of the true peak from k, by a parabola through the log power of k - 1,
 * k, k + 1 (exact for a Gaussian lobe, close for Hann's). */
static double refine(const double *power, size_t k, size_t bins)
{
	if (k == 0 || k + 1 >= bins || power[k - 1] <= 0 || power[k + 1] <= 0)
		return 0;
	double a = log(power[k - 1]), b = log(power[k]), c = log(power[k + 1]);
	double d = a - 2 * b + c;
	return d < 0 ? 0.5 * (a - c) / d : 0;
}

static void describe(const double *power, size_t bins, size_t n, double quantum_s,
		     struct peak *out)
{
	size_t k = fundamental(power, bins);
	out->resolution_hz = 1 / ((double)n * quantum_s);
	out->found = k > 0;
	if (!out->found)
		return;
	out->hz = ((double)k + refine(power, k, bins)) * out->resolution_hz;
	out->rounded_hz = spectrum_round(out->hz, out->resolution_hz);
	double rest = 0;
	for (size_t j = 1; j < bins; j++)
		rest += j == k ? 0 : power[j];
	out->ratio = bins > 2 && rest > 0 ? power[k] / (rest / (double)(bins - 2)) : INFINITY;
}

bool spectrum_peak(const double *const *series, size_t nseries, size_t n, double quantum_s,
		   struct peak *out)
{
	memset(out, 0, sizeof(*out));
	if (n < 8 || !nseries)
		return true;
	size_t bins = n / 2 + 1;
	double *in = fftw_malloc(n * sizeof(*in)), *power = calloc(bins, sizeof(*power));
	fftw_complex *spec = fftw_malloc(bins * sizeof(*spec));
	bool ok = in && power && spec;
	if (ok) {
		fftw_plan plan = fftw_plan_dft_r2c_1d((int)n, in, spec, FFTW_ESTIMATE);
		for (size_t s = 0; s < nseries; s++)
			add_power(series[s], n, in, spec, plan, power);
		fftw_destroy_plan(plan);
		describe(power, bins, n, quantum_s, out);
	}
	fftw_free(in);
	fftw_free(spec);
	free(power);
	return ok;
}

double spectrum_round(double hz, double resolution)
{
	double step = pow(10, round(log10(resolution)));
	return round(hz / step) * step;
}
