// Pre-compresses the built client (gzip and brotli, best levels) so the server sends compressed
// files without compressing on every request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = new URL('../dist/client', import.meta.url).pathname;
// Not source maps: they are never served (src/server/routes/client.ts), and a compressed copy of one
// would be a source map under another name.
const compressible = /\.(js|css|html|svg|txt|json)$/;

function walk(path) {
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const file = join(path, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (compressible.test(entry.name) && statSync(file).size > 512) {
      const data = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}
walk(dir);
