/*
 * A plain single-threaded bitboard N-Queens counter in C, the yardstick for
 * `delve queens count` (see BENCHMARKS.md, section queens/csp).
 *
 *   gcc -O3 -o nqueens nqueens.c && ./nqueens 16        # plain: every first-row column
 *   ./nqueens 16 -m                                       # with mirror symmetry (half the work)
 *
 * Same search as delve's counter: one row at a time, three masks for the attacked columns
 * and diagonals, lowest-set-bit iteration. No threads, no other tricks.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t solve(uint32_t all, uint32_t cols, uint32_t ld, uint32_t rd) {
    if (cols == all) return 1;
    uint64_t count = 0;
    uint32_t avail = all & ~(cols | ld | rd);
    while (avail) {
        uint32_t bit = avail & (0u - avail);
        avail ^= bit;
        count += solve(all, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
    return count;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s N [-m]\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]);
    int mirror = argc > 2 && strcmp(argv[2], "-m") == 0;
    if (n < 1 || n > 31) {
        fprintf(stderr, "N must be in 1..31\n");
        return 2;
    }
    uint32_t all = (1u << n) - 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t total = 0;
    if (!mirror || n == 1) {
        total = solve(all, 0, 0, 0);
    } else {
        for (int c = 0; c < n / 2; c++) {
            uint32_t b = 1u << c;
            total += 2 * solve(all, b, b << 1, b >> 1);
        }
        if (n % 2 == 1) {
            uint32_t b = 1u << (n / 2);
            total += solve(all, b, b << 1, b >> 1);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    printf("%d-queens: %llu solutions, %.1f ms%s\n", n, (unsigned long long)total, ms, mirror ? " (mirror)" : "");
    return 0;
}
