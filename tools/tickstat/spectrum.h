/* The power spectrum of ftq's work series (docs/METHOD.md, "ftq"): the units done in
 * each quantum of the runs with the timer, whose dips, one per tick, make a comb at
 * the tick's rate and its harmonics. Computed with FFTW (libfftw3). */
#ifndef TICKSTAT_SPECTRUM_H
#define TICKSTAT_SPECTRUM_H

#include <stdbool.h>
#include <stddef.h>

struct peak {
	bool found;              /* false: a flat series (no power but at 0 Hz) */
	double hz;               /* the peak's frequency, interpolated between bins */
	double resolution_hz;    /* one bin: 1 / (n x quantum) */
	double rounded_hz;       /* hz rounded to the decade of the resolution */
	double ratio;            /* the peak's power over the mean power of the others */
};

/* nseries series of n >= 8 values each, one value per quantum_s seconds: each less
 * its mean and Hann-windowed, their power |X_k|^2 averaged; the peak is the
 * lowest-frequency local maximum whose lobe (its bin and the two beside it) holds
 * at least half the largest lobe's power (a comb's fundamental), refined by a
 * parabola through the log power of its bin and its neighbours. False when out of
 * memory. */
bool spectrum_peak(const double *const *series, size_t nseries, size_t n, double quantum_s,
		   struct peak *out);

/* hz rounded to a multiple of 10^round(log10(resolution)): "1000" for 999.6 Hz
 * at a 9.8 Hz resolution. */
double spectrum_round(double hz, double resolution);

#endif
