import { syntheticLibrary } from './synthetic-library.ts';
const t0 = performance.now();
console.log(
  await syntheticLibrary('/work/main/bench-data', 100000),
  ((performance.now() - t0) / 1000).toFixed(1),
  's',
);
