import { Node, type Type, type TypeNode } from 'ts-morph'

/** JSDoc tags by name, each with the texts of its occurrences (`@example` may be written several times). */
export type Tags = Readonly<Record<string, readonly string[]>>

/** A type node as written, with the nodes its enclosing generic aliases' parameters were given. */
export interface Written {
  readonly node: TypeNode
  readonly scope: ReadonlyMap<string, Written>
}

const noScope: ReadonlyMap<string, Written> = new Map()
const MAX_STEPS = 32
/** `Format: date-time`, the line openapi-typescript writes before a description. */
const GENERATOR_LINE = /^Format:\s*(\S+)\s*$/

/** A written node with no alias around it. */
export function written(node: TypeNode | undefined): Written | undefined {
  return node === undefined ? undefined : { node, scope: noScope }
}

/** The last text of a tag, or undefined when it is not written. */
export function tag(tags: Tags, name: string): string | undefined {
  return tags[name]?.at(-1)
}

/**
 * Layers of tags, farthest first: a nearer layer's tag replaces a farther one's, as a property's
 * own JSDoc wins over its alias's. `@example` and `@examples` are one keyword.
 */
export function mergeTags(...layers: Tags[]): Tags {
  const merged: Record<string, readonly string[]> = {}
  for (const layer of layers) {
    if (layer['example'] !== undefined || layer['examples'] !== undefined) {
      delete merged['example']
      delete merged['examples']
    }
    Object.assign(merged, layer)
  }
  return merged
}

/**
 * The JSDoc tags written just before a declaration, read from the source text between the previous
 * token and the declaration (so a comment on the line of a `{` or `;` counts too). A leading
 * `Format: x` line of the free text is `@format x` unless the block says `@format` itself.
 */
export function declarationTags(node: Node): Tags {
  const tags: Record<string, string[]> = {}
  const trivia = node.getSourceFile().getFullText().slice(node.getPos(), node.getStart())
  for (const [, comment] of trivia.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const body = (comment as string)
      .split('\n')
      .map((line) => line.replace(/^\s*\*?\s?/, ''))
      .join('\n')
    const [free = '', ...rest] = body.split(/(?:^|\s)@(?=[a-zA-Z])/)
    const format = free.trim().split('\n')[0]?.trim().match(GENERATOR_LINE)?.[1]
    if (format !== undefined) (tags['format'] ??= []).push(format)
    for (const text of rest) {
      const [, name = '', value = ''] = /^(\w+)\s*([\s\S]*)$/.exec(text) ?? []
      if (name === 'format') delete tags['format']
      ;(tags[name] ??= []).push(value.trim())
    }
  }
  return tags
}

/**
 * Follows a written node to what it finally writes, collecting the JSDoc of every declaration it
 * names on the way: type aliases (through imports, a generic alias's parameters bound to the
 * arguments written at the reference, or their defaults), properties named by an indexed access with
 * a literal key (`components["schemas"]["Pet"]`), and the interface, class or enum it ends at. Stops
 * at the default lib's aliases (`Partial`), whose JSDoc describes the helper, not the data.
 */
export function follow(start: Written | undefined, isLib: (node: Node) => boolean): { tags: Tags; end: Written | undefined } {
  const layers: Tags[] = []
  let current = start
  for (let step = 0; current !== undefined && step < MAX_STEPS; step++) {
    const node = unwrap(current.node)
    const bound = parameter(node, current.scope)
    if (bound !== undefined) {
      current = bound
      continue
    }
    if (Node.isIndexedAccessTypeNode(node)) {
      const declaration = indexedProperty(node)
      if (declaration === undefined) break
      layers.push(declarationTags(declaration))
      current = written(declaredTypeNode(declaration))
      continue
    }
    if (!Node.isTypeReference(node)) break
    const symbol = node.getTypeName().getSymbol()
    const declaration = (symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol)?.getDeclarations()[0]
    if (declaration === undefined || isLib(declaration)) break
    if (Node.isInterfaceDeclaration(declaration) || Node.isClassDeclaration(declaration) || Node.isEnumDeclaration(declaration)) {
      layers.push(declarationTags(declaration))
      break
    }
    const body = Node.isTypeAliasDeclaration(declaration) ? declaration.getTypeNode() : undefined
    if (!Node.isTypeAliasDeclaration(declaration) || body === undefined) break
    layers.push(declarationTags(declaration))
    const args = node.getTypeArguments()
    const scope = new Map<string, Written>()
    declaration.getTypeParameters().forEach((parameter, index) => {
      const arg = args[index]
      const fallback = parameter.getDefault()
      if (arg !== undefined) scope.set(parameter.getName(), { node: arg, scope: current?.scope ?? noScope })
      else if (fallback !== undefined) scope.set(parameter.getName(), { node: fallback, scope: noScope })
    })
    current = { node: body, scope }
  }
  return { tags: mergeTags(...layers.reverse()), end: current === undefined ? undefined : { node: unwrap(current.node), scope: current.scope } }
}

