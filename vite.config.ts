import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA is served by the API process on :8081 in production (`npm start`); in development
// Vite proxies /api there.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8081' } },
  build: { outDir: 'dist', sourcemap: true },
});
