import { Node, ts, type Symbol as MorphSymbol, type Type, type TypeNode } from 'ts-morph'
import { filteringAliases, modifierAliases, renameParts, type RenameNode } from './written-rules.js'
import type { WrittenMapping } from './view.js'

/**
 * Reading the type nodes a type was written as (ts-morph side of `TypeView.origin`,
 * `writtenMembers` and `writtenDocs`): only syntax and symbol resolution, no type printing.
 */

const maxSteps = 32

/** The node inside parentheses (and a `readonly` operator when asked), as many times as written. */
export function unwrap(node: TypeNode, readonlyToo = false): TypeNode {
  let current = node
  for (;;) {
    if (Node.isParenthesizedTypeNode(current)) current = current.getTypeNode()
    else if (readonlyToo && Node.isTypeOperatorTypeNode(current) && current.getOperator() === ts.SyntaxKind.ReadonlyKeyword) current = current.getTypeNode()
    else return current
  }
}

/** The symbol a type reference names, through imports and re-exports. */
export function referencedSymbol(node: TypeNode): MorphSymbol | undefined {
  if (!Node.isTypeReference(node)) return undefined
  const symbol = node.getTypeName().getSymbol()
  return symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol
}

/** The type alias declaration a symbol names, if it is one. */
function aliasDeclaration(symbol: MorphSymbol | undefined) {
  return symbol?.getDeclarations().find(Node.isTypeAliasDeclaration)
}

/**
 * The union type node a written node stands for: through parentheses, references to type aliases
 * (a generic alias's parameters replaced by the reference's type arguments) and indexed accesses
 * with a literal key (to the property's declared type). Members that name an alias parameter come
 * back as the argument node written at the reference.
 */
export function writtenUnion(start: TypeNode): TypeNode[] | undefined {
  let node: TypeNode = start
  let parameters = new Map<string, TypeNode>()
  for (let step = 0; step < maxSteps; step++) {
    node = substitute(unwrap(node), parameters)
    if (Node.isUnionTypeNode(node)) return node.getTypeNodes().map((member) => substitute(unwrap(member), parameters))
    if (Node.isIndexedAccessTypeNode(node)) {
      const declared = declaredTypeNode(indexedProperty(node)?.getDeclarations()[0])
      if (!declared) return undefined
      node = declared
      parameters = new Map()
      continue
    }
    const declaration = aliasDeclaration(referencedSymbol(node))
    const body = declaration?.getTypeNode()
    if (!declaration || !body || !Node.isTypeReference(node)) return undefined
    const args = node.getTypeArguments().map((arg) => substitute(arg, parameters))
    parameters = new Map(declaration.getTypeParameters().flatMap((parameter, index) => {
      const arg = args[index] ?? parameter.getDefault()
      return arg ? [[parameter.getName(), arg] as const] : []
    }))
    node = body
  }
  return undefined
}

/** A reference to an alias type parameter, replaced by the node written for it. */
function substitute(node: TypeNode, parameters: ReadonlyMap<string, TypeNode>): TypeNode {
  if (parameters.size === 0 || !Node.isTypeReference(node) || node.getTypeArguments().length > 0) return node
  return parameters.get(node.getTypeName().getText()) ?? node
}

/**
 * The declarations a written node names that a checker type loses, nearest first: aliases named by
 * reference (continuing with their declared type) and properties named by an indexed access with a
 * literal key (continuing with the property's declared type). Stops at `ownAlias` and at the
 * default lib's aliases (`Partial`, `NonNullable`), whose JSDoc describes the helper, not the data.
 */
export function namedDeclarations(start: TypeNode, ownAlias: MorphSymbol | undefined, isLib: (symbol: MorphSymbol) => boolean): MorphSymbol[] {
  const found: MorphSymbol[] = []
  let node: TypeNode | undefined = start
  for (let step = 0; node !== undefined && step < maxSteps; step++) {
    node = unwrap(node)
    if (Node.isIndexedAccessTypeNode(node)) {
      const property = indexedProperty(node)
      if (!property) break
      found.push(property)
      node = declaredTypeNode(property.getDeclarations()[0])
      continue
    }
    const symbol = referencedSymbol(node)
    const declaration = aliasDeclaration(symbol)
    if (symbol && isLib(symbol) && filteringAliases.has(symbol.getName()) && Node.isTypeReference(node)) {
      node = node.getTypeArguments()[0]
      continue
    }
    if (!symbol || !declaration || symbol.compilerSymbol === ownAlias?.compilerSymbol || isLib(symbol)) break
    found.push(symbol)
    node = declaration.getTypeNode()
  }
  return found
}

/** The property `T["key"]` names, when the key is a string or number literal. */
function indexedProperty(node: Node & { getObjectTypeNode(): TypeNode; getIndexTypeNode(): TypeNode }): MorphSymbol | undefined {
  const index = node.getIndexTypeNode()
  if (!Node.isLiteralTypeNode(index)) return undefined
  const literal = index.getLiteral()
  if (!Node.isStringLiteral(literal) && !Node.isNumericLiteral(literal)) return undefined
  return node.getObjectTypeNode().getType().getProperty(literal.getLiteralValue().toString())
}

