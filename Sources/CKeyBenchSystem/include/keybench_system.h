#ifndef KEYBENCH_SYSTEM_H
#define KEYBENCH_SYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 RENAME_EXCHANGE): a result folder is replaced
/// by its finished successor in one step, so no reader ever sees a mix of old and new files.
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS/EINVAL where unsupported).
int keybench_exchange_paths(const char *first, const char *second);

#endif