/** The JSDoc of the type's own alias, interface, class or enum, when a user declares it (also where no written node names it, as in a mapped type). */
export function typeTags(type: Type, isLib: (node: Node) => boolean): Tags {
  const declaration = (type.getAliasSymbol() ?? (type.getTargetType() ?? type).getSymbol())?.getDeclarations()[0]
  if (declaration === undefined || isLib(declaration)) return {}
  const named = Node.isTypeAliasDeclaration(declaration) || Node.isInterfaceDeclaration(declaration) || Node.isClassDeclaration(declaration) || Node.isEnumDeclaration(declaration)
  return named ? declarationTags(declaration) : {}
}

/** The written element of an array node (`T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>`). */
export function writtenElement(at: Written | undefined): Written | undefined {
  if (at === undefined) return undefined
  let node = unwrap(at.node)
  if (Node.isTypeOperatorTypeNode(node)) node = unwrap(node.getTypeNode())
  if (Node.isArrayTypeNode(node)) return { node: node.getElementTypeNode(), scope: at.scope }
  if (Node.isTypeReference(node) && ['Array', 'ReadonlyArray'].includes(node.getTypeName().getText()) && node.getTypeArguments().length === 1) {
    return { node: node.getTypeArguments()[0] as TypeNode, scope: at.scope }
  }
  return undefined
}

/** The written members of a union node, each bound through the scope to what it names. */
export function writtenMembers(at: Written | undefined): Written[] | undefined {
  if (at === undefined) return undefined
  const node = unwrap(at.node)
  if (!Node.isUnionTypeNode(node)) return undefined
  return node.getTypeNodes().map((member) => parameter(unwrap(member), at.scope) ?? { node: member, scope: at.scope })
}

/** The type a written node stands for, with its scope's parameters bound (undefined when it still names a parameter of a generic alias). */
export function writtenType(at: Written): Type | undefined {
  const bound = parameter(unwrap(at.node), at.scope)
  if (bound !== undefined) return writtenType(bound)
  const type = at.node.getType()
  return type.isTypeParameter() ? undefined : type
}

/** The type node a property, field or parameter declaration writes. */
export function declaredTypeNode(declaration: Node | undefined): TypeNode | undefined {
  if (Node.isPropertySignature(declaration) || Node.isPropertyDeclaration(declaration) || Node.isParameterDeclaration(declaration)) return declaration.getTypeNode()
  return undefined
}

function unwrap(node: TypeNode): TypeNode {
  return Node.isParenthesizedTypeNode(node) ? unwrap(node.getTypeNode()) : node
}

function parameter(node: TypeNode, scope: ReadonlyMap<string, Written>): Written | undefined {
  if (scope.size === 0 || !Node.isTypeReference(node) || node.getTypeArguments().length > 0) return undefined
  return scope.get(node.getTypeName().getText())
}

function indexedProperty(node: Node & { getObjectTypeNode(): TypeNode; getIndexTypeNode(): TypeNode }): Node | undefined {
  const index = node.getIndexTypeNode()
  if (!Node.isLiteralTypeNode(index)) return undefined
  const literal = index.getLiteral()
  if (!Node.isStringLiteral(literal) && !Node.isNumericLiteral(literal)) return undefined
  return node.getObjectTypeNode().getType().getProperty(String(literal.getLiteralValue()))?.getDeclarations()[0]
}
