import { codes } from './codes.js'
import type { DefinitionSite } from './discover-tools.js'
import type { Finding } from './locate.js'
import type { ModuleReader } from './module-reader.js'
import { annotationProblem, textFields, unknownDefinitionKey } from './definition-keys.js'
import { memberValue, readStaticValue, staticKey, unwrapExpression } from './static-value.js'
import type { SyntaxNode } from './view.js'
import { withTextTags } from '../schema/annotations.js'
import { parseJsDoc } from '../schema/inline-jsdoc-text.js'
import { midLineTags } from '../schema/mid-line-tags.js'
import type { Docs } from '../schema/view.js'

/** A problem with the node it points at. */
export interface LocatedFinding {
  readonly node: SyntaxNode
  readonly finding: Finding
}

/** The fields of one `defineTool({...})` literal, read without evaluating it. */
export interface DefinitionFields {
  /** The `name` field and its node, when present and static. */
  readonly name?: { readonly value: string; readonly node: SyntaxNode }
  readonly title?: string
  readonly description?: string
  readonly summary?: string
  readonly annotations?: Readonly<Record<string, unknown>>
  /** The JSDoc `@namespace` tag: the namespace a deferred export groups the tool in. */
  readonly namespace?: string
  /** The `execute` member (a method, or the expression assigned to it). */
  readonly execute?: SyntaxNode
  /** `defineTool<Args>(...)`: the declared argument type of a declaration-only tool. */
  readonly typeArgument?: SyntaxNode
  readonly problems: readonly LocatedFinding[]
}

/** Reads the static fields of a definition; anything not static is a problem, not a guess. */
export function readDefinition(reader: ModuleReader, site: DefinitionSite): DefinitionFields {
  const { k } = reader
  const problems: LocatedFinding[] = []
  const fields: { -readonly [K in keyof DefinitionFields]: DefinitionFields[K] } = { problems }
  const typeArgument = site.call.typeArguments?.[0]
  if (typeArgument) fields.typeArgument = typeArgument
  const descriptor = site.call.arguments?.[0]
  if (descriptor?.kind !== k.ObjectLiteralExpression) {
    problems.push(nonStatic(descriptor ?? site.call, 'the argument of defineTool must be an object literal'))
    return fields
  }
  for (const member of descriptor.properties ?? []) {
    const key = staticKey(reader, member)
    if (key === undefined) {
      problems.push(nonStatic(member, `\`${reader.text(member)}\` cannot be read without running the module`))
    } else if (key === 'execute') {
      fields.execute = member.kind === k.MethodDeclaration ? member : memberValue(reader, member)
    } else if (key === 'annotations' || isTextField(key)) {
      const valueNode = memberValue(reader, member) ?? member
      const read = readStaticValue(reader, valueNode)
      if (!read.ok) problems.push(nonStatic(read.node, `\`${key}\` must be a literal; this value is only known by running the module`))
      else if (key === 'annotations') {
        if (isRecord(read.value)) {
          fields.annotations = read.value
          problems.push(...annotationProblems(reader, valueNode, read.value))
        } else problems.push(nonStatic(valueNode, '`annotations` must be an object literal'))
      }
      else if (typeof read.value !== 'string') problems.push(nonStatic(valueNode, `\`${key}\` must be a string`))
      else if (key === 'name') fields.name = { value: read.value, node: valueNode }
      else fields[key] = read.value
    } else {
      problems.push({ node: member.name ?? member, finding: unknownDefinitionKey(key) })
    }
  }
  const block = reader.view.jsDocText(site.documented)
  const docs = block === undefined ? undefined : toolDocs(reader.view.jsDocComment(site.documented)?.trim(), block)
  if (fields.description === undefined && docs?.description) fields.description = docs.description
  const namespace = docs?.tags.find((tag) => tag.name === 'namespace')
  if (namespace !== undefined) {
    if (namespacePattern.test(namespace.text)) fields.namespace = namespace.text
    else problems.push({ node: site.documented, finding: { code: codes.annotation, severity: 'warning', message: `@namespace ${namespace.text || '(empty)'} is not a namespace name; the tool is grouped by its module`, hint: 'write one name of letters, digits, _ or - (at most 64, not starting with a digit), e.g. `@namespace billing`' } })
  }
  const example = docs?.tags.find((tag) => tag.name === 'example' || tag.name === 'examples')
  if (example !== undefined) {
    problems.push({
      node: site.documented,
      finding: {
        code: codes.annotation,
        severity: 'warning',
        message: `@${example.name} on a tool is not carried into the catalog (a tool has no examples, only its parameters do)`,
        hint: "move it to the JSDoc of the parameter property it shows (`@example`), or write it into the tool's description",
      },
    })
  }
  return fields
}

/** A namespace name as OpenAI's Responses API takes it, like a tool name. */
const namespacePattern = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/

/** A tool's JSDoc: its comment, with a `@word` written mid-sentence kept as text (see `withTextTags`), and its tags. */
function toolDocs(comment: string | undefined, block: string): Docs {
  const { tags } = parseJsDoc(block.slice(3, -2))
  return withTextTags({ ...(comment ? { description: comment } : {}), tags, midLine: midLineTags(block) })
}

/** Each unknown or non-boolean annotation, located at its own member when the literal is written in place. */
function annotationProblems(reader: ModuleReader, valueNode: SyntaxNode, annotations: Record<string, unknown>): LocatedFinding[] {
  const literal = unwrapExpression(reader, valueNode)
  const members = literal.kind === reader.k.ObjectLiteralExpression ? (literal.properties ?? []) : []
  return Object.entries(annotations).flatMap(([key, value]) => {
    const finding = annotationProblem(key, value)
    if (finding === undefined) return []
    const member = members.find((candidate) => staticKey(reader, candidate) === key)
    return [{ node: member ?? valueNode, finding }]
  })
}

function isTextField(key: string): key is (typeof textFields)[number] {
  return (textFields as readonly string[]).includes(key)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function nonStatic(node: SyntaxNode, message: string): LocatedFinding {
  return { node, finding: { code: codes.nonStaticField, message, hint: 'write the value as a literal in the definition' } }
}
