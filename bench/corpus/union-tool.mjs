/**
 * A one-tool project whose arguments are mostly unions, for the validation suite: a cart whose
 * lines are a five-branch discriminated union, an owner that is a union without a discriminator,
 * and a discriminated payment. Two argument samples: `firstBranch`, where every union takes its
 * first branch (the only values a validator checking the first branch alone accepts, so the
 * figure compares with such a validator), and `everyBranch`, where each line kind appears.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** The tool's name in the catalog. */
export const UNION_TOOL = 'cart_update'

const source = `import { defineTool } from 'toolcat'

interface ProductLine {
  kind: 'product'
  sku: string
  /** @minimum 1 */
  quantity: number
  options?: { size?: 'S' | 'M' | 'L'; color?: string }
}
interface GiftCardLine {
  kind: 'gift_card'
  amountCents: number
  recipient: { name: string; email?: string }
}
interface DiscountLine {
  kind: 'discount'
  code: string
}
interface ShippingLine {
  kind: 'shipping'
  method: 'standard' | 'express'
  priceCents: number
}
interface NoteLine {
  kind: 'note'
  text: string
}
type Owner = { customerId: string } | { guestEmail: string }
type Payment = { method: 'card'; last4: string } | { method: 'invoice'; dueDays: number }

/** Replace the lines of a cart. */
export const cartUpdate = defineTool({
  name: '${UNION_TOOL}',
  execute(args: { cartId: string; owner: Owner; lines: (ProductLine | GiftCardLine | DiscountLine | ShippingLine | NoteLine)[]; payment?: Payment }) {
    return args.lines.length
  },
})
`

const product = (index) => ({ kind: 'product', sku: `SKU-${index}`, quantity: 1 + (index % 3), options: { size: 'M', color: 'teal' } })

/** Arguments whose unions all take their first branch: 20 product lines, an owner by customer id, a card. */
export function firstBranchSample() {
  return { cartId: 'cart-1', owner: { customerId: 'cus-1' }, lines: Array.from({ length: 20 }, (_, index) => product(index)), payment: { method: 'card', last4: '4242' } }
}

/** Arguments taking every branch: four lines of each kind, a guest owner, an invoice. */
export function everyBranchSample() {
  const lines = Array.from({ length: 4 }, (_, index) => [
    product(index),
    { kind: 'gift_card', amountCents: 2500, recipient: { name: 'Ada', email: 'ada@example.test' } },
    { kind: 'discount', code: `CODE-${index}` },
    { kind: 'shipping', method: 'express', priceCents: 990 },
    { kind: 'note', text: 'leave at the door' },
  ]).flat()
  return { cartId: 'cart-1', owner: { guestEmail: 'guest@example.test' }, lines, payment: { method: 'invoice', dueDays: 30 } }
}

/** Writes the project into `dir` (emptied first), with `toolcat` linked to `repoRoot`. */
export function writeUnionProject(dir, repoRoot) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'tools'), { recursive: true })
  writeFileSync(join(dir, 'tools/cart.ts'), source)
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-unions', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`)
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(relative(join(dir, 'node_modules'), repoRoot), join(dir, 'node_modules/toolcat'), 'dir')
}
