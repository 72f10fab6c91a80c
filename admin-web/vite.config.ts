import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const api = process.env.API_URL ?? 'http://localhost:3000';

// The portal lives under /adm (served by the API in embedded mode, by nginx in services mode).
export default defineConfig({
  base: '/adm/',
  // brotli and gzip copies of JS/CSS/HTML/SVG beside each file: the API and nginx send them as they are
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  server: { proxy: { '/api': api, '/media': api } },
  // the manifest lets scripts/size.mjs tell the first paint's chunks from the lazy pages
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 2000, manifest: true },
});
