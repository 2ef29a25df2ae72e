// The classical P1074 (NOIP 2009 target Sudoku) search, as competitive programmers write it:
// bitmasks of the digits used in each row, column and box; fill the rows with the fewest
// empty cells first, cell by cell, trying every digit; score every complete grid and keep
// the best.  No propagation and no bound: an enumeration of all solutions.  It is the
// native baseline of benchmarks/bench_target.py.
//
// Input (stdin): instances of 81 integers (0 empty), any whitespace.  Output (stdout): per
// instance "score seconds", score -1 when there is no solution.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

static int grid[81], rowm[9], colm[9], boxm[9], best;
static int order[81], nempty;
static const int weight(int r, int c) {
    return 6 + std::min(std::min(r, c), std::min(8 - r, 8 - c));
}

static void dfs(int k, int score) {
    if (k == nempty) {
        if (score > best) best = score;
        return;
    }
    int cell = order[k], r = cell / 9, c = cell % 9, b = r / 3 * 3 + c / 3;
    int free_digits = ~(rowm[r] | colm[c] | boxm[b]) & 0x3FE;
    while (free_digits) {
        int bit = free_digits & -free_digits;
        free_digits ^= bit;
        int v = __builtin_ctz(bit);
        rowm[r] ^= bit; colm[c] ^= bit; boxm[b] ^= bit;
        dfs(k + 1, score + v * weight(r, c));
        rowm[r] ^= bit; colm[c] ^= bit; boxm[b] ^= bit;
    }
}

int main() {
    while (true) {
        for (int i = 0; i < 81; i++)
            if (scanf("%d", &grid[i]) != 1) return 0;
        auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < 9; i++) rowm[i] = colm[i] = boxm[i] = 0;
        int score = 0, empties[9] = {0};
        bool ok = true;
        for (int i = 0; i < 81; i++) {
            int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3, v = grid[i];
            if (!v) { empties[r]++; continue; }
            int bit = 1 << v;
            if ((rowm[r] | colm[c] | boxm[b]) & bit) ok = false;
            rowm[r] |= bit; colm[c] |= bit; boxm[b] |= bit;
            score += v * weight(r, c);
        }
        int rows[9];
        for (int i = 0; i < 9; i++) rows[i] = i;
        std::stable_sort(rows, rows + 9, [&](int a, int b) { return empties[a] < empties[b]; });
        nempty = 0;
        for (int k = 0; k < 9; k++)
            for (int c = 0; c < 9; c++)
                if (!grid[rows[k] * 9 + c]) order[nempty++] = rows[k] * 9 + c;
        best = -1;
        if (ok) dfs(0, score);
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        printf("%d %.9f\n", best, secs);
        fflush(stdout);
    }
}
