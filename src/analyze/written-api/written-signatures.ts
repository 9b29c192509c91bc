/**
 * The parameter and result types of each tool's handler as its author wrote them: the type text of
 * the `execute` parameter (or of `defineTool<Args>`), of its declared return type, and the text of
 * every named type they reference — interfaces, type aliases, enums and data-only classes, from the
 * tool's module or a module it imports by a relative path — with their JSDoc. Read from the syntax
 * alone (TypeScript's parser, no checker), so both checker backends and a catalog's sources give
 * the same text. A type the syntax cannot carry on its own (a name imported from a package, an
 * aliased import, a `typeof` query, two declarations of one name) leaves that tool without written
 * types; the code export then rebuilds them from its schemas.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ts } from 'ts-morph'

/** A tool's handler signature as written: type texts, and the declarations they need, in order of first use. */
export interface WrittenSignature {
  /** The parameter's type text; absent when the handler takes no parameter. */
  readonly args?: string
  /** The return type's text, unwrapped from `Promise<…>`; absent when the return type is inferred. */
  readonly result?: string
  /** For a streaming handler, the chunk type's text (from `AsyncIterable<…>`, `AsyncGenerator<…>`, `AsyncIterableIterator<…>`). */
  readonly chunk?: string
  /** Each referenced named type's declaration, JSDoc kept, `export`/`default`/`declare` dropped, as it stands in a `.d.ts`. */
  readonly declarations: readonly WrittenDeclaration[]
}

/** One named type declaration copied from the sources. */
export interface WrittenDeclaration {
  readonly name: string
  readonly text: string
}

/** Where a tool is defined: the module path relative to `root` and the export name. */
export interface ToolSource {
  readonly name: string
  readonly source: { readonly module: string; readonly export: string; readonly package?: string }
}

/** Why a tool has no written signature (the export falls back to its schemas). */
class NotWritten extends Error {}

/** The written signature of each tool whose sources are under `root` and can be read on their own, by tool name. */
export function writtenSignatures(root: string, tools: readonly ToolSource[]): Map<string, WrittenSignature> {
  const files = new SourceFiles()
  const signatures = new Map<string, WrittenSignature>()
  for (const tool of tools) {
    if (tool.source.package !== undefined) continue
    try {
      const signature = signatureOf(files, path.resolve(root, tool.source.module), tool.source.export)
      if (signature !== undefined) signatures.set(tool.name, signature)
    } catch (error) {
      if (!(error instanceof NotWritten)) throw error
    }
  }
  return signatures
}

/** Parsed modules by absolute path, each parsed once. */
class SourceFiles {
  readonly #files = new Map<string, ts.SourceFile | undefined>()

  get(file: string): ts.SourceFile | undefined {
    if (!this.#files.has(file)) {
      const text = existsSync(file) ? readFileSync(file, 'utf8') : undefined
      this.#files.set(file, text === undefined ? undefined : ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kindOf(file)))
    }
    return this.#files.get(file)
  }

  /** The module a relative specifier names from `from`, trying TypeScript's extension substitutions. */
  resolve(from: string, specifier: string): ts.SourceFile | undefined {
    const base = path.resolve(path.dirname(from), specifier)
    const stem = base.replace(/\.([cm]?)js$/, '.$1ts')
    const candidates = [stem, base, `${base}.ts`, `${base}.tsx`, `${base}.d.ts`, path.join(base, 'index.ts'), base.replace(/\.jsx$/, '.tsx')]
    for (const candidate of candidates) {
      const file = this.get(candidate)
      if (file !== undefined) return file
    }
    return undefined
  }
}

function kindOf(file: string): ts.ScriptKind {
  return file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
}

function signatureOf(files: SourceFiles, file: string, exportName: string): WrittenSignature | undefined {
  const module = files.get(file)
  if (module === undefined) return undefined
  const call = definitionCall(module, exportName)
  if (call === undefined) return undefined
  const handler = handlerOf(call)
  const argsNode = call.typeArguments?.[0] ?? handler?.parameters[0]?.type
  if (argsNode === undefined && handler !== undefined && handler.parameters.length > 0) throw new NotWritten()
  const collector = new DeclarationCollector(files)
  const args = argsNode && collector.typeText(argsNode)
  const returned = handler?.type && unwrapReturn(handler.type)
  const result = returned?.kind === 'result' ? collector.typeText(returned.node) : undefined
  const chunk = returned?.kind === 'chunk' ? collector.typeText(returned.node) : undefined
  return { ...(args !== undefined && { args }), ...(result !== undefined && { result }), ...(chunk !== undefined && { chunk }), declarations: collector.declarations }
}

