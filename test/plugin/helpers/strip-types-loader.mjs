// A webpack loader turning TypeScript into JavaScript with esbuild: webpack has no TypeScript
// support of its own, and the fixtures are TypeScript. (rspack has `builtin:swc-loader`.)
import { transform } from 'esbuild'

export default function stripTypes(source) {
  const done = this.async()
  transform(source, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: this.resourcePath }).then(
    (result) => done(null, result.code),
    (error) => done(error),
  )
}
