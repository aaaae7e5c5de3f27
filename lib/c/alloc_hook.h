/* Memory for lib/'s growing arrays (the report's data sets), from whoever runs it:
 * lib/ knows no allocator. The kernel gives its bump allocator (nothing is freed),
 * a host program the C library's realloc and free (the default when hosted). */
#ifndef LIB_HEAP_H
#define LIB_HEAP_H

#include <stddef.h>

struct heap {
	/* p (NULL, or size `old` bytes from here) grown to `size` bytes, its bytes
	 * kept; NULL when there is no room (p is then kept). */
	void *(*resize)(void *p, size_t old, size_t size);
	void (*release)(void *p);       /* may be NULL: never freed */
};

/* From now on lib/ takes its memory there. */
void heap_use(const struct heap *h);

void *heap_resize(void *p, size_t old, size_t size);
void heap_free(void *p);

#endif
