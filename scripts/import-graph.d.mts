/** The repository root. */
export declare const repoRoot: string
/** The folders whose modules make up toolcat. */
export declare const sourceFolders: readonly string[]
/** Every `.ts` module under `folders` (relative to `root`, with `/`), sorted. */
export declare function modulesUnder(root?: string, folders?: readonly string[]): string[]
/** The modules `file` imports (relative specifiers only, `.js` read as the `.ts` beside it), as repository paths. */
export declare function importsOf(file: string, root?: string): string[]
/** The graph: each module to the modules it imports, within the modules listed. */
export declare function importGraph(root?: string, folders?: readonly string[]): Map<string, string[]>
/** The import circles of a graph: its strongly connected components of more than one module (or a self-import), each sorted. */
export declare function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][]
/** The box a module belongs to in the drawing: its folder cut to `depth` segments, or itself at the top of `src/`. */
export declare function folderOf(file: string, depth?: number): string
/** The graph between folders: `from --> to` with the number of imports. */
export declare function folderArrows(graph: ReadonlyMap<string, readonly string[]>, depth?: number): [string, number][]
/** A Mermaid flowchart of the folders' graph. */
export declare function mermaid(graph: ReadonlyMap<string, readonly string[]>, depth?: number): string
