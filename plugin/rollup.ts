import { toolcat } from './index.js'

/** The toolcat plugin for rollup: virtual modules `~toolcat/catalog` and `~toolcat/registry`, `catalog.json` in the output. */
export default toolcat.rollup
