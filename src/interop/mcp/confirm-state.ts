/** The environment variable holding the confirmation secret shared by every server process of one deployment. */
export const confirmSecretVariable = 'TOOLCAT_CONFIRM_SECRET'

/** How long a confirmation's `requestState` may be answered: ten minutes. */
export const defaultConfirmTtlMs = 10 * 60_000

const prefix = 'toolcat-confirm-v2'

/** Issues and checks the `requestState` of 2026-07-28 confirmations (SEP-2322). */
export interface ConfirmationStates {
  /** The state of one question: the tool, its validated arguments and an expiry, authenticated. */
  issue(name: string, args: Readonly<Record<string, unknown>>): Promise<string>
  /** Whether `state` was issued by a holder of the secret for exactly this tool and these arguments, and has not expired. */
  verify(state: unknown, name: string, args: Readonly<Record<string, unknown>>): Promise<boolean>
}

/**
 * The confirmation states of one server: `toolcat-confirm-v2.<expiry>.<HMAC-SHA-256>` over the
 * tool name, the expiry and the canonical JSON of the validated arguments. Only a holder of the
 * secret can make one (a client cannot answer a question it was never asked), one is good for
 * those arguments only, and only until it expires. Nothing is stored: any process with the same
 * secret checks it. The secret is `secret`, else `TOOLCAT_CONFIRM_SECRET`, else 32 random bytes
 * made once per process (then only this process accepts the answer). Web Crypto only: it runs in
 * every runtime `createMcpHandler` does.
 */
export function confirmationStates(options: { readonly secret?: string; readonly ttlMs?: number; readonly now?: () => number } = {}): ConfirmationStates {
  const ttlMs = options.ttlMs ?? defaultConfirmTtlMs
  const now = options.now ?? Date.now
  let key: Promise<CryptoKey> | undefined
  const hmacKey = (): Promise<CryptoKey> => {
    key ??= crypto.subtle.importKey('raw', secretBytes(options.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
    return key
  }
  const signed = (name: string, expiry: number, args: Readonly<Record<string, unknown>>): Uint8Array<ArrayBuffer> => new TextEncoder().encode(`${prefix}\n${JSON.stringify(name)}\n${expiry}\n${canonicalJson(args)}`)
  return {
    async issue(name, args) {
      const expiry = now() + ttlMs
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(), signed(name, expiry, args)))
      return `${prefix}.${expiry}.${toBase64Url(mac)}`
    },
    async verify(state, name, args) {
      if (typeof state !== 'string' || state.length > 200) return false
      const match = /^toolcat-confirm-v2\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(state)
      if (match === null) return false
      const expiry = Number(match[1])
      if (!(expiry > now())) return false
      const mac = fromBase64Url(match[2] as string)
      // Web Crypto's verify compares in constant time.
      return crypto.subtle.verify('HMAC', await hmacKey(), mac, signed(name, expiry, args))
    },
  }
}

let processSecret: Uint8Array<ArrayBuffer> | undefined

/** The option, else the environment variable (where there is a `process`), else this process's random secret. */
function secretBytes(secret: string | undefined): Uint8Array<ArrayBuffer> {
  const given = secret ?? (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[confirmSecretVariable]
  if (given !== undefined && given !== '') return new TextEncoder().encode(given)
  processSecret ??= crypto.getRandomValues(new Uint8Array(32))
  return processSecret
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))
}

/** JSON with object keys sorted at every level (own keys only, `__proto__` kept as data). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
