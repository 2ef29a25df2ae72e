// Prints the puzzles of named collections of the Interactive Sudoku Solver's
// data/collections.js (its checkout is the first argument) as JSON lines
//   {"collection": name, "index": i, "name": puzzle name or "", "input": ISS text,
//    "solution": solution string or null}
// for benchmarks/bench_variants.py --collections.
// Usage: node benchmarks/iss_collections.mjs ISS_CHECKOUT TAREK_ALL [MATHEMAGIC_KILLERS ...]

const root = process.argv[2];
const { ensureGlobalEnvironment } = await import(`${root}/tests/helpers/test_env.js`);
ensureGlobalEnvironment();
const collections = await import(`${root}/data/collections.js`);

for (const name of process.argv.slice(3)) {
  const collection = collections[name];
  if (!collection || typeof collection.configFor !== 'function') {
    console.error(`no collection ${name} in ${root}/data/collections.js`);
    process.exit(2);
  }
  collection.forEach((entry, index) => {
    const config = collection.configFor(entry);
    console.log(JSON.stringify({
      collection: name, index, name: config.name ?? '', input: config.input,
      solution: config.solution ?? null,
    }));
  });
}
