/**
 * The compiler options used when the project has no tsconfig.json, as tsconfig JSON, so that both
 * backends read them the same way (the native one writes them into its generated tsconfig).
 */
export const defaultCompilerOptions = {
  strict: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  jsx: 'preserve',
  skipLibCheck: true,
  noEmit: true,
} as const
