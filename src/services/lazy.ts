/**
 * Service functions loaded on their first call. The core's static imports hold what the request
 * path runs (authentication, boards, listing and reading posts); the other services, and what only
 * they use, are behind an `import()` that a browser application's bundler turns into a chunk of its
 * own, fetched the first time one of its functions is called (see docs/architecture.md, "The
 * browser bundle"). After that first call, a call costs one `await` more than a direct one.
 */

/** An asynchronous function. */
type AsyncFunction = (...args: never[]) => Promise<unknown>;

/** A function of a module loaded on first call, with `load()`, which resolves to the function itself. */
export type LazyFunction<F extends AsyncFunction> = F & { load(): Promise<F> };

/**
 * `name` of the module `importModule` loads, as a function that loads the module on its first call
 * and then calls it: same parameters, same result. A module that fails to load rejects that call,
 * and the next call tries again.
 */
export function lazy<M, K extends keyof M>(importModule: () => Promise<M>, name: K): LazyFunction<Extract<M[K], AsyncFunction>> {
  type F = Extract<M[K], AsyncFunction>;
  let loaded: F | undefined;
  const load = async (): Promise<F> => (loaded ??= (await importModule())[name] as F);
  const call = async (...args: never[]) => ((loaded ?? (await load())) as AsyncFunction)(...args);
  return Object.assign(call, { load }) as unknown as LazyFunction<F>;
}
