/**
 * The TypeScript 7 releases the native backend is tested with, in one place: `typescript/unstable/*`
 * is an unstable API, so `auto` uses only these and falls back to ts-morph (with a notice) for any
 * other 7.x. CI installs the first one as a dev dependency and runs the parity tests on it.
 */
export const supportedNativeVersions: readonly string[] = ['7.0.2']

/** Whether a TypeScript version can run the native backend. */
export function isSupportedNativeVersion(version: string): boolean {
  return supportedNativeVersions.includes(version)
}
