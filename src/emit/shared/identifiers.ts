// Moved to src/identifiers.ts, which the runtime's code mode shares (its functions are named as the exported API names them).
export { importedName, uniqueFileNames, uniqueIdentifiers } from '../../identifiers.js'
