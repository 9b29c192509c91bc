import { fullFormats } from 'ajv-formats/dist/formats.js'
import fc from 'fast-check'

const dates = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })

/**
 * Strings of each `@format` the tools use. A format without an entry is a test error, so a new
 * format in a fixture is covered deliberately rather than fed arbitrary text.
 */
const FORMAT_VALUES: Readonly<Record<string, fc.Arbitrary<string>>> = {
  email: fc.emailAddress(),
  'date-time': dates.map((date) => date.toISOString()),
  date: dates.map((date) => date.toISOString().slice(0, 10)),
  time: dates.map((date) => `${date.toISOString().slice(11, 19)}Z`),
  uuid: fc.uuid(),
  uri: fc.webUrl(),
  url: fc.webUrl(),
  hostname: fc.domain(),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
}

/** Values of a format. */
export function formatValues(format: string): fc.Arbitrary<string> {
  const values = FORMAT_VALUES[format]
  if (values === undefined) throw new Error(`type-values has no values for @format ${format}; add them to FORMAT_VALUES`)
  return values
}

/** Whether a format is one the validator knows (an unknown one is left out of the schema with a warning). */
export function isKnownFormat(format: string): boolean {
  return Object.hasOwn(fullFormats, format)
}

/** Whether a string is of a format, by the format's own definition (ajv-formats, the reference the JSON Schema ecosystem uses). */
export function hasFormat(format: string, text: string): boolean {
  const definition = (fullFormats as Record<string, unknown>)[format]
  if (definition instanceof RegExp) return definition.test(text)
  if (typeof definition === 'function') return Boolean((definition as (text: string) => boolean)(text))
  if (typeof definition === 'object' && definition !== null && 'validate' in definition) {
    const validate = (definition as { validate: RegExp | ((text: string) => boolean) }).validate
    return validate instanceof RegExp ? validate.test(text) : Boolean(validate(text))
  }
  return true
}
