#ifndef LAUNDRY_CFILESPACE_H
#define LAUNDRY_CFILESPACE_H

/// Allocates `length` bytes of disk for `fd` from `offset` without changing its size (fallocate with
/// FALLOC_FL_KEEP_SIZE, which Swift's Glibc module does not expose). Returns 0, or the errno value.
int laundry_reserve_space(int fd, long long offset, long long length);

/// Gives such a reservation back (punches a hole over it, size unchanged). Returns 0 or errno.
int laundry_release_space(int fd, long long offset, long long length);

#endif
