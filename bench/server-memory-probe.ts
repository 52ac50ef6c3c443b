// Loaded into the server by server-memory.bench.ts (`node --import tsx --import <this file> server.ts`), never by the
// server itself. On SIGUSR2 it writes what the process knows of its own memory to VELORA_MEMORY_PROBE_FILE: V8's heap
// and external memory, the WebAssembly memories (PGlite's Postgres lives in one), and sharp's cache and queue. It
// keeps track of WebAssembly memories by wrapping the constructor, before any module creates one.
import fs from 'node:fs';
import v8 from 'node:v8';

const file = process.env.VELORA_MEMORY_PROBE_FILE;
const memories: WeakRef<WebAssembly.Memory>[] = [];
const Original = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(Original, {
  construct(target, args: [WebAssembly.MemoryDescriptor]) {
    const memory = Reflect.construct(target, args) as WebAssembly.Memory;
    memories.push(new WeakRef(memory));
    return memory;
  },
});

interface SharpStats {
  cache: unknown;
  concurrency: number;
  counters: unknown;
}

async function sharpStats(): Promise<SharpStats | null> {
  try {
    // The same ES module the server imported (one instance per URL): importing it again neither reloads it nor resets
    // its settings, as loading its CommonJS twin would.
    const { default: sharp } = await import('sharp');
    return { cache: sharp.cache(), concurrency: sharp.concurrency(), counters: sharp.counters() };
  } catch {
    return null;
  }
}

if (file) {
  process.on('SIGUSR2', async () => {
    const wasm = memories.map((ref) => ref.deref()).filter((m): m is WebAssembly.Memory => m !== undefined).map((m) => m.buffer.byteLength);
    const heap = v8.getHeapStatistics();
    const report = {
      memoryUsage: process.memoryUsage(),
      heap: { total: heap.total_heap_size, used: heap.used_heap_size, malloced: heap.malloced_memory, external: heap.external_memory },
      spaces: v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, size: s.space_size, used: s.space_used_size })),
      wasm,
      sharp: await sharpStats(),
      threadpool: process.env.UV_THREADPOOL_SIZE ?? '4 (default)',
      mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? null,
    };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  });
}
