import type { Unit } from '../context.js'
import type { TypeKind } from '../view.js'
import { absentUnit, voidUnit } from './absent.js'
import { anyUnit } from './any.js'
import { arrayUnit } from './array.js'
import { classUnit } from './class.js'
import { enumUnit } from './enum.js'
import { intersectionUnit } from './intersection.js'
import { literalUnit } from './literal.js'
import { nonJsonUnit } from './non-json.js'
import { objectUnit } from './object.js'
import { primitiveUnit } from './primitive.js'
import { templateLiteralUnit } from './template-literal.js'
import { tupleUnit } from './tuple.js'
import { unionUnit } from './union.js'
import { unresolvedUnit } from './unresolved.js'

const units: Record<TypeKind, Unit> = {
  any: anyUnit, unknown: anyUnit,
  never: absentUnit, undefined: absentUnit, void: voidUnit,
  string: primitiveUnit, number: primitiveUnit, boolean: primitiveUnit, null: primitiveUnit,
  bigint: nonJsonUnit, symbol: nonJsonUnit, function: nonJsonUnit, class: classUnit, builtin: nonJsonUnit,
  literal: literalUnit, enum: enumUnit, union: unionUnit, intersection: intersectionUnit,
  templateLiteral: templateLiteralUnit, array: arrayUnit, tuple: tupleUnit, object: objectUnit,
  anyObject: () => ({ type: 'object' }),
  unresolved: unresolvedUnit,
}

/** The unit converting types of the given kind. */
export function unitFor(kind: TypeKind): Unit {
  return units[kind]
}
