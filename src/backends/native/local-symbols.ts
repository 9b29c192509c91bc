import type { Node } from 'typescript/unstable/ast'
import type { WrittenRequests } from './requests.js'
import { unwrap, type TypeNodeLike } from './written-nodes.js'

/** A statement of a module with the members read here. */
type Statement = Node & { readonly name?: Node & { readonly text?: string } }

/**
 * Registers, in one request, the symbols of the interfaces, classes and enums that written type
 * references name in their own module (`args: Tool_0001_Params` beside `interface
 * Tool_0001_Params`). A type's `getSymbol()` answers from the API's registry when its symbol is
 * there, and asks the checker once per type when not: a view's kind reads the symbol of every
 * object type. Nothing is assumed of the answer: a reference that resolves elsewhere (a type
 * parameter, a namespace) only registers a symbol no type asks for.
 */
export class LocalSymbols {
  private readonly declarationsByFile = new Map<string, ReadonlyMap<string, Node>>()
  private readonly seeded = new Set<Node>()

  constructor(private readonly checker: WrittenRequests) {}

  /** Registers the symbols of the local declarations these written nodes name, those not registered before, in one request. */
  seed(written: readonly (TypeNodeLike | undefined)[]): void {
    const names: Node[] = []
    for (const node of written) {
      const name = node && this.localDeclarationName(node)
      if (name === undefined || this.seeded.has(name)) continue
      this.seeded.add(name)
      names.push(name)
    }
    if (names.length > 0) this.checker.project.checker.getSymbolAtLocation(names)
  }

  /** The name node of the module's own declaration a written reference names, if it names one by a plain identifier. */
  private localDeclarationName(written: TypeNodeLike): Node | undefined {
    const reference = unwrap(this.checker.written, written)
    const k = this.checker.written.kinds
    if (reference.kind !== k.TypeReference || reference.typeName?.kind !== k.Identifier) return undefined
    const name = (reference.typeName as Node & { readonly text?: string }).text
    return name === undefined ? undefined : this.declarationsOf(reference)?.get(name)
  }

  /** The name nodes of a module's top-level interfaces, classes and enums, by name. */
  private declarationsOf(node: Node): ReadonlyMap<string, Node> | undefined {
    const sourceFile = node.getSourceFile()
    let declarations = this.declarationsByFile.get(sourceFile.fileName)
    if (declarations === undefined) {
      const k = this.checker.written.kinds
      const named = new Set<number>([k.InterfaceDeclaration, k.ClassDeclaration, k.EnumDeclaration])
      const found = new Map<string, Node>()
      for (const statement of sourceFile.statements as readonly Statement[]) {
        const text = statement.name?.text
        if (named.has(statement.kind) && statement.name !== undefined && text !== undefined && !found.has(text)) found.set(text, statement.name)
      }
      this.declarationsByFile.set(sourceFile.fileName, (declarations = found))
    }
    return declarations
  }
}
