/* splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014; Vigna's public-domain splitmix64.c): a 64-bit state
 * advanced by the golden ratio's odd constant, each output the state mixed by two
 * multiply-xorshift rounds. It seeds tick's run order: a TSC value, whose low bits
 * change fastest, comes out with every bit depending on every bit. */
#ifndef LIB_SPLITMIX_H
#define LIB_SPLITMIX_H

#include <stdint.h>

/* The mix alone (a bijection of 64 bits): the output for state x - 0x9e37... */
uint64_t splitmix64_mix(uint64_t x);
/* The next output; advances *state. */
uint64_t splitmix64_next(uint64_t *state);
/* An integer below n (n >= 1), from the next output's high half. */
uint32_t splitmix64_below(uint64_t *state, uint32_t n);

/* items[0 .. n) of any type in an order drawn from *state (Fisher-Yates, Durstenfeld's
 * form: from the last place down, each swapped with one at or below it): tick's
 * pairs on one CPU, tickbench-linux's runs. A macro: each caller's swap is of its
 * own element type, the kernel's code the same as written out. */
#define SPLITMIX64_SHUFFLE(items, n, state)                                     \
	do {                                                                    \
		for (unsigned i_ = (n); i_ > 1; i_--) {                         \
			unsigned j_ = splitmix64_below((state), i_);            \
			__typeof__((items)[0]) x_ = (items)[i_ - 1];            \
			(items)[i_ - 1] = (items)[j_];                          \
			(items)[j_] = x_;                                       \
		}                                                               \
	} while (0)

#endif
