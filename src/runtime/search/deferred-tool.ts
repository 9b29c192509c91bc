import { sharedImport } from '../shared-import.js'
import type { ToolDefinition, ToolInterface } from '../types.js'

/**
 * A tool listed from its definition alone whose code is loaded on its first call (`load` makes
 * the tool, typically from a dynamic import): what a registry lists at start-up stays data. A
 * failed load fails that call, like any thrown error, and the next call tries again.
 */
export function deferredTool(definition: ToolDefinition, load: () => Promise<ToolInterface>): ToolInterface {
  const loaded = sharedImport(load)
  return {
    ...definition,
    async execute(args, context) {
      return (await loaded()).execute(args, context)
    },
  }
}
