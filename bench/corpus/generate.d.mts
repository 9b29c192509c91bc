/** The default corpus folder for a size (`bench/.corpus/<n>`). */
export function corpusDir(n: number): string
/** The exported parameter type names of a corpus of `n` tools, in file order. */
export function paramsTypeNames(n: number): string[]
/** Writes a corpus of `n` tools into `dir` (emptied first); returns the tool file paths relative to `dir`. */
export function generateCorpus(dir: string, n: number): string[]
