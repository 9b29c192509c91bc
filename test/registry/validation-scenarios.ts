import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { repoRoot } from './out-dir.js'

/**
 * What a user of `fixtures/validation` sends, and what each call must answer, whatever runs it
 * (generated registry with precompiled or runtime validators, bundler plugin, MCP server, a
 * contract tool). The tools echo their arguments, so a success shows what the handler received.
 */
export interface Scenario {
  readonly title: string
  readonly tool: string
  readonly args: Readonly<Record<string, unknown>>
  /** The handler's value (the arguments it received), or the failure message. */
  readonly expected: { readonly value: unknown } | { readonly error: string }
}

const product = { kind: 'product', sku: 'TEA-1', quantity: 2 }
const giftCard = { kind: 'gift_card', amountCents: 2500, recipient: { name: 'Ada' } }
const discount = { kind: 'discount', code: 'WELCOME' }
const section = { type: 'section', text: { type: 'mrkdwn', text: '*Deploy* done' } }
const context = { type: 'context', elements: [{ type: 'image', image_url: 'https://example.test/a.png', alt_text: 'a' }, { type: 'plain_text', text: 'by Ada' }] }

/** One scenario per "What was seen" bullet of issue 12 that an MCP client can reproduce, and the cases found since. */
export const scenarios: readonly Scenario[] = [
  {
    title: 'every branch of a discriminated union of cart lines is accepted, not only the first',
    tool: 'cart_update',
    args: { cartId: 'c1', items: [product, giftCard, discount] },
    expected: { value: { cartId: 'c1', items: [product, giftCard, discount] } },
  },
  {
    title: 'the matched branch gets its own defaults and loses only its undeclared keys',
    tool: 'cart_update',
    args: { cartId: 'c1', items: [{ kind: 'product', sku: 'TEA-1', note: 'x' }, { ...discount, sku: 'stray' }], owner: { guestEmail: 'a@b.test', note: 'x' } },
    expected: { value: { cartId: 'c1', items: [{ kind: 'product', sku: 'TEA-1', quantity: 1 }, discount], owner: { guestEmail: 'a@b.test' } } },
  },
  {
    title: 'a fault in a discriminated branch names that branch',
    tool: 'cart_update',
    args: { cartId: 'c1', items: [product, { kind: 'discount' }] },
    expected: { error: 'items.1 (kind "discount"): code: required; expected a value' },
  },
  {
    title: 'a line matching no branch says so and names the kinds expected',
    tool: 'cart_update',
    args: { cartId: 'c1', items: [{ kind: 'coupon', code: 'X' }] },
    expected: { error: 'items.0.kind: anyOf; expected one of ["product","gift_card","discount"] (no union branch matches); received "coupon"' },
  },
  {
    title: 'a Slack context block (not the first branch of blocks) is accepted, nested unions included',
    tool: 'post_message',
    args: { channel: 'C1', blocks: [section, context, { type: 'divider' }] },
    expected: { value: { channel: 'C1', blocks: [section, context, { type: 'divider' }] } },
  },
  {
    title: 'a decimal price is a multiple of a 0.01 step',
    tool: 'set_price',
    args: { sku: 'TEA-1', price: 19.99, stepped: 15 },
    expected: { value: { sku: 'TEA-1', price: 19.99, stepped: 15 } },
  },
  { title: 'seven cents too', tool: 'set_price', args: { sku: 'TEA-1', price: 0.07 }, expected: { value: { sku: 'TEA-1', price: 0.07 } } },
  {
    title: 'half a cent is not a multiple of 0.01',
    tool: 'set_price',
    args: { sku: 'TEA-1', price: 0.005 },
    expected: { error: 'price: multipleOf; expected multiple of 0.01; received 0.005' },
  },
  {
    title: 'a boolean is not a string',
    tool: 'update_issue',
    args: { repo: 'r', number: 1, title: true },
    expected: { error: 'title: type; expected string; received true' },
  },
  {
    title: '0 is not false',
    tool: 'update_issue',
    args: { repo: 'r', number: 1, notify: 0 },
    expected: { error: 'notify: type; expected boolean; received 0' },
  },
  {
    title: 'an empty string is not null',
    tool: 'update_issue',
    args: { repo: 'r', number: 1, milestone: '' },
    expected: { error: 'milestone: type; expected number | null; received ""' },
  },
  {
    title: 'an empty string stays an empty string where a string or null is expected',
    tool: 'update_issue',
    args: { repo: 'r', number: 1, assignee: '', milestone: null },
    expected: { value: { repo: 'r', number: 1, assignee: '', milestone: null } },
  },
  {
    title: 'null is not a string, and the fault reports the null that was sent',
    tool: 'search_issues',
    args: { query: null },
    expected: { error: 'query: type; expected string; received null' },
  },
  {
    title: 'a union of all-optional objects: the branch that declares the keys sent wins, even with a stray key, and none of its data is dropped',
    tool: 'update_notifications',
    args: { userId: 'u1', changes: { sound: true, client: 'ios' } },
    expected: { value: { userId: 'u1', changes: { sound: true } } },
  },
  {
    title: 'a union of all-optional objects: a string coerced for the branch that declares its key, rather than dropped by another',
    tool: 'update_notifications',
    args: { userId: 'u1', changes: { marketing: 'false' } },
    expected: { value: { userId: 'u1', changes: { marketing: false } } },
  },
  {
    title: 'the JSON text of a number or a boolean is accepted for that type',
    tool: 'update_issue',
    args: { repo: 'r', number: '42', notify: 'true', title: '7' },
    expected: { value: { repo: 'r', number: 42, notify: true, title: '7' } },
  },
  {
    title: 'any other string is refused for a number, and reported as sent',
    tool: 'update_issue',
    args: { repo: 'r', number: ' 42' },
    expected: { error: 'number: type; expected number; received " 42"' },
  },
  ...deployScenarios(),
]

