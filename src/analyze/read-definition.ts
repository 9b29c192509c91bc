import { Node, ts, type Statement, type TypeNode } from 'ts-morph'
import { codes } from './codes.js'
import type { DefinitionSite } from './discover-tools.js'
import type { Finding } from './locate.js'
import { memberValue, readStaticValue, staticKey } from './static-value.js'

/** A problem with the node it points at. */
export interface LocatedFinding {
  readonly node: Node
  readonly finding: Finding
}

/** The fields of one `defineTool({...})` literal, read without evaluating it. */
export interface DefinitionFields {
  /** The `name` field and its node, when present and static. */
  readonly name?: { readonly value: string; readonly node: Node }
  readonly title?: string
  readonly description?: string
  readonly summary?: string
  readonly annotations?: Readonly<Record<string, unknown>>
  /** The `execute` member (a method, or the expression assigned to it). */
  readonly execute?: Node
  /** `defineTool<Args>(...)`: the declared argument type of a declaration-only tool. */
  readonly typeArgument?: TypeNode
  readonly problems: readonly LocatedFinding[]
}

const textFields = ['name', 'title', 'description', 'summary'] as const

/** Reads the static fields of a definition; anything not static is a problem, not a guess. */
export function readDefinition(site: DefinitionSite): DefinitionFields {
  const problems: LocatedFinding[] = []
  const fields: { -readonly [K in keyof DefinitionFields]: DefinitionFields[K] } = { problems }
  const typeArgument = site.call.getTypeArguments()[0]
  if (typeArgument) fields.typeArgument = typeArgument
  const descriptor = site.call.getArguments()[0]
  if (!Node.isObjectLiteralExpression(descriptor)) {
    problems.push(nonStatic(descriptor ?? site.call, 'the argument of defineTool must be an object literal'))
    return fields
  }
  for (const member of descriptor.getProperties()) {
    const key = staticKey(member)
    if (key === undefined) {
      problems.push(nonStatic(member, `\`${member.getText()}\` cannot be read without running the module`))
    } else if (key === 'execute') {
      fields.execute = Node.isMethodDeclaration(member) ? member : memberValue(member)
    } else if (key === 'annotations' || isTextField(key)) {
      const valueNode = memberValue(member) ?? member
      const read = readStaticValue(valueNode)
      if (!read.ok) problems.push(nonStatic(read.node, `\`${key}\` must be a literal; this value is only known by running the module`))
      else if (key === 'annotations') {
        if (isRecord(read.value)) fields.annotations = read.value
        else problems.push(nonStatic(valueNode, '`annotations` must be an object literal'))
      }
      else if (typeof read.value !== 'string') problems.push(nonStatic(valueNode, `\`${key}\` must be a string`))
      else if (key === 'name') fields.name = { value: read.value, node: valueNode }
      else fields[key] = read.value
    }
  }
  if (fields.description === undefined) {
    const documentation = jsDocText(site.documented)
    if (documentation) fields.description = documentation
  }
  return fields
}

function isTextField(key: string): key is (typeof textFields)[number] {
  return (textFields as readonly string[]).includes(key)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function nonStatic(node: Node, message: string): LocatedFinding {
  return { node, finding: { code: codes.nonStaticField, message, hint: 'write the value as a literal in the definition' } }
}

/** The comment text (tags excluded) of the JSDoc block directly before a statement. */
function jsDocText(statement: Statement): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(statement.compilerNode).filter(ts.isJSDoc)
  const last = docs[docs.length - 1]
  const text = last ? ts.getTextOfJSDocComment(last.comment)?.trim() : undefined
  return text || undefined
}