/** The type node a property, parameter or variable declaration writes, if any. */
export function declaredTypeNode(declaration: Node | undefined): TypeNode | undefined {
  if (declaration === undefined) return undefined
  if (Node.isPropertySignature(declaration) || Node.isPropertyDeclaration(declaration) || Node.isParameterDeclaration(declaration)) {
    return declaration.getTypeNode()
  }
  return undefined
}

/**
 * For a property of an object literal, which writes no type (an output `{ units, role: args.role }`),
 * the type node written where the value it names is declared (see `valueTypeNode`).
 */
export function literalMemberTypeNode(declaration: Node | undefined): TypeNode | undefined {
  if (declaration !== undefined && Node.isPropertyAssignment(declaration)) return valueTypeNode(declaration.getInitializer())
  if (declaration !== undefined && Node.isShorthandPropertyAssignment(declaration)) return valueDeclarationTypeNode(declaration.getValueSymbol()?.getDeclarations()[0])
  return undefined
}

/** The type node written where the value an identifier or property access names is declared (one step, never through initialisers). */
function valueTypeNode(expression: Node | undefined): TypeNode | undefined {
  let inner = expression
  while (inner && Node.isParenthesizedExpression(inner)) inner = inner.getExpression()
  const named = inner && Node.isPropertyAccessExpression(inner) ? inner.getNameNode() : inner
  if (!named || !Node.isIdentifier(named)) return undefined
  return valueDeclarationTypeNode(named.getSymbol()?.getDeclarations()[0])
}

/** The type node of a value's declaration: its own, or for a destructured binding the member of the type literal it is taken from. */
function valueDeclarationTypeNode(declaration: Node | undefined): TypeNode | undefined {
  if (declaration === undefined) return undefined
  if (Node.isVariableDeclaration(declaration) || Node.isParameterDeclaration(declaration) || Node.isPropertySignature(declaration) || Node.isPropertyDeclaration(declaration)) {
    return declaration.getTypeNode()
  }
  if (!Node.isBindingElement(declaration)) return undefined
  const holder = declaration.getParent().getParent()
  const written = (Node.isParameterDeclaration(holder) || Node.isVariableDeclaration(holder)) && holder.getTypeNode()
  const key = (declaration.getPropertyNameNode() ?? declaration.getNameNode()).getText()
  const member = written && Node.isTypeLiteral(written) ? written.getProperty(key) : undefined
  return member?.getTypeNode()
}

/** The element node of a written array (`T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>`). */
export function writtenElement(node: TypeNode): TypeNode | undefined {
  const array = unwrap(node, true)
  if (Node.isArrayTypeNode(array)) return array.getElementTypeNode()
  if (Node.isTypeReference(array) && array.getTypeArguments().length === 1) return array.getTypeArguments()[0]
  return undefined
}

/** The first type argument of a written generic reference (`Promise<T>`, `AsyncGenerator<T, void>`): where an awaited or streamed type is written. */
export function writtenFirstArgument(node: TypeNode): TypeNode | undefined {
  const reference = unwrap(node)
  return Node.isTypeReference(reference) ? reference.getTypeArguments()[0] : undefined
}

/** The element nodes of a written tuple, rest elements given as their element node. */
export function writtenTupleElements(node: TypeNode): (TypeNode | undefined)[] | undefined {
  const tuple = unwrap(node, true)
  if (!Node.isTupleTypeNode(tuple)) return undefined
  return tuple.getElements().map((element) => {
    let inner: TypeNode = Node.isNamedTupleMember(element) ? element.getTypeNode() : element
    const rest = Node.isRestTypeNode(inner) || (Node.isNamedTupleMember(element) && element.getDotDotDotToken() !== undefined)
    if (Node.isRestTypeNode(inner)) inner = inner.getTypeNode()
    if (Node.isOptionalTypeNode(inner)) inner = inner.getTypeNode()
    return rest ? writtenElement(inner) : inner
  })
}

/** Whether a written node's type is `type`, or `type` less the `undefined` an optional member adds. */
export function writes(node: TypeNode, type: Type): boolean {
  const written = node.getType()
  if (written.compilerType === type.compilerType) return true
  const members = (t: Type) => new Set((t.isUnion() ? t.getUnionTypes() : [t]).filter((m) => !m.isUndefined()).map((m) => m.compilerType))
  const [a, b] = [members(written), members(type)]
  return a.size === b.size && [...a].every((member) => b.has(member))
}

/**
 * The operand of the `keyof T` or `T[number]` a written node stands for (see
 * `TypeView.writtenDerivation`), through parentheses and references to non-generic aliases.
 */
