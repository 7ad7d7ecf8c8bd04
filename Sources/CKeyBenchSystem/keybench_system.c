#define _GNU_SOURCE
#include "keybench_system.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int keybench_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(SYS_renameat2)
  return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
  errno = ENOSYS;
  return -1;
#endif
}

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif

int keybench_instruction_counter_errno(void) {
#if defined(__linux__) && defined(SYS_perf_event_open)
  struct perf_event_attr attr;
  memset(&attr, 0, sizeof attr);
  attr.type = PERF_TYPE_HARDWARE;
  attr.size = sizeof attr;
  attr.config = PERF_COUNT_HW_INSTRUCTIONS;
  attr.disabled = 1;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
  if (fd < 0) return errno;
  close((int)fd);
  return 0;
#else
  return ENOSYS;
#endif
}

#ifdef __linux__
#include <sys/prctl.h>
#include <unistd.h>
int keybench_die_with_parent(int signal_number, int expected_parent) {
  if (prctl(PR_SET_PDEATHSIG, signal_number) != 0) return -1;
  return getppid() == expected_parent ? 0 : 1;
}
int keybench_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1) == 0 ? 0 : -1; }
#else
int keybench_die_with_parent(int signal_number, int expected_parent) {
  (void)signal_number;
  (void)expected_parent;
  return -1;
}
int keybench_become_subreaper(void) { return -1; }
#endif

int keybench_flush_standard_output(void) {
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) return errno != 0 ? errno : EIO;
  return 0;
}
