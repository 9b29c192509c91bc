import { PassThrough } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { isJsonRpcMessage, type JsonRpcMessage as JSONRPCMessage } from '../../src/interop/mcp/jsonrpc.js'
import { RequestHeadScanner } from '../../src/interop/mcp/request-head.js'
import { StdioServerTransport } from '../../src/interop/mcp/stdio-transport.js'

describe('RequestHeadScanner: the id and method of a message too large to keep', () => {
  const scan = (text: string, chunk = 7) => {
    const scanner = new RequestHeadScanner()
    const bytes = Buffer.from(text)
    for (let start = 0; start < bytes.length; start += chunk) scanner.push(bytes.subarray(start, start + chunk))
    return scanner.head()
  }

  test.each([
    ['id first', '{"id":42,"jsonrpc":"2.0","method":"tools/call","params":{}}', { id: 42, method: 'tools/call' }],
    ['id last, after nested ids', '{"jsonrpc":"2.0","method":"tools/call","params":{"id":1,"a":[{"id":2}]},"id":"abc"}', { id: 'abc', method: 'tools/call' }],
    ['escaped quotes and braces in strings', '{"method":"x\\"}{","params":{"t":"\\"id\\":7,}"},"id":-3.5}', { id: -3.5, method: 'x"}{' }],
    ['whitespace and multi-byte text', '{ "params" : { "t" : "héllo ✓ \\\\" } , "id" : 8 , "method" : "ping" }', { id: 8, method: 'ping' }],
    ['a notification', '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}', { method: 'notifications/cancelled' }],
    ['not an object at all', '[{"id":1}]', {}],
    ['an id that is not a string or number', '{"id":{"x":1},"method":"m"}', { method: 'm' }],
  ])('%s', (_, text, head) => {
    expect(scan(text)).toEqual(head)
    expect(scan(text, 1)).toEqual(head)
  })
})

describe('StdioServerTransport', () => {
  const open = (maxRequestBytes = 64) => {
    const input = new PassThrough()
    const output = new PassThrough()
    const logs: string[] = []
    const received: JSONRPCMessage[] = []
    const transport = new StdioServerTransport(input, output, {
      maxRequestBytes,
      validate: isJsonRpcMessage,
      log: (line) => logs.push(line),
    })
    transport.onmessage = (message) => received.push(message)
    let written = ''
    output.on('data', (chunk: Buffer) => (written += chunk.toString()))
    const answers = () => written.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)
    return { input, output, transport, logs, received, answers }
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve))

  test('messages split across chunks at any byte, CRLF endings and blank lines, are delivered whole', async () => {
    const { input, transport, received } = await (async () => {
      const opened = open(1000)
      await opened.transport.start()
      return opened
    })()
    const text = '{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
    for (const byte of Buffer.from(text)) input.write(Buffer.from([byte]))
    await settle()
    expect(received).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/initialized' }])
    expect(transport.closeReason).toBeUndefined()
  })

  test('a line over the limit is skipped as it streams, answered to its id, and the next line is read', async () => {
    const { input, transport, received, answers, logs } = open(64)
    await transport.start()
    const head = '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"text":"'
    const tail = '"}}'
    input.write(head)
    input.write('x'.repeat(500))
    input.write(`${tail}\n{"jsonrpc":"2.0","id":6,"method":"ping"}\n`)
    await settle()
    const size = head.length + 500 + tail.length
    const message = `tools/call request of ${size} bytes is larger than the server accepts (64 bytes, --max-request-bytes)`
    expect(answers()).toEqual([{ jsonrpc: '2.0', id: 5, error: { code: -32600, message } }])
    expect(received).toEqual([{ jsonrpc: '2.0', id: 6, method: 'ping' }])
    expect(logs).toEqual([`toolcat: refused: ${message} (id 5)`])
  })

  test('stdin ending closes the transport once, with its reason; nothing is written after', async () => {
    const { input, transport, answers } = open()
    let closes = 0
    transport.onclose = () => closes++
    await transport.start()
    input.end()
    await settle()
    expect(transport.closeReason).toBe('stdin ended')
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} })
    await transport.close()
    expect(closes).toBe(1)
    expect(answers()).toEqual([])
  })

  test('stdout failing (the client gone, EPIPE) closes the transport with a log line instead of crashing', async () => {
    const { output, transport, logs } = open()
    await transport.start()
    output.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
    expect(transport.closeReason).toBe('stdout closed')
    expect(logs).toEqual(['toolcat: stdout failed (EPIPE): the client is gone'])
  })
})
