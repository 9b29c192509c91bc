/**
 * Reads a value until `check` holds (up to ~15 s): a watcher or dev server applies a change on
 * disk a moment after it is written.
 */
export async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const value = await read()
    if (check(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`never reached the expected state; last read: ${JSON.stringify(await read())}`)
}
