/** The text a provider shows the model: the tool's description, else its summary. */
export function descriptionOf(tool: { readonly description?: string; readonly summary?: string }): { description?: string } {
  const description = tool.description ?? tool.summary
  return description === undefined ? {} : { description }
}
