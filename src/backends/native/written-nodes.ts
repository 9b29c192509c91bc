import type { Node } from 'typescript/unstable/ast'
import type { Symbol as NativeSymbol, Type } from 'typescript/unstable/sync'
import { filteringAliases, modifierAliases, renameParts, type RenameNode } from '../../schema/written-rules.js'
import type { WrittenMapping } from '../../schema/view.js'
import type { NativeModules } from './load.js'

/**
 * Reading the type nodes a type was written as, on the native checker (the counterpart of
 * `src/schema/written-nodes.ts`, with the same rules): syntax from the fetched trees, symbols and
 * types of nodes from the checker, each answer cached.
 */

const maxSteps = 32

/** A type node of the native AST, with the members these readers look at. */
export interface TypeNodeLike extends Node {
  readonly type?: TypeNodeLike
  readonly types?: readonly TypeNodeLike[]
  readonly typeName?: Node
  readonly typeArguments?: readonly TypeNodeLike[]
  readonly operator?: number
  readonly objectType?: TypeNodeLike
  readonly indexType?: TypeNodeLike
  readonly literal?: Node & { readonly text?: string }
  readonly elementType?: TypeNodeLike
  readonly elements?: readonly TypeNodeLike[]
  readonly dotDotDotToken?: Node
  readonly typeParameter?: Node & { readonly name: Node & { readonly text: string }; readonly constraint?: TypeNodeLike }
  readonly nameType?: TypeNodeLike
}

/** What the readers ask of the checker. */
export interface WrittenContext {
  readonly kinds: NativeModules['ast']['SyntaxKind']
  /** The symbol a type reference's name resolves to, through imports. */
  referencedSymbol(reference: TypeNodeLike): NativeSymbol | undefined
  /** The declarations of a symbol that are syntax nodes here. */
  declarationsOf(symbol: NativeSymbol): Node[]
  /** Whether a symbol is one of the default lib's helper aliases whose declared type is never a union (`Record`, `Partial`…). */
  isLibHelper(symbol: NativeSymbol): boolean
  /** The type of a property of the type a node denotes, by name. */
  propertyOfTypeAt(node: TypeNodeLike, name: string): NativeSymbol | undefined
  /** The symbol an identifier of an expression names. */
  symbolAt(node: Node): NativeSymbol | undefined
  /** The value a shorthand property (`{ units }`) names. */
  shorthandValueSymbol(node: Node): NativeSymbol | undefined
}

/** The node inside parentheses (and a `readonly` operator when asked), as many times as written. */
export function unwrap(context: WrittenContext, node: TypeNodeLike, readonlyToo = false): TypeNodeLike {
  const k = context.kinds
  let current = node
  for (;;) {
    if (current.kind === k.ParenthesizedType && current.type) current = current.type
    else if (readonlyToo && current.kind === k.TypeOperator && current.operator === k.ReadonlyKeyword && current.type) current = current.type
    else return current
  }
}

function aliasDeclaration(context: WrittenContext, symbol: NativeSymbol | undefined): (TypeNodeLike & { typeParameters?: readonly (Node & { name: Node & { text: string }; defaultType?: TypeNodeLike })[] }) | undefined {
  if (symbol === undefined) return undefined
  return context.declarationsOf(symbol).find((declaration) => declaration.kind === context.kinds.TypeAliasDeclaration) as never
}

/** The union member nodes a written node stands for (see `TypeView.writtenMembers`). */
export function writtenUnion(context: WrittenContext, start: TypeNodeLike): TypeNodeLike[] | undefined {
  const k = context.kinds
  let node: TypeNodeLike = start
  let parameters = new Map<string, TypeNodeLike>()
  for (let step = 0; step < maxSteps; step++) {
    node = substitute(context, unwrap(context, node), parameters)
    if (node.kind === k.UnionType) return (node.types ?? []).map((member) => substitute(context, unwrap(context, member), parameters))
    if (node.kind === k.IndexedAccessType) {
      const declared = declaredTypeNode(context, indexedDeclaration(context, node))
      if (!declared) return undefined
      node = declared
      parameters = new Map()
      continue
    }
    if (node.kind !== k.TypeReference) return undefined
    const symbol = context.referencedSymbol(node)
    if (symbol !== undefined && context.isLibHelper(symbol)) return undefined
    const declaration = aliasDeclaration(context, symbol)
    const body = declaration?.type
    if (!declaration || !body) return undefined
    const args = (node.typeArguments ?? []).map((arg) => substitute(context, arg, parameters))
    parameters = new Map(
      (declaration.typeParameters ?? []).flatMap((parameter, index) => {
        const arg = args[index] ?? parameter.defaultType
        return arg ? [[parameter.name.text, arg] as const] : []
      }),
    )
    node = body
  }
  return undefined
}

