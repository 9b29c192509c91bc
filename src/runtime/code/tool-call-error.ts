/** A tool call made through a code API failed: `message` is toolcat's fault text (`amount: type; expected number; received "ten"`), `tool` the tool's name. */
export class ToolCallError extends Error {
  /** The name of the tool whose call failed. */
  readonly tool: string

  constructor(tool: string, fault: string) {
    super(fault)
    this.name = 'ToolCallError'
    this.tool = tool
  }
}