/** The `defineTool(…)` call an export names (`export const x = defineTool(…)`, `export default defineTool(…)`, `export { x as y }`). */
function definitionCall(module: ts.SourceFile, exportName: string): ts.CallExpression | undefined {
  const locals = new Map<string, ts.Expression>()
  for (const statement of module.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) locals.set(declaration.name.text, declaration.initializer)
      }
    }
  }
  for (const statement of module.statements) {
    if (exportName === 'default' && ts.isExportAssignment(statement) && !statement.isExportEquals) return callIn(statement.expression, locals)
    if (ts.isVariableStatement(statement) && hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      const found = statement.declarationList.declarations.find((declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === exportName)
      if (found?.initializer) return callIn(found.initializer, locals)
    }
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      const element = statement.exportClause.elements.find((candidate) => candidate.name.text === exportName)
      const local = element && (element.propertyName ?? element.name)
      if (local && ts.isIdentifier(local)) return callIn(ts.factory.createIdentifier(local.text), locals)
    }
  }
  return undefined
}

function callIn(expression: ts.Expression, locals: ReadonlyMap<string, ts.Expression>): ts.CallExpression | undefined {
  let node: ts.Expression = expression
  for (let hops = 0; hops < 8; hops++) {
    while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression
    if (ts.isCallExpression(node)) return node
    if (!ts.isIdentifier(node)) return undefined
    const next = locals.get(node.text)
    if (next === undefined) return undefined
    node = next
  }
  return undefined
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind)
}

/** The `execute` of a definition object: a method, or a property holding a function. */
function handlerOf(call: ts.CallExpression): ts.SignatureDeclaration | undefined {
  const definition = call.arguments[0]
  if (definition === undefined || !ts.isObjectLiteralExpression(definition)) return undefined
  for (const property of definition.properties) {
    const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined
    if (name !== 'execute') continue
    if (ts.isMethodDeclaration(property)) return property
    if (ts.isPropertyAssignment(property) && (ts.isArrowFunction(property.initializer) || ts.isFunctionExpression(property.initializer))) return property.initializer
  }
  return undefined
}

const chunkWrappers = new Set(['AsyncIterable', 'AsyncGenerator', 'AsyncIterableIterator'])

/** A written return type: the result under `Promise<…>`, or the chunk of an async iterable. */
function unwrapReturn(node: ts.TypeNode): { kind: 'result' | 'chunk'; node: ts.TypeNode } {
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
    const [inner] = node.typeArguments ?? []
    if (node.typeName.text === 'Promise' && inner) return unwrapReturn(inner)
    if (chunkWrappers.has(node.typeName.text) && inner) return { kind: 'chunk', node: inner }
  }
  return { kind: 'result', node }
}

/** Collects the declarations a type's text refers to, following names through modules. */
class DeclarationCollector {
  readonly declarations: WrittenDeclaration[] = []
  readonly #seen = new Map<string, ts.Node>()

  constructor(readonly files: SourceFiles) {}

  /** A type node's text, after collecting every declaration it refers to. */
  typeText(node: ts.TypeNode): string {
    this.visit(node, node.getSourceFile())
    return dedent(node.getText())
  }

  visit(root: ts.Node, module: ts.SourceFile): void {
    const bound = new Set<string>()
    const walk = (node: ts.Node): void => {
      if (ts.isTypeParameterDeclaration(node)) bound.add(node.name.text)
      if (ts.isTypeQueryNode(node) || ts.isImportTypeNode(node)) throw new NotWritten()
      if (ts.isTypeReferenceNode(node)) this.reference(leftmost(node.typeName), module, bound)
      if (ts.isExpressionWithTypeArguments(node) && ts.isIdentifier(node.expression)) this.reference(node.expression.text, module, bound)
      ts.forEachChild(node, walk)
    }
    // Type parameters are bound before their uses are met: collect them first.
    const bind = (node: ts.Node): void => {
      if (ts.isTypeParameterDeclaration(node)) bound.add(node.name.text)
      ts.forEachChild(node, bind)
    }
    bind(root)
    walk(root)
  }

  reference(name: string, module: ts.SourceFile, bound: ReadonlySet<string>): void {
    if (bound.has(name)) return
    const found = this.declarationOf(name, module)
    if (found === undefined) return // a global (lib) type, e.g. Record or Array
    const previous = this.#seen.get(name)
    if (previous !== undefined) {
      if (previous !== found) throw new NotWritten() // two declarations, one name
      return
    }
    this.#seen.set(name, found)
    const text = declarationText(found)
    this.declarations.push({ name, text })
    this.visit(found, found.getSourceFile())
  }

