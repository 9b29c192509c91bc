/** Source text of the corpus's `shared/*.ts`: the types that many tool modules import. */
import { createRandom, sample } from './prng.mjs'

/** Tools per shared domain file: a realistic project groups a few dozen tools around one entity. */
export const TOOLS_PER_DOMAIN = 50

const common = `/** A postal address. */
export interface Address {
  /** @minLength 1 @maxLength 120 */
  street: string
  city: string
  /** @pattern ^[0-9A-Z -]{3,10}$ */
  postalCode?: string
  /** ISO 3166-1 alpha-2 country code. @minLength 2 @maxLength 2 */
  country: string
}

/** An amount of money in minor units. */
export interface Money {
  /** @minimum 0 */
  amount: number
  currency: 'EUR' | 'USD' | 'GBP' | 'JPY'
}

/** How urgent a request is. */
export type Priority = 'low' | 'normal' | 'high' | 'urgent'

/** Direction of a sorted listing. */
export type SortOrder = 'asc' | 'desc'

/** A page of a listing. */
export interface PageRequest {
  /** @minimum 1 @maximum 500 */
  limit?: number
  cursor?: string | null
  order?: SortOrder
}

/** One comparison on a field. */
export interface Filter<V> {
  field: string
  op: 'eq' | 'ne' | 'lt' | 'gt'
  value: V
}

/** A value with a human label. */
export interface Labeled<T> {
  label: string
  value: T
}

/** A value that may be explicitly absent. */
export type Maybe<T> = T | null
`

const enums = `/** A display colour. */
export enum Color {
  Red = 'red',
  Green = 'green',
  Blue = 'blue',
}

/** A log level. */
export enum Level {
  Debug = 0,
  Info = 1,
  Warn = 2,
  Error = 3,
}
`

const recursive = `/** A labelled tree. */
export interface TreeNode {
  label: string
  children?: TreeNode[]
}

/** An arithmetic expression. */
export interface Expr {
  op: '+' | '-' | '*' | '/'
  left: Expr | number
  right: Expr | number
}
`

// Optional extras carry no sample: valid arguments may omit them.
const extraFields = [
  { text: '  /** @maxLength 500 */\n  notes?: string' },
  { text: '  score: number', sample: ['score', 4] },
  { text: "  locale: 'en' | 'fr' | 'de' | 'ja'", sample: ['locale', 'fr'] },
  { text: '  /** @format uri */\n  homepage?: string' },
  { text: '  owners: string[]', sample: ['owners', ['ops']] },
  { text: '  limits: { daily: number; monthly: number }', sample: ['limits', { daily: 10, monthly: 200 }] },
  { text: '  archived: boolean | null', sample: ['archived', null] },
  { text: '  location: [number, number]', sample: ['location', [48.85, 2.35]] },
]

/** Returns the shared domain file name for a tool index (1-based). */
export function domainOf(index) {
  return `domain_${String(Math.floor((index - 1) / TOOLS_PER_DOMAIN) + 1).padStart(3, '0')}`
}

/** Returns the entity interface name declared by a domain file. */
export function entityOf(domain) {
  return `Entity${domain.slice('domain_'.length)}`
}

function extrasOf(group) {
  const random = createRandom(0x5eed0000 + group)
  return sample(random, extraFields, 2 + Math.floor(random() * 3))
}

/** Returns valid arguments for a domain's entity without `omit`ted keys (a JSON value). */
export function entitySample(domain, omit = []) {
  const group = Number(domain.slice('domain_'.length))
  const entity = {
    id: `${domain}-1`,
    email: 'ada@example.com',
    name: 'Ada',
    address: { street: '1 Main St', city: 'Paris', country: 'FR' },
    balance: { amount: 1250, currency: 'EUR' },
    priority: 'high',
    tags: ['vip'],
    meta: { source: 'bench' },
    active: true,
    createdAt: '2024-01-02T03:04:05Z',
    ...Object.fromEntries(extrasOf(group).flatMap((extra) => (extra.sample ? [extra.sample] : []))),
  }
  for (const key of omit) delete entity[key]
  return entity
}

function domainFile(group) {
  const domain = `domain_${String(group).padStart(3, '0')}`
  const extras = extrasOf(group).map((extra) => extra.text)
  return `import type { Address, Money, Priority } from './common.js'

/** A customer-like record owned by ${domain}. */
export interface ${entityOf(domain)} {
  id: string
  /** @format email */
  email: string
  name: string
  address: Address
  balance: Money
  priority: Priority
  tags: string[]
  meta: Record<string, string>
  active: boolean
  /** @format date-time */
  createdAt: string
${extras.join('\n')}
}
`
}

/** Returns `{ relativePath: text }` for every shared type file a corpus of `n` tools needs. */
export function sharedTypeFiles(n) {
  const files = { 'shared/common.ts': common, 'shared/enums.ts': enums, 'shared/recursive.ts': recursive }
  for (let group = 1; group <= Math.ceil(n / TOOLS_PER_DOMAIN); group++) {
    files[`shared/domain_${String(group).padStart(3, '0')}.ts`] = domainFile(group)
  }
  return files
}
