import { stem } from './words.js'

/**
 * The vocabulary of APIs. Abbreviations are spelled out on both sides (index and query), so `repo`
 * in a tool name and `repository` in a query meet; verb families widen a query only (a query's
 * own word scores fully, its family members less), so an index keeps remove and delete apart.
 */

/** Abbreviations as users and API names write them, by lower-case word, with the words they stand for. */
const abbreviations: Readonly<Record<string, string>> = {
  pr: 'pull request',
  prs: 'pull requests',
  repo: 'repository',
  repos: 'repositories',
  org: 'organization',
  orgs: 'organizations',
  ci: 'workflow run check',
  env: 'environment',
  envs: 'environments',
  config: 'configuration',
  cfg: 'configuration',
  perm: 'permission',
  perms: 'permissions',
  collab: 'collaborator',
  collabs: 'collaborators',
  auth: 'authenticated',
  msg: 'message',
  pkg: 'package',
  pkgs: 'packages',
  dep: 'dependency',
  deps: 'dependencies',
  desc: 'description',
  notif: 'notification',
  notifs: 'notifications',
  sub: 'subscription',
  usr: 'user',
  dir: 'directory',
  gh: 'github',
  ssh: 'ssh',
  id: 'id',
  info: 'information',
  stats: 'statistics',
  stat: 'statistic',
  admin: 'administrator',
  addr: 'address',
  img: 'image',
  doc: 'document',
  docs: 'documents',
  db: 'database',
  txn: 'transaction',
  acct: 'account',
  qty: 'quantity',
  num: 'number',
  url: 'url',
  ts: 'timestamp',
  webhook: 'webhook hook',
  webhooks: 'webhooks hooks',
}

/** Verb families: a query word (stemmed) and the stems it also looks for, each at `familyWeight`. */
const families: readonly (readonly string[])[] = [
  ['delete', 'remove', 'drop', 'destroy', 'erase', 'purge', 'discard', 'unset', 'clear', 'revoke'],
  ['create', 'add', 'new', 'make', 'insert', 'register', 'generate', 'post', 'open', 'start'],
  ['list', 'all', 'enumerate', 'browse', 'index', 'every', 'many'],
  ['get', 'fetch', 'retrieve', 'read', 'show', 'view', 'see', 'look', 'detail', 'information', 'lookup', 'find', 'display'],
  ['update', 'edit', 'change', 'modify', 'set', 'rename', 'patch', 'replace', 'configure', 'alter', 'adjust'],
  ['search', 'find', 'query', 'lookup', 'filter'],
  ['check', 'verify', 'test', 'validate', 'status'],
  ['my', 'me', 'mine', 'authenticate', 'myself', 'own'],
  ['cancel', 'stop', 'abort', 'halt'],
  ['rerun', 'retry', 'restart', 'rerequest'],
  ['download', 'export', 'archive', 'fetch'],
  ['upload', 'import', 'push'],
  ['user', 'account', 'person', 'people', 'member'],
  ['issue', 'ticket', 'bug'],
  ['approve', 'review', 'accept'],
  ['merge', 'combine', 'land'],
  ['close', 'resolve', 'finish'],
  ['block', 'ban'],
  ['star', 'favorite', 'bookmark', 'like'],
  ['watch', 'subscribe', 'follow'],
  ['secret', 'token', 'credential', 'key', 'password'],
  ['file', 'content', 'document'],
  ['ref', 'reference', 'branch'],
  ['request', 'ask'],
]

/** The weight of a family member found for a query word, relative to the word itself. */
export const familyWeight = 0.55

const familyOf = new Map<string, Set<string>>()
for (const family of families) {
  const stems = family.map(stem)
  for (const member of stems) {
    const known = familyOf.get(member) ?? new Set<string>()
    for (const other of stems) if (other !== member) known.add(other)
    familyOf.set(member, known)
  }
}

/** The words an abbreviation stands for, or the word itself. */
export function spellOut(word: string): string {
  return Object.hasOwn(abbreviations, word) ? (abbreviations[word] as string) : word
}

/** The other stems of a stem's verb families (empty when it has none). */
export function familyMembers(stemmed: string): ReadonlySet<string> {
  return familyOf.get(stemmed) ?? emptySet
}

const emptySet: ReadonlySet<string> = new Set()
