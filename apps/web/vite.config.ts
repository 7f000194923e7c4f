/// <reference types="vitest/config" />
// Vite build, dev server (with the /api proxy) and the web's Vitest projects.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes a .br and a .gz beside every text file of the build, at the highest levels, for the server's
 * preCompressed static handler: the work is done once here instead of on every request. It reads the written
 * files because Vite still rewrites chunks (the preload map) after generateBundle. */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const names = Object.keys(bundle).filter((name) => /\.(js|css|html|svg)$/.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          // A tiny file can come out bigger; then the server sends it as it is.
          if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** React Router's package exports send every import to its development build, whose warnings stay switched on
 * (ENABLE_DEV_WARNINGS; remix-run/react-router#12532, #14102), and a bundler ships it. The production build names the
 * same exports from the same package; the web build takes it, while tests and the dev server keep the warnings. */
function reactRouterProductionBuild(): Alias[] {
  const development = path.dirname(fileURLToPath(import.meta.resolve('react-router')));
  if (path.basename(development) !== 'development') return [];
  const production = path.join(path.dirname(development), 'production');
  return [
    { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
    { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: command === 'build' ? { alias: reactRouterProductionBuild() } : {},
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8000', changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  // The 'web' Vitest projects' shared settings; which files each runs, and how, is in the root vitest.config.ts.
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A component test renders, types and clicks in jsdom: a second when the machine is idle, several when the
    // browser tests or the API tests share its two cores (Vitest's 5 s default then fails tests that are right).
    testTimeout: 45_000,
  },
}));