export function writtenDerivation(start: TypeNode): { operator: 'keyof' | 'element'; of: TypeNode } | undefined {
  let node: TypeNode | undefined = start
  for (let step = 0; node !== undefined && step < maxSteps; step++) {
    node = unwrap(node)
    if (Node.isTypeOperatorTypeNode(node)) return node.getOperator() === ts.SyntaxKind.KeyOfKeyword ? { operator: 'keyof', of: node.getTypeNode() } : undefined
    if (Node.isIndexedAccessTypeNode(node)) {
      return node.getIndexTypeNode().getKind() === ts.SyntaxKind.NumberKeyword ? { operator: 'element', of: node.getObjectTypeNode() } : undefined
    }
    if (!Node.isTypeReference(node) || node.getTypeArguments().length > 0) return undefined
    node = aliasDeclaration(referencedSymbol(node))?.getTypeNode()
  }
  return undefined
}

/** The labels of a written tuple (`[lat: number, lng: number]`), through references to non-generic aliases; undefined for an unlabelled one. */
export function writtenTupleLabels(start: TypeNode): (string | undefined)[] | undefined {
  let node: TypeNode | undefined = start
  for (let step = 0; node !== undefined && step < maxSteps; step++) {
    node = unwrap(node, true)
    if (Node.isTupleTypeNode(node)) {
      const elements = node.getElements()
      return elements.some(Node.isNamedTupleMember) ? elements.map((element) => (Node.isNamedTupleMember(element) ? element.getName() : undefined)) : undefined
    }
    if (!Node.isTypeReference(node) || node.getTypeArguments().length > 0) return undefined
    node = aliasDeclaration(referencedSymbol(node))?.getTypeNode()
  }
  return undefined
}

/**
 * The mapped type a written node stands for (see `WrittenMapping`), through parentheses, the
 * default lib's `Partial`, `Required` and `Readonly`, and references to user aliases (a generic
 * alias's parameters replaced by the reference's type arguments): the checker's members lose both
 * the order their keys are written in and the node their value is written as (an alias of
 * `number` reads as `number`, a union's members come sorted).
 */
export function writtenMapping(start: TypeNode, isLib: (symbol: MorphSymbol) => boolean): WrittenMapping<TypeNode> | undefined {
  let node = start
  let parameters = new Map<string, TypeNode>()
  for (let step = 0; step < maxSteps; step++) {
    node = substitute(unwrap(node), parameters)
    if (Node.isMappedTypeNode(node)) {
      const parameter = node.getTypeParameter()
      const name = node.getNameTypeNode()
      const rename = name && renameParts(name.compilerNode as unknown as RenameNode, parameter.getName(), ts.SyntaxKind)
      const keys = name === undefined || rename !== undefined ? parameter.getConstraint() : undefined
      const value = node.getTypeNode()
      const operand = keys && Node.isTypeOperatorTypeNode(unwrap(keys)) ? unwrap(keys) : undefined
      const keysOf = operand && Node.isTypeOperatorTypeNode(operand) && operand.getOperator() === ts.SyntaxKind.KeyOfKeyword ? substitute(unwrap(operand.getTypeNode()), parameters) : undefined
      return { ...(keys && { keys: substitute(unwrap(keys), parameters) }), ...(keysOf && { keysOf }), ...(rename && { rename }), ...(value && { value: substitute(unwrap(value), parameters) }) }
    }
    const symbol = referencedSymbol(node)
    if (!Node.isTypeReference(node) || !symbol) return undefined
    const args = node.getTypeArguments().map((arg) => substitute(unwrap(arg), parameters))
    if (isLib(symbol)) {
      const [first, second] = args
      if (symbol.getName() === 'Record' && first && second) return { keys: first, value: second }
      if (symbol.getName() === 'Pick' && second) return { keys: second }
      if (!modifierAliases.has(symbol.getName()) || first === undefined) return undefined
      node = first
      continue
    }
    const declaration = aliasDeclaration(symbol)
    const body = declaration?.getTypeNode()
    if (!declaration || !body) return undefined
    parameters = new Map(declaration.getTypeParameters().flatMap((parameter, index) => {
      const arg = args[index] ?? parameter.getDefault()
      return arg ? [[parameter.getName(), arg] as const] : []
    }))
    node = body
  }
  return undefined
}

/**
 * The type argument written at `owner` for a member declared as its holder's type parameter:
 * `Box<Alias>`'s `v: X` (in `interface Box<X> { v: X }`, or a generic class's field) is written
 * `Alias`, whose JSDoc the checker's member type (`number`) loses.
 */
export function writtenTypeArgument(declared: TypeNode, member: Node, owner: TypeNode): TypeNode | undefined {
  if (!Node.isTypeReference(declared) || declared.getTypeArguments().length > 0) return undefined
  const holder = member.getParent()
  const parameters = holder && (Node.isInterfaceDeclaration(holder) || Node.isClassDeclaration(holder)) ? holder.getTypeParameters() : []
  const name = declared.getTypeName().getText()
  const index = parameters.findIndex((parameter) => parameter.getName() === name)
  const reference = unwrap(owner)
  if (index < 0 || !Node.isTypeReference(reference)) return undefined
  const declares = referencedSymbol(reference)?.getDeclarations().some((candidate) => candidate === holder) ?? false
  return declares ? reference.getTypeArguments()[index] : undefined
}
