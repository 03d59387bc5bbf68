// The median time of `fn` in ms over `runs` calls, after `warmup` calls that are not timed; `fn`
// gets the call's index (warm-up calls count from 0 too), so a benchmark can vary its input.
export async function median(fn, { runs = 25, warmup = 3 } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
