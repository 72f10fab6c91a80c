import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

// The portal lives under /adm (served by the API in embedded mode, by nginx in services mode).
export default defineConfig({
  base: '/adm/',
  plugins: [react()],
  server: { proxy: { '/api': api, '/media': api } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 2000 },
});
