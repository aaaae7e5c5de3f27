/* The run's status so far: the worst thing that happened wins. Set by the skip/error
 * emitter (problem.c), the exception report and the end of the run (run.c), which
 * reads it. A leaf: it calls nothing. */
#ifndef KERNEL_STATUS_H
#define KERNEL_STATUS_H

enum run_status { RUN_PASS, RUN_FAIL, RUN_ERROR };

void run_set_status(enum run_status s);
enum run_status run_status(void);
/* "pass", "fail" or "error": the end record's word for it. */
const char *run_status_name(void);

#endif
