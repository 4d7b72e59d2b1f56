// io-floor FILE [COUNT]: what one random read of a warm (page-cached) file costs on this machine, by each way a
// corpus lookup could read it, on one thread. A bounded-memory lookup must pay one of the first three per lookup;
// only a page already mapped into the process (the last line) is cheaper, and keeping pages mapped is what makes
// the process's RSS grow with the file. Used by bench/breach.sh; prints one "name=microseconds" pair per line.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static unsigned long long state = 88172645463325252ULL;
static unsigned long long next(void) {  // xorshift64
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: io-floor FILE [COUNT]\n"); return 64; }
    int count = argc > 2 ? atoi(argv[2]) : 200000;
    int fd = open(argv[1], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_size < 65536) { perror(argv[1]); return 66; }
    size_t size = (size_t)st.st_size;
    volatile long sink = 0;
    char buffer[4096];

    double t = now();
    for (int i = 0; i < count; i++) sink += syscall(SYS_getppid);
    printf("syscall_us=%.3f\n", (now() - t) / count * 1e6);

    t = now();
    for (int i = 0; i < count; i++) {
        if (pread(fd, buffer, 64, (off_t)(next() % (size - 64))) != 64) return 74;
        sink += buffer[0];
    }
    printf("pread_64_us=%.3f\n", (now() - t) / count * 1e6);

    t = now();
    for (int i = 0; i < count; i++) {
        if (pread(fd, buffer, 4096, (off_t)(next() % (size - 4096))) != 4096) return 74;
        sink += buffer[0];
    }
    printf("pread_4096_us=%.3f\n", (now() - t) / count * 1e6);

    const char *map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) { perror("mmap"); return 74; }
    madvise((void *)map, size, MADV_RANDOM);
    t = now();
    for (int i = 0; i < count; i++) sink += map[next() % size];
    printf("first_touch_us=%.3f\n", (now() - t) / count * 1e6);

    // Dropping the process's mappings every 4,096 reads keeps its RSS bounded; each read then faults again.
    t = now();
    for (int i = 0; i < count; i++) {
        sink += map[next() % size];
        if (i % 4096 == 4095) madvise((void *)map, size, MADV_DONTNEED);
    }
    printf("dontneed_every_4096_us=%.3f\n", (now() - t) / count * 1e6);

    for (size_t offset = 0; offset < size; offset += 4096) sink += map[offset];  // map every page
    t = now();
    for (int i = 0; i < count; i++) sink += map[next() % size];
    printf("mapped_us=%.3f\n", (now() - t) / count * 1e6);
    return sink == 42;
}
