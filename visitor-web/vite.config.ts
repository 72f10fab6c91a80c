import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { serviceWorker } from './sw/plugin.ts';

const api = process.env.API_URL ?? 'http://localhost:3000';

const config: UserConfig = {
  // brotli and gzip copies of JS/CSS/HTML/SVG beside each file: the API and nginx send them as they are
  plugins: [
    react(),
    serviceWorker(fileURLToPath(new URL('./public', import.meta.url))),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
      '/manifest.webmanifest': { target: api, changeOrigin: false },
      '/r/': { target: api, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
      '/manifest.webmanifest': { target: api, changeOrigin: false },
      '/r/': { target: api, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // one stylesheet in the page, as before the styles moved beside their components: the lazy
    // pages' rules arrive with the first paint and keep the order of the imports
    cssCodeSplit: false,
  },
};

export default defineConfig(({ command }) => {
  // a build is for production whatever NODE_ENV the shell has (development would bundle React's dev build)
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
