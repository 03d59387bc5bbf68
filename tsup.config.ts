import { resolve } from 'node:path';
import { build } from 'esbuild';
import { defineConfig } from 'tsup';

/**
 * One build for every entry point, with shared chunks: the core is bundled once, so every
 * subpath (`feedback-board/adapters/memory`, ...) uses the same classes as the main entry.
 * Optional peer dependencies stay external and are only reached through their subpaths.
 */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'adapters/memory/index': 'adapters/memory/index.ts',
    'client/index': 'src/client/index.ts',
    'mock-server/index': 'mock-server/index.ts',
    'adapters/sqlite/index': 'adapters/sqlite/index.ts',
    'adapters/indexeddb/index': 'adapters/indexeddb/index.ts',
    'adapters/postgres/index': 'adapters/postgres/index.ts',
    'mcp/index': 'mcp/index.ts',
    'cli/main': 'cli/main.ts',
    'node/index': 'src/node/index.ts',
    'images/index': 'src/images/index.ts',
    'pages/index': 'src/pages/index.ts',
    'mail/smtp': 'src/mail/smtp.ts',
    'openapi/index': 'src/openapi/index.ts',
    'testing/index': 'testing/index.ts',
    'widget/index': 'widget/index.ts',
  },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  dts: true,
  splitting: true,
  clean: true,
  // The widget once more as one self-contained, minified file, for a host page to serve as it is
  // (`feedback-board/widget` itself may import a shared chunk of the build).
  onSuccess: async () => {
    await build({ entryPoints: ['widget/index.ts'], outfile: 'dist/widget/feedback-board-widget.js', bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'warning' });
  },
  // The pages' JSX is typed with hono/jsx's types (tsconfig.json) but compiled with the pages' own
  // runtime, which writes HTML at once (src/pages/jsx/jsx-runtime.ts says why): the import of
  // hono's runtime is bundled (not left to the dependency) as that file.
  esbuildOptions(options) {
    options.alias = { 'hono/jsx/jsx-runtime': resolve('src/pages/jsx/jsx-runtime.ts'), 'hono/jsx/jsx-dev-runtime': resolve('src/pages/jsx/jsx-runtime.ts') };
  },
  noExternal: [/^hono\/jsx\/jsx-(dev-)?runtime$/],
  external: ['better-sqlite3', 'pg', 'fetch-mock', 'fast-check', 'nodemailer', /^hono/, /^@modelcontextprotocol\/sdk(\/|$)/, /^node:/, 'sharp', 'image-size'],
});
