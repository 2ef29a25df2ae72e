// Prints the puzzles of named collections of the Interactive Sudoku Solver's
// data/collections.js (its checkout is the first argument) as JSON lines
//   {"collection": name, "index": i, "name": puzzle name or "", "input": ISS text,
//    "solution": solution string or null}
// for benchmarks/bench_variants.py --collections.
// Usage: node benchmarks/iss_collections.mjs ISS_CHECKOUT TAREK_ALL [MATHEMAGIC_KILLERS ...]
// (EXAMPLES, the ISS's own example puzzles of every kind, is taken too.)

const root = process.argv[2];
const { ensureGlobalEnvironment } = await import(`${root}/tests/helpers/test_env.js`);
ensureGlobalEnvironment();
const collections = await import(`${root}/data/collections.js`);
const { resolvePuzzleConfig } = await import(`${root}/data/example_puzzles.js`);

for (const name of process.argv.slice(3)) {
  const collection = collections[name];
  if (!Array.isArray(collection)) {
    console.error(`no collection ${name} in ${root}/data/collections.js`);
    process.exit(2);
  }
  // A PuzzleCollection resolves its entries with its own defaults; a plain list (EXAMPLES)
  // holds puzzle configs or names.
  collection.forEach((entry, index) => {
    const config = typeof collection.configFor === 'function'
      ? collection.configFor(entry) : resolvePuzzleConfig(entry);
    console.log(JSON.stringify({
      collection: name, index, name: config.name ?? '', input: config.input,
      solution: config.solution ?? null,
    }));
  });
}
