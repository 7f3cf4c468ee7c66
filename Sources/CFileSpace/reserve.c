#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include "CFileSpace.h"

int laundry_reserve_space(int fd, long long offset, long long length) {
    return fallocate(fd, FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)length) == 0 ? 0 : errno;
}

int laundry_release_space(int fd, long long offset, long long length) {
    int mode = FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE;
    return fallocate(fd, mode, (off_t)offset, (off_t)length) == 0 ? 0 : errno;
}