/** A reference to an alias type parameter, replaced by the node written for it. */
function substitute(context: WrittenContext, node: TypeNodeLike, parameters: ReadonlyMap<string, TypeNodeLike>): TypeNodeLike {
  if (parameters.size === 0 || node.kind !== context.kinds.TypeReference || (node.typeArguments?.length ?? 0) > 0 || !node.typeName) return node
  return parameters.get(node.typeName.getText()) ?? node
}

/**
 * The declarations a written node names that a checker type loses, nearest first (see
 * `TypeView.writtenDocs`): aliases named by reference and properties named by an indexed access
 * with a literal key; stops at `ownAlias` and at the default lib's aliases.
 */
export function namedDeclarations(context: WrittenContext, start: TypeNodeLike, ownAlias: NativeSymbol | undefined, isLib: (symbol: NativeSymbol) => boolean): NativeSymbol[] {
  const k = context.kinds
  const found: NativeSymbol[] = []
  let node: TypeNodeLike | undefined = start
  for (let step = 0; node !== undefined && step < maxSteps; step++) {
    node = unwrap(context, node)
    if (node.kind === k.IndexedAccessType) {
      const property = indexedProperty(context, node)
      if (!property) break
      found.push(property)
      node = declaredTypeNode(context, context.declarationsOf(property)[0])
      continue
    }
    if (node.kind !== k.TypeReference) break
    const symbol = context.referencedSymbol(node)
    const declaration = aliasDeclaration(context, symbol)
    if (symbol && isLib(symbol) && filteringAliases.has(symbol.name)) {
      node = node.typeArguments?.[0]
      continue
    }
    if (!symbol || !declaration || symbol.id === ownAlias?.id || isLib(symbol)) break
    found.push(symbol)
    node = declaration.type
  }
  return found
}

/** The property `T["key"]` names, when the key is a string or number literal. */
function indexedProperty(context: WrittenContext, node: TypeNodeLike): NativeSymbol | undefined {
  const k = context.kinds
  const index = node.indexType
  const literal = index?.kind === k.LiteralType ? index.literal : undefined
  if (!literal || !node.objectType || (literal.kind !== k.StringLiteral && literal.kind !== k.NumericLiteral)) return undefined
  const key = literal.kind === k.NumericLiteral ? String(Number(literal.text)) : (literal.text ?? '')
  return context.propertyOfTypeAt(node.objectType, key)
}

function indexedDeclaration(context: WrittenContext, node: TypeNodeLike): Node | undefined {
  const property = indexedProperty(context, node)
  return property && context.declarationsOf(property)[0]
}

/** The type node a property, parameter or variable declaration writes, if any. */
export function declaredTypeNode(context: WrittenContext, declaration: Node | undefined): TypeNodeLike | undefined {
  const k = context.kinds
  if (declaration === undefined) return undefined
  if (declaration.kind === k.PropertySignature || declaration.kind === k.PropertyDeclaration || declaration.kind === k.Parameter) {
    return (declaration as TypeNodeLike).type
  }
  return undefined
}

/**
 * For a property of an object literal, which writes no type (an output `{ units, role: args.role }`),
 * the type node written where the value it names is declared (see `valueTypeNode`): one request
 * for the symbol the value names.
 */
export function literalMemberTypeNode(context: WrittenContext, declaration: Node | undefined): TypeNodeLike | undefined {
  const k = context.kinds
  if (declaration?.kind === k.PropertyAssignment) return valueTypeNode(context, (declaration as ValueNode).initializer)
  if (declaration?.kind === k.ShorthandPropertyAssignment) return valueDeclarationTypeNode(context, declarationOf(context, context.shorthandValueSymbol(declaration)))
  return undefined
}

/** A node of the value side with the members `valueTypeNode` reads. */
type ValueNode = Node & { readonly initializer?: ValueNode; readonly expression?: ValueNode; readonly name?: ValueNode; readonly propertyName?: ValueNode; readonly type?: TypeNodeLike; readonly members?: readonly ValueNode[] }

function declarationOf(context: WrittenContext, symbol: NativeSymbol | undefined): Node | undefined {
  return symbol && context.declarationsOf(symbol)[0]
}