  /** The declaration a name denotes in a module: its own top-level declaration, or one imported by a relative path under the same name. */
  declarationOf(name: string, module: ts.SourceFile, depth = 0): ts.DeclarationStatement | undefined {
    if (depth > 8) throw new NotWritten()
    for (const statement of module.statements) {
      if (isTypeDeclaration(statement) && statement.name?.text === name) return statement
    }
    for (const statement of module.statements) {
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause
        const imported = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.find((element) => element.name.text === name) : undefined
        const isDefault = clause?.name?.text === name
        const isNamespace = clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings) && clause.namedBindings.name.text === name
        if (!imported && !isDefault && !isNamespace) continue
        if (isDefault || isNamespace || (imported?.propertyName && imported.propertyName.text !== name)) throw new NotWritten()
        return this.fromModule(statement, module, name, depth)
      }
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        const element = statement.exportClause.elements.find((candidate) => candidate.name.text === name)
        if (element) {
          if (element.propertyName && element.propertyName.text !== name) throw new NotWritten()
          return this.fromModule(statement, module, name, depth)
        }
      }
    }
    return undefined
  }

  fromModule(statement: ts.ImportDeclaration | ts.ExportDeclaration, module: ts.SourceFile, name: string, depth: number): ts.DeclarationStatement {
    const specifier = statement.moduleSpecifier
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) throw new NotWritten()
    const target = this.files.resolve(module.fileName, specifier.text)
    const found = target && this.declarationOf(name, target, depth + 1)
    if (found === undefined) throw new NotWritten()
    return found
  }
}

type TypeDeclaration = ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.EnumDeclaration | ts.ClassDeclaration

function isTypeDeclaration(node: ts.Node): node is TypeDeclaration {
  return ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node) || ts.isClassDeclaration(node)
}

function leftmost(name: ts.EntityName): string {
  return ts.isIdentifier(name) ? name.text : leftmost(name.left)
}

/** A declaration as a `.d.ts` holds it: its JSDoc, then the declaration without `export`, `default` or `declare`; a data-only class as the interface of its public fields. */
function declarationText(node: ts.DeclarationStatement): string {
  const source = node.getSourceFile()
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? []
  const doc = docs.length > 0 ? `${source.text.slice(docs[docs.length - 1]!.getStart(), docs[docs.length - 1]!.end)}\n` : ''
  if (ts.isClassDeclaration(node)) return doc + classAsInterface(node)
  const modifiers = ts.getModifiers(node as ts.HasModifiers) ?? []
  const kept = modifiers.filter((modifier) => modifier.kind !== ts.SyntaxKind.ExportKeyword && modifier.kind !== ts.SyntaxKind.DefaultKeyword && modifier.kind !== ts.SyntaxKind.DeclareKeyword)
  const afterModifiers = modifiers.length > 0 ? modifiers[modifiers.length - 1]!.end : node.getStart()
  const prefix = kept.map((modifier) => `${modifier.getText()} `).join('')
  return doc + prefix + source.text.slice(afterModifiers, node.end).trim()
}

/** A class read as data (T5): the interface of its public instance fields, each with its JSDoc and written type. */
function classAsInterface(node: ts.ClassDeclaration): string {
  const name = node.name?.text
  if (name === undefined) throw new NotWritten()
  const typeParameters = node.typeParameters ? `<${node.typeParameters.map((parameter) => parameter.getText()).join(', ')}>` : ''
  const members: string[] = []
  for (const member of node.members) {
    if (!ts.isPropertyDeclaration(member)) continue
    const modifiers = ts.getModifiers(member) ?? []
    if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword || modifier.kind === ts.SyntaxKind.ProtectedKeyword || modifier.kind === ts.SyntaxKind.StaticKeyword)) continue
    if (ts.isPrivateIdentifier(member.name)) continue
    if (member.type === undefined) throw new NotWritten()
    const docs = (member as { jsDoc?: ts.JSDoc[] }).jsDoc ?? []
    const doc = docs.length > 0 ? `  ${docs[docs.length - 1]!.getText()}\n` : ''
    const readonly = modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword) ? 'readonly ' : ''
    members.push(`${doc}  ${readonly}${member.name.getText()}${member.questionToken ? '?' : ''}: ${member.type.getText()}\n`)
  }
  return `interface ${name}${typeParameters} {\n${members.join('')}}`
}

/** A multi-line type text with the indentation its later lines share removed, so it reads as if written at the top level. */
function dedent(text: string): string {
  const [first = '', ...rest] = text.split('\n')
  const indents = rest.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)![0].length)
  const common = indents.length === 0 ? 0 : Math.min(...indents)
  return [first, ...rest.map((line) => line.slice(Math.min(common, /^[ \t]*/.exec(line)![0].length)))].join('\n')
}
