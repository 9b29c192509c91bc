import type { Unit } from '../context.js'

/** `any` and `unknown` accept every JSON value. */
export const anyUnit: Unit = () => ({})