/** The type node written where the value an identifier or property access names is declared (one step, never through initialisers). */
function valueTypeNode(context: WrittenContext, expression: ValueNode | undefined): TypeNodeLike | undefined {
  const k = context.kinds
  let inner = expression
  while (inner?.kind === k.ParenthesizedExpression) inner = inner.expression
  const named = inner?.kind === k.PropertyAccessExpression ? inner.name : inner
  if (named?.kind !== k.Identifier) return undefined
  return valueDeclarationTypeNode(context, declarationOf(context, context.symbolAt(named)))
}

/** The type node of a value's declaration: its own, or for a destructured binding the member of the type literal it is taken from. */
function valueDeclarationTypeNode(context: WrittenContext, declaration: ValueNode | undefined): TypeNodeLike | undefined {
  const k = context.kinds
  if (declaration === undefined) return undefined
  if ([k.VariableDeclaration, k.Parameter, k.PropertySignature, k.PropertyDeclaration].includes(declaration.kind)) return declaration.type
  if (declaration.kind !== k.BindingElement) return undefined
  const holder = declaration.parent?.parent as ValueNode | undefined
  const written = holder && (holder.kind === k.Parameter || holder.kind === k.VariableDeclaration) ? holder.type : undefined
  const key = (declaration.propertyName ?? declaration.name)?.getText()
  const member = written?.kind === k.TypeLiteral ? (written as ValueNode).members?.find((candidate) => candidate.kind === k.PropertySignature && candidate.name?.getText() === key) : undefined
  return member?.type
}

/** The element node of a written array (`T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>`). */
export function writtenElement(context: WrittenContext, node: TypeNodeLike): TypeNodeLike | undefined {
  const k = context.kinds
  const array = unwrap(context, node, true)
  if (array.kind === k.ArrayType) return array.elementType
  if (array.kind === k.TypeReference && array.typeArguments?.length === 1) return array.typeArguments[0]
  return undefined
}

/** The first type argument of a written generic reference (`Promise<T>`, `AsyncGenerator<T, void>`): where an awaited or streamed type is written. */
export function writtenFirstArgument(context: WrittenContext, node: TypeNodeLike): TypeNodeLike | undefined {
  const reference = unwrap(context, node)
  return reference.kind === context.kinds.TypeReference ? reference.typeArguments?.[0] : undefined
}

/** The element nodes of a written tuple, rest elements given as their element node. */
export function writtenTupleElements(context: WrittenContext, node: TypeNodeLike): (TypeNodeLike | undefined)[] | undefined {
  const k = context.kinds
  const tuple = unwrap(context, node, true)
  if (tuple.kind !== k.TupleType) return undefined
  return (tuple.elements ?? []).map((element) => {
    const named = element.kind === k.NamedTupleMember
    let inner: TypeNodeLike | undefined = named ? element.type : element
    const rest = inner?.kind === k.RestType || (named && element.dotDotDotToken !== undefined)
    if (inner?.kind === k.RestType) inner = inner.type
    if (inner?.kind === k.OptionalType) inner = inner.type
    return rest ? inner && writtenElement(context, inner) : inner
  })
}

/** Whether a written node's type (`written`) is `type`, or `type` less the `undefined` an optional member adds. */
export function writesType(written: Type, type: Type, membersOf: (type: Type) => readonly Type[], isUndefined: (type: Type) => boolean): boolean {
  if (written === type) return true
  const members = (t: Type) => new Set((membersOf(t).length > 0 ? membersOf(t) : [t]).filter((member) => !isUndefined(member)))
  const [a, b] = [members(written), members(type)]
  return a.size === b.size && [...a].every((member) => b.has(member))
}

/**
 * The operand of the `keyof T` or `T[number]` a written node stands for (see
 * `TypeView.writtenDerivation`), through parentheses and references to non-generic aliases.
 */
export function writtenDerivation(context: WrittenContext, start: TypeNodeLike): { operator: 'keyof' | 'element'; of: TypeNodeLike } | undefined {
  const k = context.kinds
  let node: TypeNodeLike | undefined = start
  for (let step = 0; node !== undefined && step < maxSteps; step++) {
    node = unwrap(context, node)
    if (node.kind === k.TypeOperator) return node.operator === k.KeyOfKeyword && node.type ? { operator: 'keyof', of: node.type } : undefined
    if (node.kind === k.IndexedAccessType) {
      return node.indexType?.kind === k.NumberKeyword && node.objectType ? { operator: 'element', of: node.objectType } : undefined
    }
    if (node.kind !== k.TypeReference || (node.typeArguments?.length ?? 0) > 0) return undefined
    node = aliasDeclaration(context, context.referencedSymbol(node))?.type
  }
  return undefined
}

