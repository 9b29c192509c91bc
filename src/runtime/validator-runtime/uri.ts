import uriModule from 'ajv/dist/runtime/uri.js'
import type { UriResolver } from 'ajv/dist/types/index.js'

/** The URI parser ajv resolves schema ids with. */
export const uri: UriResolver = uriModule.default
