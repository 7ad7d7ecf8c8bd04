#ifndef KEYBENCH_SYSTEM_H
#define KEYBENCH_SYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 RENAME_EXCHANGE): a result folder is replaced
/// by its finished successor in one step, so no reader ever sees a mix of old and new files.
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS/EINVAL where unsupported).
int keybench_exchange_paths(const char *first, const char *second);

/// Whether this machine can count the CPU instructions a process executes in user space
/// (perf_event_open with PERF_COUNT_HW_INSTRUCTIONS): a work count that, unlike time, does not
/// move with the machine's load. Returns 0 when it can, otherwise the errno of the refusal
/// (ENOENT or EOPNOTSUPP: no hardware counter, as in many VMs; EACCES/EPERM: forbidden by
/// kernel.perf_event_paranoid; ENOSYS: not Linux).
int keybench_instruction_counter_errno(void);

/// Asks the kernel to send `signal_number` to this process when its parent dies (Linux
/// PR_SET_PDEATHSIG), then checks that the parent is still `expected_parent`: a child started by
/// a suite or sweep ends with it even when the parent is killed with SIGKILL. Returns 0 when
/// armed, 1 when the parent is already gone (the caller should exit), -1 where unsupported.
int keybench_die_with_parent(int signal_number, int expected_parent);

/// Makes this process the reaper of its orphaned descendants (Linux PR_SET_CHILD_SUBREAPER): a
/// plug-in's child that calls setsid and outlives the plug-in is adopted by keybench-run, not by
/// init, so it stays in reach until keybench-run ends it. Returns 0, or -1 where unsupported.
int keybench_become_subreaper(void);

/// Flushes standard output and reports whether everything printed reached it: 0 when it did,
/// otherwise the errno of the failure (ENOSPC on a full disk, EBADF for a closed descriptor).
int keybench_flush_standard_output(void);

/// Paths (files or folders) removed if the process crashes — SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
/// SIGABRT, SIGFPE: a Swift runtime failure, an allocation that fails under a memory limit —
/// where no Swift code can run any more: a run's half-written output folder then does not stay.
/// Replaces the whole list (at most 64 paths of at most 4095 bytes; longer ones are left out);
/// installs the handlers on first use, each handing the signal on to the handler it replaced
/// (the Swift runtime's backtracer) after the removal. Returns the number of paths kept.
int keybench_crash_cleanup_set(const char *const *paths, int count);

/// Records that the process is ending on `signal_number` (SIGINT, SIGTERM, SIGHUP) and is
/// removing its files. A trap on another thread from then on (code that read a file just
/// removed) is part of that ending, not a crash: the crash handlers end the process with
/// 128 + that signal instead of reporting one.
void keybench_mark_interrupted(int signal_number);

/// From a crash handler: returns when the process is not being interrupted; otherwise ends the
/// trapped thread's part (waiting for the thread removing the files, which exits the process).
void keybench_end_interrupted_trap(void);

#endif
