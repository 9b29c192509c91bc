import { rmSync } from 'node:fs'
import { afterAll, expect, test } from 'vitest'
import { folderResolvingTypeScript7, open, writeProjectFile } from './both-backends.js'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

test('a native update reads only the changed files again: unchanged modules keep their syntax trees', async () => {
  const root = folderResolvingTypeScript7('toolcat-native-update-')
  folders.push(root)
  const tool = (name: string, field: string) => `import { defineTool } from 'toolcat'\nexport const ${name} = defineTool({ execute(args: { ${field}: string }) { return 1 } })\n`
  const files = [writeProjectFile(root, 'tools/a.ts', tool('a', 'x')), writeProjectFile(root, 'tools/b.ts', tool('b', 'y'))]
  const backend = open('native', root, undefined, files)
  try {
    const [a, b] = files.map((file) => backend.view.module(file)?.node)
    writeProjectFile(root, 'tools/a.ts', tool('a', 'changed'))
    const added = writeProjectFile(root, 'tools/c.ts', tool('c', 'z'))
    backend.update({ changed: [files[0] as string], added: [added], removed: [], toolFiles: [...files, added] })
    const after = backend.view.module(files[0] as string)
    expect(after?.node).not.toBe(a)
    expect(after?.text).toContain('changed')
    expect(backend.view.module(files[1] as string)?.node).toBe(b)
    expect(backend.view.module(added)?.text).toContain('c = defineTool')
  } finally {
    await backend.close()
  }
})
