// The table lives in src/codes.ts, where the schema layer reaches it too; analysis code keeps this import.
export { codes, type DiagnosticCode } from '../codes.js'
