#define _GNU_SOURCE
#include "keybench_system.h"
#include <errno.h>
#include <pthread.h>
#include <time.h>
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

// Crash cleanup: two tables, filled outside the handler and switched by one atomic store, so the
// handler never reads a table being written. The handler uses only async-signal-safe calls
// (open, getdents64, unlinkat, close, sigaction), on fixed buffers.
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <sys/stat.h>

#define KB_CRASH_PATHS 64
#define KB_CRASH_PATH_BYTES 4096
static char kb_crash_tables[2][KB_CRASH_PATHS][KB_CRASH_PATH_BYTES];
static int kb_crash_counts[2];
static volatile sig_atomic_t kb_crash_active = 0;
static const int kb_crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
#define KB_CRASH_SIGNAL_COUNT ((int)(sizeof kb_crash_signals / sizeof kb_crash_signals[0]))
static struct sigaction kb_crash_previous[KB_CRASH_SIGNAL_COUNT];
static int kb_crash_installed = 0;

#if defined(__linux__) && defined(SYS_getdents64)
struct kb_dirent64 {
  uint64_t d_ino;
  int64_t d_off;
  unsigned short d_reclen;
  unsigned char d_type;
  char d_name[];
};

/// Removes `name` below the folder `parent` (a file, or a folder with what it holds, at most
/// `depth` levels deep).
static void kb_remove_at(int parent, const char *name, int depth) {
  if (unlinkat(parent, name, 0) == 0 || errno == ENOENT || depth <= 0) return;
  int folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (folder < 0) return;
  char buffer[2048];
  for (;;) {
    long got = syscall(SYS_getdents64, folder, buffer, sizeof buffer);
    if (got <= 0) break;
    for (long offset = 0; offset < got;) {
      struct kb_dirent64 *entry = (struct kb_dirent64 *)(buffer + offset);
      offset += entry->d_reclen;
      if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
      kb_remove_at(folder, entry->d_name, depth - 1);
    }
  }
  close(folder);
  unlinkat(parent, name, AT_REMOVEDIR);
}
#else
static void kb_remove_at(int parent, const char *name, int depth) {
  (void)depth;
  unlinkat(parent, name, 0);
}
#endif

static volatile sig_atomic_t kb_interrupted_signal = 0;
static pthread_t kb_interrupting_thread;

void keybench_mark_interrupted(int signal_number) {
  kb_interrupting_thread = pthread_self();
  kb_interrupted_signal = signal_number;
}

void keybench_end_interrupted_trap(void) {
  int signal_number = kb_interrupted_signal;
  if (signal_number == 0) return;
  // Another thread is removing the files and will end the process: let it finish (10 s at
  // most), so nothing is left half removed. The removing thread itself ends at once.
  if (!pthread_equal(pthread_self(), kb_interrupting_thread)) {
    struct timespec step = {0, 10 * 1000 * 1000};
    for (int i = 0; i < 1000; i++) nanosleep(&step, NULL);
  }
  _exit(128 + signal_number);
}

static void kb_crash_handler(int signal_number, siginfo_t *info, void *context) {
  (void)context;
  // A trap while the process removes its files on an interruption is that interruption's end.
  keybench_end_interrupted_trap();
  int saved = errno;
  int table = kb_crash_active;
  for (int i = 0; i < kb_crash_counts[table]; i++) kb_remove_at(AT_FDCWD, kb_crash_tables[table][i], 16);
  errno = saved;
  // The handler this one replaced (the Swift runtime's backtracer, a fuzz guard) or the default
  // action takes over: a fault recurs as this handler returns and reaches it with its own
  // details; a signal sent by kill, raise or abort (si_code <= 0) is sent again.
  for (int i = 0; i < KB_CRASH_SIGNAL_COUNT; i++) {
    if (kb_crash_signals[i] == signal_number) sigaction(signal_number, &kb_crash_previous[i], NULL);
  }
  if (info == NULL || info->si_code <= 0) raise(signal_number);
}

int keybench_crash_cleanup_set(const char *const *paths, int count) {
  int table = 1 - kb_crash_active;
  int kept = 0;
  for (int i = 0; i < count && kept < KB_CRASH_PATHS; i++) {
    size_t length = strlen(paths[i]);
    if (length == 0 || length >= KB_CRASH_PATH_BYTES) continue;
    memcpy(kb_crash_tables[table][kept], paths[i], length + 1);
    kept++;
  }
  kb_crash_counts[table] = kept;
  kb_crash_active = table;
  if (!kb_crash_installed) {
    kb_crash_installed = 1;
    for (int i = 0; i < KB_CRASH_SIGNAL_COUNT; i++) {
      struct sigaction action;
      memset(&action, 0, sizeof action);
      action.sa_sigaction = kb_crash_handler;
      action.sa_flags = SA_SIGINFO | SA_ONSTACK;
      sigemptyset(&action.sa_mask);
      sigaction(kb_crash_signals[i], &action, &kb_crash_previous[i]);
    }
  }
  return kept;
}
