import { splitWords, stopWords } from './words.js'

/** What the description of `tool_search` reads of each tool it can find. */
export interface DescribedTool {
  readonly name: string
  readonly title?: string
  readonly description?: string
  readonly summary?: string
}

/** How many of the catalog's own words the description names. */
const vocabularySize = 8

// Words every catalog uses (the verbs of any API, tool talk): naming them tells a model nothing
// about what this catalog covers.
const generic = new Set(
  'get gets list lists create creates update updates delete deletes set sets add adds remove removes find finds search fetch fetches read reads write writes make run runs return returns show shows new tool tools one all each given value values data item items call calls using few many more other'.split(' '),
)

/**
 * The description of `tool_search`, written from the tools it can find: how many, the words that
 * say what they are about (the words, plurals counted with their singular, found in the most tools' names, titles and summaries, a
 * name counting twice; ties in alphabetical order) and two example queries made from two of the
 * tools (the one whose words weigh most, then the heaviest one sharing no name word with it).
 * The same tools give the same bytes; no tools, no vocabulary and no examples.
 */
export function describeSearchTool(tools: readonly DescribedTool[]): string {
  const weights = new Map<string, number>()
  const spelled = new Map<string, string>()
  const wordsOf = tools.map((tool) => {
    const seen = new Map<string, number>()
    const note = (text: string | undefined, weight: number): void => {
      for (const word of splitWords(text ?? '')) {
        if (word.length < 3 || /^\d/.test(word) || stopWords.has(word) || generic.has(word)) continue
        const key = singular(word)
        seen.set(key, Math.max(seen.get(key) ?? 0, weight))
        // The shortest spelling stands for the stem (repository over repositories), then the first in order.
        const known = spelled.get(key)
        if (known === undefined || word.length < known.length || (word.length === known.length && word < known)) spelled.set(key, word)
      }
    }
    note(`${tool.title ?? ''} ${summaryOf(tool)}`, 1)
    note(tool.name, 2)
    for (const [key, weight] of seen) weights.set(key, (weights.get(key) ?? 0) + weight)
    return seen
  })
  const ranked = [...weights].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
  const vocabulary = ranked.slice(0, vocabularySize).map(([key]) => spelled.get(key) as string)
  const weightOf = (at: number): number => [...(wordsOf[at] as Map<string, number>).keys()].reduce((sum, key) => sum + (weights.get(key) ?? 0), 0)
  const order = tools.map((_, at) => at).sort((a, b) => weightOf(b) - weightOf(a) || a - b)
  const first = order[0]
  const firstNames = new Set(first === undefined ? [] : splitWords((tools[first] as DescribedTool).name))
  const second = order.find((at) => at !== first && !splitWords((tools[at] as DescribedTool).name).some((word) => firstNames.has(word))) ?? order[1]
  const examples = [first, second].flatMap((at) => (at === undefined ? [] : [`'${exampleQuery(tools[at] as DescribedTool)}'`]))
  const about = vocabulary.length === 0 ? '' : ` (${tools.length} tool${tools.length === 1 ? '' : 's'} about ${vocabulary.join(', ')})`
  const example = examples.length === 0 ? '' : ` (e.g. ${examples.join(', ')})`
  return `Finds the tools that can do a task${about}. Describe the task in a few words${example}; returns the best matching tools with their names, descriptions and parameter schemas. Call a found tool by its name.`
}

/** A word's singular, roughly (repositories → repository, invoices → invoice): enough to count a word and its plural once, in less code than the index's stemmer on a registry's listing path. */
function singular(word: string): string {
  return word.endsWith('ies') ? `${word.slice(0, -3)}y` : /[^su]s$/.test(word) ? word.slice(0, -1) : word
}

/** A tool's one-line summary: its own, or its description's first sentence. */
function summaryOf(tool: DescribedTool): string {
  return tool.summary ?? /^[^\n]*?(?:[.!?](?=\s|$)|$)/m.exec(tool.description ?? '')?.[0] ?? ''
}

/**
 * A query a user could type for a tool: its name's words when there are several, else the first
 * clause of its title or summary in at most six words, without the stop words it would end on.
 */
function exampleQuery(tool: DescribedTool): string {
  const named = splitWords(tool.name)
  if (named.length > 1) return named.join(' ')
  const clause = (tool.title ?? summaryOf(tool)).split(/[:;,.!?()\u2014]|\s-\s/)[0] ?? ''
  const words = clause.replace(/[`'"*_]/g, '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6)
  while (words.length > 1 && stopWords.has(words[words.length - 1] as string)) words.pop()
  return words.length > 0 ? words.join(' ') : named.join(' ')
}
