/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The web client: built into dist/web, which the service serves at `/`.
 * In development `vite --config web/vite.config.ts` proxies /api to the service on :3000.
 */
export default defineConfig({
  root: here('.'),
  resolve: {
    alias: {
      '@client': here('../clients/typescript/index.ts'),
      '@': here('./src'),
    },
  },
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
    rolldownOptions: {
      // "use client" directives of React libraries mean nothing in a client-only bundle
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    root: here('.'),
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
