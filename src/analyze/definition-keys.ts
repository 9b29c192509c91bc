import { nearestName } from '../nearest-name.js'
import { codes } from './codes.js'
import type { Finding } from './locate.js'

/** The descriptor fields whose value is a string literal. */
export const textFields = ['name', 'title', 'description', 'summary'] as const

/** The fields of a `defineTool` descriptor (`ToolDescriptor`), the only keys the build reads. */
export const definitionKeys = [...textFields, 'annotations', 'execute'] as const

/** The annotations a tool may state (`ToolAnnotations`). */
export const annotationNames = ['pure', 'untrusted', 'consequential'] as const

/**
 * A descriptor key the build does not know. TypeScript refuses it too, but nothing type-checks a
 * tool on the way to a bundle, and a misplaced `consequential: true` would let a tool run unconfirmed.
 */
export function unknownDefinitionKey(key: string): Finding {
  if ((annotationNames as readonly string[]).includes(key)) {
    return unknown(`\`${key}\` is an annotation; as a field of the definition it has no effect`, `write it inside annotations: \`annotations: { ${key}: true }\``)
  }
  const meant = nearestName(key, definitionKeys)
  return unknown(`unknown field \`${key}\` in defineTool${meant === undefined ? '' : `: did you mean \`${meant}\`?`}`, `the fields are ${definitionKeys.join(', ')}`)
}

/** What is wrong with one entry of `annotations`, if anything. */
export function annotationProblem(key: string, value: unknown): Finding | undefined {
  if (!(annotationNames as readonly string[]).includes(key)) {
    const meant = nearestName(key, annotationNames)
    return unknown(`unknown annotation \`${key}\`${meant === undefined ? '' : `: did you mean \`${meant}\`?`}`, `the annotations are ${annotationNames.join(', ')}`)
  }
  if (typeof value !== 'boolean') return unknown(`annotation \`${key}\` must be true or false`, `write \`${key}: true\``)
  return undefined
}

function unknown(message: string, hint: string): Finding {
  return { code: codes.unknownField, message, hint }
}
