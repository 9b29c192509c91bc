// The one part of `@mastra/core` the Mastra adapter calls, declared here: the repository does not
// install Mastra (each major is tested in an app of its own), and the adapter's public types are
// its own, since they differ between Mastra 0.24 and 1.x.
declare module '@mastra/core/tools' {
  /** Makes a Mastra tool from its options (id, description, schemas, `requireApproval`, `execute`). */
  export function createTool(options: Record<string, unknown>): unknown
}
