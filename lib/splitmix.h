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

#endif
