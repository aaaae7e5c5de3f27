/* A program's messages about itself and its logs (say_error.c). */
#ifndef TICKSTAT_SAY_ERROR_H
#define TICKSTAT_SAY_ERROR_H

/* The command being run (main sets it), which usage errors name. */
extern const char *usage_command;
/* The program a message names: "tickstat", unless another program reads logs. */
extern const char *say_program;
/* "tickstat: COMMAND: message" on standard error: every message a command gives
 * of itself (a log's problems are "FILE:LINE: text", log.h). */
void say_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same, then where the usage is, and exit 2. */
void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2))) __attribute__((noreturn));

#endif
