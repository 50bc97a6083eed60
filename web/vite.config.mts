/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { hearthMessages } from './build/messages-plugin.mts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every text file of the
 * build of at least 1 KB, when smaller: the service sends them as they are to clients that accept
 * them (@fastify/static's `preCompressed`), so nothing is compressed per request (docs/web.md).
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.name.startsWith('.') ? [] : entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return {
    name: 'hearth-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        const brotli = brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gzip = gzipSync(body, { level: 9 });
        if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

/**
 * The web client: built into dist/web, which the service serves at `/`.
 * In development `vite --config web/vite.config.ts` proxies /api to the service on :3000.
 */
export default defineConfig({
  root: here('.'),
  plugins: [
    // locales/<lang>.json compiled at build time (the app ships no ICU parser)
    hearthMessages(here('../locales')),
    // installable, and the app shell precached so it opens with no network (docs/offline.md); the
    // worker is registered by app/offline after the first paint, and never caches API responses
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Hearth',
        short_name: 'Hearth',
        description: 'Places, budget and lists shared by a family or a flat',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#b45309',
        background_color: '#fffbf5',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // every page of the app opens from the precached shell; the service's own paths never do
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/docs/, /^\/health/],
        // nothing is cached at run time: API answers carry bearer tokens (data for offline use is
        // kept by the app in IndexedDB, per user)
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Web Push ("Done", "Snooze 1 h") beside the precache: web/public/push-sw.js
        importScripts: ['/push-sw.js'],
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: {
      '@client': here('../clients/typescript/index.ts'),
      // rules the service and the app share (docs/architecture.md)
      '@domain': here('../domain'),
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
