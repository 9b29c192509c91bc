/**
 * Whether a validator's answer is a pass: exactly `true`, nothing else. A validator is code from a
 * build, a cache or a dependency; one compiled from an `$async` schema answers with a Promise, a
 * hand-made one may answer an object or nothing, and each of those is truthy or easy to misread, so
 * anything but `true` refuses (fail closed). A Promise answered is also kept from rejecting
 * unhandled, which would end a Node host.
 */
export function isPass(answer: unknown): boolean {
  if (answer === true) return true
  if (typeof answer === 'object' && answer !== null && typeof (answer as { then?: unknown }).then === 'function') {
    try {
      ;(answer as PromiseLike<unknown>).then(undefined, () => undefined)
    } catch {
      // A hostile thenable's `then` throwing changes nothing: the answer is already a refusal.
    }
  }
  return false
}
