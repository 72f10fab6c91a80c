import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

// The portal lives under /adm (served by the API in embedded mode, by nginx in services mode).
export default defineConfig({
  base: '/adm/',
  plugins: [react()],
  server: { proxy: { '/api': api, '/media': api } },
  // the manifest lets scripts/size.mjs tell the first paint's chunks from the lazy pages
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 2000, manifest: true },
});
