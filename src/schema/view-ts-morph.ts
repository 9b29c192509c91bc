import { ts, type Node, type Symbol as MorphSymbol, type Type } from 'ts-morph'
import { kindOf, kindOfFlags, type LibTest } from './ts-morph-kind.js'
import { inlineJsDoc } from './inline-jsdoc.js'
import type { Docs, NamedInfo, PropertyView, TupleElementView, TypeKind, TypeView } from './view.js'

const namedDeclarationKinds = new Set([
  ts.SyntaxKind.InterfaceDeclaration, ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration, ts.SyntaxKind.ClassDeclaration,
])
const asyncIterables = new Set(['AsyncIterable', 'AsyncIterableIterator', 'AsyncGenerator'])

/** Views over the ts-morph types of `at`'s project. */
export function tsMorphViews(at: Node): (type: Type) => TypeView<Node> {
  const project = at.getProject()
  const checker = project.getTypeChecker().compilerObject
  const program = project.getProgram().compilerObject
  const isDefaultLib: LibTest = (declaration) => program.isSourceFileDefaultLibrary(declaration.getSourceFile().compilerNode)
  const view = (type: Type): TypeView<Node> => new TsMorphTypeView(type, { view, checker, at, isDefaultLib })
  return view
}

/** What every view of one call shares. */
interface Backend {
  readonly view: (type: Type) => TypeView<Node>
  readonly checker: ts.TypeChecker
  /** Where property types are asked for when a property has no declaration. */
  readonly at: Node
  readonly isDefaultLib: LibTest
}

class TsMorphTypeView implements TypeView<Node> {
  readonly id: object
  readonly kind: TypeKind

  private readonly view: (type: Type) => TypeView<Node>

  constructor(
    private readonly type: Type,
    private readonly backend: Backend,
  ) {
    this.id = type.compilerType
    this.kind = kindOf(type, backend.isDefaultLib)
    this.view = backend.view
  }

  get text(): string {
    // Without an enclosing node and with explicit flags the checker prints names, never import paths.
    return this.type.getText(undefined, ts.TypeFormatFlags.NoTruncation)
  }

  literal(): string | number | boolean | undefined {
    if (this.type.isBooleanLiteral()) return this.type.getText() === 'true'
    const value = this.type.getLiteralValue()
    return typeof value === 'string' || typeof value === 'number' ? value : undefined
  }

  members(): TypeView<Node>[] {
    const members = this.type.isIntersection() ? this.type.getIntersectionTypes() : this.type.getUnionTypes()
    return members.map(this.view)
  }

  element(): TypeView<Node> | undefined {
    const element = this.type.getTypeArguments()[0]
    return element && this.view(element)
  }

  tupleElements(): TupleElementView<Node>[] {
    // ts-morph exposes tuple element types but not their flags; those live on the tuple target.
    const target = this.type.getTargetType()?.compilerType as ts.TupleType | undefined
    const flags = target?.elementFlags ?? []
    return this.type.getTypeArguments().slice(0, flags.length).map((element, index) => ({
      type: this.view(element),
      optional: Boolean((flags[index] ?? 0) & ts.ElementFlags.Optional),
      rest: Boolean((flags[index] ?? 0) & ts.ElementFlags.Variable),
    }))
  }

  properties(): PropertyView<Node>[] {
    return this.type.getProperties()
      // Symbol-keyed members (`[Symbol.iterator]`) have escaped names starting `__@` and no JSON key.
      .filter((property) => !property.getEscapedName().startsWith('__@'))
      .map((property) => {
        const node = property.getDeclarations()[0]
        return {
          name: property.getName(),
          optional: property.isOptional(),
          type: this.view(property.getTypeAtLocation(node ?? this.backend.at)),
          docs: this.docsOf(property),
          node,
        }
      })
  }

  indexType(): TypeView<Node> | undefined {
    const index = this.type.getStringIndexType() ?? this.type.getNumberIndexType()
    return index && this.view(index)
  }

  templateParts(): { texts: string[]; holes: TypeKind[] } {
    const template = this.type.compilerType as ts.TemplateLiteralType
    return { texts: [...template.texts], holes: template.types.map((hole) => kindOfFlags(hole.flags) ?? 'string') }
  }

  symbolName(): string | undefined {
    return (this.type.getTargetType() ?? this.type).getSymbol()?.getName()
  }

  named(): NamedInfo | undefined {
    const symbol = this.namedSymbol()
    const declaration = symbol?.getDeclarations()[0]
    if (!symbol || !declaration) return undefined
    return { name: symbol.getName(), file: declaration.getSourceFile().getFilePath(), position: declaration.getStart() }
  }

  declared(): Pick<NamedInfo, 'file' | 'position'> | undefined {
    const symbol = this.type.getAliasSymbol() ?? (this.type.getTargetType() ?? this.type).getSymbol()
    const declaration = symbol?.getDeclarations()[0]
    // Library types (Array, Record…) live outside the project, where paths differ between machines.
    if (!declaration || this.backend.isDefaultLib(declaration)) return undefined
    return { file: declaration.getSourceFile().getFilePath(), position: declaration.getStart() }
  }

  docs(): Docs {
    const symbol = this.namedSymbol()
    return symbol ? this.docsOf(symbol) : { tags: [] }
  }

  awaited(): TypeView<Node> {
    return this.view(this.type.getAwaitedType() ?? this.type)
  }

  asyncElement(): TypeView<Node> | undefined {
    const target = this.type.getTargetType() ?? this.type
    const symbol = target.getSymbol()
    const fromLib = symbol?.getDeclarations().some(this.backend.isDefaultLib)
    const chunk = this.type.getTypeArguments()[0]
    return fromLib && asyncIterables.has(symbol?.getName() ?? '') && chunk ? this.view(chunk) : undefined
  }

  /** The symbol of a user-declared interface, alias, enum or class; lib helpers like `Partial` are transparent. */
  private namedSymbol(): MorphSymbol | undefined {
    const symbol = this.type.getAliasSymbol() ?? (this.type.getTargetType() ?? this.type).getSymbol()
    const declaration = symbol?.getDeclarations()[0]
    if (!declaration || this.backend.isDefaultLib(declaration)) return undefined
    return namedDeclarationKinds.has(declaration.getKind()) ? symbol : undefined
  }

  private docsOf(symbol: MorphSymbol): Docs {
    const description = ts.displayPartsToString(symbol.compilerSymbol.getDocumentationComment(this.backend.checker)).trim()
    const tags = symbol.getJsDocTags().map((tag) => ({ name: tag.getName(), text: ts.displayPartsToString(tag.getText()) }))
    if (description) return { description, tags }
    const declaration = symbol.compilerSymbol.valueDeclaration
    return (tags.length === 0 && declaration !== undefined ? inlineJsDoc(declaration) : undefined) ?? { tags }
  }
}
