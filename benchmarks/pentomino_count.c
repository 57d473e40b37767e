/* A plain bitboard count of the tilings of an empty H x W rectangle by the twelve
 * pentominoes (each once, every distinct set of cells once), for comparison with
 * Slugboard's compiled count: benchmarks/pentomino_count.py builds and runs it.
 *
 * Cells are numbered along the shorter side first, as Slugboard's search scans them; the
 * search always fills the lowest empty cell with each placement whose lowest cell it is.
 * No memory of sub-counts: the plain search people write. Usage: pentomino_count H W */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char *SHAPES[12] = {
    /* F I L P N T U V W X Y Z, each as five (row, col) pairs */
    "0102101121", "0010203040", "0010203031", "0001101120", "0111202130",
    "0001021121", "0002101112", "0010202122", "0010112122", "0110111221",
    "0110112131", "0001112122",
};

static int H, W, N;
static uint64_t masks[64][12 * 8 * 64];
static int pieces[64][12 * 8 * 64];
static int counts_at[64];

static int cell_index(int r, int c) { return W > H ? c * H + r : r * W + c; }

static void add(uint64_t mask, int piece) {
    int first = __builtin_ctzll(mask);
    for (int i = 0; i < counts_at[first]; i++)
        if (masks[first][i] == mask && pieces[first][i] == piece) return;
    masks[first][counts_at[first]] = mask;
    pieces[first][counts_at[first]++] = piece;
}

static long long search(uint64_t empty, int free) {
    if (!empty) return 1;
    int first = __builtin_ctzll(empty);
    long long total = 0;
    for (int i = 0; i < counts_at[first]; i++) {
        uint64_t m = masks[first][i];
        int p = pieces[first][i];
        if ((m & empty) == m && (p & free)) total += search(empty ^ m, free ^ p);
    }
    return total;
}

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    H = atoi(argv[1]);
    W = atoi(argv[2]);
    N = H * W;
    if (N != 60 && N > 64) return 2;
    for (int p = 0; p < 12; p++) {
        for (int o = 0; o < 8; o++) {
            int rr[5], cc[5], minr = 99, minc = 99;
            for (int k = 0; k < 5; k++) {
                int r = SHAPES[p][2 * k] - '0', c = SHAPES[p][2 * k + 1] - '0';
                for (int t = 0; t < o % 4; t++) { int x = r; r = c; c = -x; }
                if (o >= 4) c = -c;
                rr[k] = r; cc[k] = c;
                if (r < minr) minr = r;
                if (c < minc) minc = c;
            }
            for (int dr = 0; dr < H; dr++)
                for (int dc = 0; dc < W; dc++) {
                    uint64_t mask = 0;
                    int ok = 1;
                    for (int k = 0; k < 5 && ok; k++) {
                        int r = rr[k] - minr + dr, c = cc[k] - minc + dc;
                        if (r >= H || c >= W) ok = 0;
                        else mask |= 1ULL << cell_index(r, c);
                    }
                    if (ok) add(mask, 1 << p);
                }
        }
    }
    struct timespec a, b;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    long long n = search(N == 64 ? ~0ULL : (1ULL << N) - 1, (1 << 12) - 1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    printf("%lld %.3f\n", n, (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
    return 0;
}
