// Times the Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, built
// outside this repository: a checkout of it is the first argument) on puzzles read from
// stdin, one ISS text a line, in one Node process: for each, the median over `repeat` runs
// of parse + build + solve to `limit` solutions, as one JSON line
//   {"index": i, "ms": median milliseconds, "count": solutions found, "solution": first}.
// Usage: node benchmarks/peer_iss.mjs ISS_CHECKOUT [limit=2] [repeat=3] [--interleave] < puzzles.txt
import { readFileSync } from 'node:fs';

const root = process.argv[2];
const limit = +(process.argv[3] ?? 2);
const repeat = +(process.argv[4] ?? 3);
const { ensureGlobalEnvironment } = await import(`${root}/tests/helpers/test_env.js`);
ensureGlobalEnvironment();
const { SudokuParser, toShortSolution } = await import(`${root}/js/sudoku_parser.js`);
const { SudokuBuilder } = await import(`${root}/js/solver/sudoku_builder.js`);
const { LookupTables } = await import(`${root}/js/solver/lookup_tables.js`);

function solveOnce(text) {
  const constraint = SudokuParser.parseText(text);
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  const internal = solver._internalSolver;
  const geom = internal._geometry;
  let count = 0;
  let first = null;
  internal.run({ maxSolutions: limit }, (grid) => {
    count++;
    if (first === null) {
      const vals = Array.from(grid.slice(0, geom.numGridCells),
        (m) => LookupTables.toOffsetValue(m, geom.valueOffset));
      first = toShortSolution(vals, geom);
    }
  });
  return { count, first };
}

function timeOne(text, index) {
  const times = [];
  let result = null;
  for (let k = 0; k < repeat; k++) {
    const t0 = process.hrtime.bigint();
    result = solveOnce(text);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return JSON.stringify({ index, ms: times[Math.floor(times.length / 2)],
                          count: result.count, solution: result.first });
}

if (process.argv[5] === '--interleave') {
  // One puzzle a line as it comes, its answer written at once: the caller times its own
  // run of each puzzle next to this one, so that a change of the machine's load between
  // the two halves of a run does not bias the ratios.
  const { createInterface } = await import('node:readline');
  let index = 0;
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') continue;
    process.stdout.write(timeOne(line, index++) + '\n');
  }
} else {
  const lines = readFileSync(0, 'utf8').split('\n').filter((l) => l.trim() !== '');
  lines.forEach((text, index) => console.log(timeOne(text, index)));
}