/** A call the tool accepts, and the value its handler receives. */
function accepts(title: string, tool: string, args: Scenario['args'], value: unknown): Scenario {
  return { title, tool, args, expected: { value } }
}

/** A call the tool refuses, and the refusal's message. */
function refuses(title: string, tool: string, args: Scenario['args'], error: string): Scenario {
  return { title, tool, args, expected: { error } }
}

/** Issue 31 items 4 and 5 (tools/deploy.ts): defaults at run time, and faults a caller can act on. */
function deployScenarios(): Scenario[] {
  const rolling = { kind: 'rolling', maxUnavailable: 1 }
  const replicas = { 'us-east-1': 2, 'eu-central-1': 3, 'ap-south-1': 1 }
  const closest = "target: anyOf; expected a value of one of the union's 2 branches (none matches; closest: branch 1)"
  return [
    accepts('a default the registry fills gets its own nested defaults: strategy left out is the rolling branch with maxUnavailable 1', 'deploy', { service: 'web' }, { service: 'web', strategy: rolling }),
    accepts("sending the strategy's default gives the same value as leaving it out", 'deploy', { service: 'web', strategy: { kind: 'rolling' } }, { service: 'web', strategy: rolling }),
    accepts("an enum-member destructuring default is that member's value", 'add_record', { name: 'www' }, { name: 'www', type: 'A' }),
    accepts("a data class field initialised with an enum member may be left out and gets that member's value", 'add_alias', { name: 'www' }, { name: 'www', type: 'CNAME' }),
    refuses(
      'on an ordinary tool, an undeclared key that misspells a missing required key is named first with did you mean',
      'scale',
      { service: 'web', replicas: { 'us-east-1': 2, 'eu-centrl-1': 3, 'ap-south-1': 1 } },
      'replicas.eu-centrl-1: not a declared key (did you mean eu-central-1?)\nreplicas.eu-central-1: required; expected a value',
    ),
    accepts('an ordinary tool still drops an undeclared key when the rest is valid', 'scale', { service: 'web', replicas: { ...replicas, 'eu-centrl-1': 3 } }, { service: 'web', replicas }),
    refuses('an undeclared key that is not why the call fails is not named in its refusal', 'scale', { service: 7, servce: 'web', replicas }, 'service: type; expected string; received 7'),
    refuses(
      'a misspelt discriminator key is named with the tag it misspells',
      'deploy',
      { service: 'web', strategy: { knd: 'rolling' } },
      'strategy.knd: not a declared key (did you mean kind?)\nstrategy.kind: required; expected one of ["rolling","recreate"] (no union branch matches)',
    ),
    refuses(
      'a misspelt discriminator value gets did you mean',
      'deploy',
      { service: 'web', strategy: { kind: 'rollng' } },
      'strategy.kind: anyOf; expected one of ["rolling","recreate"] (no union branch matches); received "rollng" (did you mean "rolling"?)',
    ),
    refuses('a misspelt enum value gets did you mean', 'add_record', { name: 'www', type: 'CNAM' }, 'type: enum; expected one of ["A","AAAA","CNAME"]; received "CNAM" (did you mean "CNAME"?)'),
    refuses('a template literal type reads as its template, not as the regex behind it', 'resize', { width: '12em' }, 'width: pattern; expected a string of the form `${number}px`; received "12em"'),
    refuses('a union no branch takes names the closest branch and its faults', 'resize', { width: '12px', target: { host: 'db', port: 'x' } }, `${closest}\ntarget.port: type; expected number; received "x"`),
    refuses(
      'inside a union no branch takes, a key misspelling a required one of the closest branch is named',
      'resize',
      { width: '12px', target: { hst: 'db', port: 5432 } },
      `target.hst: not a declared key (did you mean host?)\n${closest}\ntarget.host: required; expected a value`,
    ),
  ]
}

/** A temp project outside the repository holding `fixtures/validation`, with `toolcat` installed as a link to this checkout. */
export function validationProject(): string {
  const project = path.join(mkdtempSync(path.join(tmpdir(), 'toolcat-validation-')), 'project')
  cpSync(path.join(repoRoot, 'fixtures/validation'), project, { recursive: true })
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  return project
}

/** The result a registry answers for a scenario's call, without its id. */
export function expectedResult(scenario: Scenario): Record<string, unknown> {
  return 'value' in scenario.expected
    ? { name: scenario.tool, success: true, value: scenario.expected.value }
    : { name: scenario.tool, success: false, error: scenario.expected.error }
}
