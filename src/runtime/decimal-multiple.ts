import { _, str, type CodeKeywordDefinition, type KeywordCxt } from 'ajv'

/**
 * `multipleOf`, exact for values written in decimal. ajv divides in binary floating point, so
 * `19.99 / 0.01` is 1998.9999999999998 and 19.99 is refused; its `multipleOfPrecision` tolerance
 * instead accepts near misses and still refuses exact multiples once the quotient passes about 1e8.
 * Here a step with `k` decimal places is `M / 10^k` for an integer `M`: a value is a multiple when
 * it is the double nearest to some decimal with at most `k` places (`round(v * 10^k) / 10^k === v`,
 * exact because division is correctly rounded) and that decimal's scaled integer is divisible by
 * `M`. An integer value is checked by `%` against `M / gcd(M, 10^k)`, exact at any magnitude. The
 * check is generated inline, so precompiled validators need no helper module for it.
 */
export const decimalMultipleOf: CodeKeywordDefinition = {
  keyword: 'multipleOf',
  type: 'number',
  schemaType: 'number',
  error: {
    message: ({ schemaCode }) => str`must be multiple of ${schemaCode}`,
    params: ({ schemaCode }) => _`{multipleOf: ${schemaCode}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt
    const step = decimalStep(cxt.schema as number)
    if (step === undefined) {
      // Zero, negative, or more than 22 decimal places: no exact scale, so divide as ajv does.
      cxt.fail(_`!(${cxt.schema as number} > 0 && Number.isInteger(${data} / ${cxt.schema as number}))`)
      return
    }
    const scaled = gen.let('scaled')
    cxt.fail(
      _`Number.isInteger(${data}) ? ${data} % ${step.integerStep} !== 0 : (${scaled} = Math.round(${data} * ${step.scale}), ${scaled} / ${step.scale} !== ${data} || ${scaled} % ${step.scaledStep} !== 0)`,
    )
  },
}

/** A positive step as `scaledStep / scale` with `scale = 10^k`, and the integer step integers must be multiples of. */
interface DecimalStep {
  readonly scale: number
  readonly scaledStep: number
  readonly integerStep: number
}

/** Splits a step into its decimal scale, or undefined when it has none that doubles hold exactly. */
export function decimalStep(step: number): DecimalStep | undefined {
  if (!Number.isFinite(step) || step <= 0) return undefined
  const places = decimalPlaces(step)
  if (places > 22) return undefined
  const scale = 10 ** places
  const scaledStep = Math.round(step * scale)
  if (!Number.isSafeInteger(scaledStep)) return undefined
  return { scale, scaledStep, integerStep: scaledStep / gcd(scaledStep, scale) }
}

/** Decimal places of a number's shortest round-trip text, exponent notation included (`1.5e-7` has 8). */
function decimalPlaces(value: number): number {
  const [mantissa = '', exponent = '0'] = String(value).split('e')
  const fraction = mantissa.split('.')[1]?.length ?? 0
  return Math.max(0, fraction - Number(exponent))
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b]
  return a
}
