import { describe, expect, test } from 'vitest'
import { buildSearchIndex } from '../../src/runtime/search/build-index.js'
import { search } from '../../src/runtime/search/search.js'
import { splitWords, stem } from '../../src/runtime/search/words.js'
import { searchTerms } from '../../src/runtime/search/index.js'

const object = (properties: Record<string, unknown>) => ({ type: 'object', properties })

// A small API catalog in the spirit of a real one: names in snake_case, titles, parameter names and enums.
const tools = [
  { name: 'pulls_create', title: 'Create a pull request', parameters: object({ owner: { type: 'string' }, repo: { type: 'string' }, head: { type: 'string', description: 'The branch holding the changes.' } }) },
  { name: 'pulls_list', title: 'List pull requests', parameters: object({ state: { type: 'string', enum: ['open', 'closed', 'all'] } }), annotations: { pure: true } },
  { name: 'repos_delete', title: 'Delete a repository', annotations: { consequential: true }, parameters: object({ owner: { type: 'string' } }) },
  { name: 'removeLabelFromIssue', title: 'Remove a label', description: 'Takes one label off an issue.', parameters: object({ issue_number: { type: 'integer' }, name: { type: 'string' } }) },
  { name: 'orgs-list-members', title: 'List organization members', parameters: object({ role: { type: 'string', enum: ['admin', 'member'] } }), annotations: { pure: true } },
  { name: 'issues_create', title: 'Create an issue', description: 'Opens a new issue.', parameters: object({ title: { type: 'string' }, labels: { type: 'array', items: { type: 'string' } } }) },
]
const index = buildSearchIndex(tools)
const names = (query: string, options = {}) => search(index, query, options).map((hit) => hit.name)

describe('words and terms', () => {
  test('identifiers split at case changes, underscores, hyphens and dots', () => {
    expect(splitWords('listRepoPRs')).toEqual(['list', 'repo', 'prs'])
    expect(splitWords('list_repo_prs')).toEqual(splitWords('list-repo-prs'))
    expect(splitWords('HTTPServer.get_user-name')).toEqual(['http', 'server', 'get', 'user', 'name'])
    expect(splitWords('removeLabelFromIssue')).toEqual(['remove', 'label', 'from', 'issue'])
  })

  test('light stemming meets a word and its forms, and common derivations', () => {
    expect(new Set(['create', 'creates', 'created', 'creating', 'creation'].map(stem))).toEqual(new Set(['creat']))
    expect(stem('repositories')).toBe(stem('repository'))
    expect(stem('branches')).toBe('branch')
    expect(stem('reviewers')).toBe(stem('review'))
    expect(stem('status')).toBe('status')
    expect(stem('emojis')).toBe('emoji')
  })

  test('abbreviations are spelled out and stop words dropped', () => {
    expect(searchTerms('open the PR in my repo')).toEqual(['open', 'pull', 'request', 'my', 'repository'])
    expect(searchTerms('org')).toEqual(searchTerms('organization'))
  })
})

describe('search', () => {
  test('finds by name words, title and abbreviations', () => {
    expect(names('open a PR')[0]).toBe('pulls_create')
    expect(names('org members')[0]).toBe('orgs-list-members')
  })

  test('verb families: remove finds delete, but a tool with the typed word ranks first', () => {
    expect(names('remove repo')[0]).toBe('repos_delete')
    expect(names('remove label')[0]).toBe('removeLabelFromIssue')
    expect(names('drop a repository')[0]).toBe('repos_delete')
    expect(names('show all pull requests')[0]).toBe('pulls_list')
  })

  test('parameter names, parameter descriptions and enum values are searched', () => {
    expect(names('closed pull requests')[0]).toBe('pulls_list')
    expect(names('admin role')[0]).toBe('orgs-list-members')
    expect(names('branch holding the changes')[0]).toBe('pulls_create')
  })

  test('annotations filter the hits', () => {
    expect(names('list', { filter: { pure: true } }).sort()).toEqual(['orgs-list-members', 'pulls_list'])
    expect(names('delete remove', { filter: { consequential: false } })).not.toContain('repos_delete')
  })

  test('limit, no match, stop words only', () => {
    expect(names('create', { limit: 1 })).toHaveLength(1)
    expect(names('zebra')).toEqual([])
    expect(names('the of a')).toEqual([])
    expect(names('create', { limit: 0 })).toEqual([])
  })

  test('a word the index lacks is completed by prefix', () => {
    expect(names('memb')[0]).toBe('orgs-list-members')
  })

  test('the same tools give the same index, key for key; another version is refused', () => {
    expect(JSON.stringify(buildSearchIndex(tools))).toBe(JSON.stringify(index))
    expect(Object.keys(index.terms)).toEqual([...Object.keys(index.terms)].sort())
    expect(() => search({ ...index, version: 2 } as never, 'x')).toThrow(/version 1/)
  })
})
