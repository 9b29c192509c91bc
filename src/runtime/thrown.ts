/** The message of a failure result for anything a handler threw or rejected with. */
export function messageOf(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return String(thrown.message)
    return String(thrown)
  } catch {
    // A hostile toString, a throwing `message` getter or a null-prototype object cannot describe itself.
    return 'Unknown thrown value'
  }
}