/** The labels of a written tuple (`[lat: number, lng: number]`), through references to non-generic aliases; undefined for an unlabelled one. */
export function writtenTupleLabels(context: WrittenContext, start: TypeNodeLike): (string | undefined)[] | undefined {
  const k = context.kinds
  let node: TypeNodeLike | undefined = start
  for (let step = 0; node !== undefined && step < maxSteps; step++) {
    node = unwrap(context, node, true)
    if (node.kind === k.TupleType) {
      const elements = node.elements ?? []
      const label = (element: TypeNodeLike) => (element.kind === k.NamedTupleMember ? (element as { name?: { text?: string } }).name?.text : undefined)
      return elements.some((element) => element.kind === k.NamedTupleMember) ? elements.map(label) : undefined
    }
    if (node.kind !== k.TypeReference || (node.typeArguments?.length ?? 0) > 0) return undefined
    node = aliasDeclaration(context, context.referencedSymbol(node))?.type
  }
  return undefined
}

/** The mapped type a written node stands for (see the ts-morph side's `writtenMapping`). */
export function writtenMapping(context: WrittenContext, start: TypeNodeLike, isLib: (symbol: NativeSymbol) => boolean): WrittenMapping<TypeNodeLike> | undefined {
  const k = context.kinds
  let node = start
  let parameters = new Map<string, TypeNodeLike>()
  const written = (at: TypeNodeLike) => substitute(context, unwrap(context, at), parameters)
  for (let step = 0; step < maxSteps; step++) {
    node = written(node)
    if (node.kind === k.MappedType) {
      const parameter = node.typeParameter?.name.text ?? ''
      const rename = node.nameType && renameParts(node.nameType as unknown as RenameNode, parameter, k)
      const keys = node.nameType === undefined || rename !== undefined ? node.typeParameter?.constraint : undefined
      const operand = keys && unwrap(context, keys)
      const keysOf = operand?.kind === k.TypeOperator && operand.operator === k.KeyOfKeyword && operand.type ? written(operand.type) : undefined
      return { ...(keys && { keys: written(keys) }), ...(keysOf && { keysOf }), ...(rename && { rename }), ...(node.type && { value: written(node.type) }) }
    }
    const symbol = node.kind === k.TypeReference ? context.referencedSymbol(node) : undefined
    if (!symbol) return undefined
    const args = (node.typeArguments ?? []).map(written)
    if (isLib(symbol)) {
      const [first, second] = args
      if (symbol.name === 'Record' && first && second) return { keys: first, value: second }
      if (symbol.name === 'Pick' && second) return { keys: second }
      if (!modifierAliases.has(symbol.name) || first === undefined) return undefined
      node = first
      continue
    }
    const declaration = aliasDeclaration(context, symbol)
    if (!declaration?.type) return undefined
    parameters = new Map(
      (declaration.typeParameters ?? []).flatMap((parameter, index) => {
        const arg = args[index] ?? parameter.defaultType
        return arg ? [[parameter.name.text, arg] as const] : []
      }),
    )
    node = declaration.type
  }
  return undefined
}

/**
 * The type argument written at `owner` for a member declared as its holder's type parameter
 * (`Box<Alias>`'s `v: X` is written `Alias`), see the ts-morph side's `writtenTypeArgument`.
 */
export function writtenTypeArgument(context: WrittenContext, declared: TypeNodeLike, member: Node, owner: TypeNodeLike): TypeNodeLike | undefined {
  const k = context.kinds
  if (declared.kind !== k.TypeReference || (declared.typeArguments?.length ?? 0) > 0 || declared.typeName === undefined) return undefined
  const holder = member.parent as (Node & { typeParameters?: readonly (Node & { name: Node })[] }) | undefined
  const name = declared.typeName.getText()
  const index = (holder?.typeParameters ?? []).findIndex((parameter) => parameter.name.getText() === name)
  const reference = unwrap(context, owner)
  if (holder === undefined || index < 0 || reference.kind !== k.TypeReference) return undefined
  const symbol = context.referencedSymbol(reference)
  const file = holder.getSourceFile().fileName
  const declares = symbol !== undefined && context.declarationsOf(symbol).some((candidate) => candidate.pos === holder.pos && candidate.end === holder.end && candidate.getSourceFile().fileName === file)
  return declares ? reference.typeArguments?.[index] : undefined
}
