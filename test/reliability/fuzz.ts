import fc from 'fast-check'

/**
 * Runs per property: bounded for CI, raised by `npm run test:fuzz` through `TOOLCAT_FUZZ_RUNS`.
 * The seed is fixed so a failure reproduces; fast-check prints the counterexample and its path.
 */
export const fuzzRuns = Number(process.env['TOOLCAT_FUZZ_RUNS'] ?? 100)

/** fast-check parameters for every reliability property: fixed seed (another through `TOOLCAT_FUZZ_SEED`, to explore), bounded runs. */
export const fuzzParameters: fc.Parameters<unknown> = { seed: Number(process.env['TOOLCAT_FUZZ_SEED'] ?? 20_261_130), numRuns: fuzzRuns }

/** The vitest timeout of a property, scaled with the run count so a long fuzz run is not cut short. */
export const fuzzTimeout = 20_000 + fuzzRuns * 50

/**
 * How to build a hostile value. fast-check inspects the values it generates, so it generates these
 * recipes and the property builds the value itself with `hostile()`.
 */
export type HostileRecipe =
  | { readonly kind: 'proxy' }
  | { readonly kind: 'getters'; readonly keys: readonly string[] }
  | { readonly kind: 'null-prototype' }
  | { readonly kind: 'unprintable' }

/** Recipes for values that throw on inspection, or cannot describe themselves. */
export const hostileRecipe: fc.Arbitrary<HostileRecipe> = fc.oneof(
  fc.constant({ kind: 'proxy' } as const),
  fc.record({
    kind: fc.constant('getters' as const),
    keys: fc.uniqueArray(fc.constantFrom('id', 'name', 'arguments', 'message', 'toString', 'then', 'valueOf'), { minLength: 1 }),
  }),
  fc.constant({ kind: 'null-prototype' } as const),
  fc.constant({ kind: 'unprintable' } as const),
)

/** Builds the hostile value a recipe describes. */
export function hostile(recipe: HostileRecipe): object {
  switch (recipe.kind) {
    case 'proxy':
      return throwingProxy()
    case 'getters':
      return throwingGetters(recipe.keys)
    case 'null-prototype':
      return Object.create(null) as object
    case 'unprintable':
      return { [Symbol.toPrimitive]: () => Symbol('no string'), toString: null }
  }
}

/** A proxy whose every trap throws. */
export function throwingProxy(): object {
  const trap = (): never => {
    throw new Error('hostile trap')
  }
  return new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap, apply: trap })
}

/** An object whose named properties throw when read. */
export function throwingGetters(keys: readonly string[]): object {
  const value = {}
  for (const key of keys) {
    Object.defineProperty(value, key, {
      enumerable: true,
      get: () => {
        throw new Error(`hostile getter ${key}`)
      },
    })
  }
  return value
}
