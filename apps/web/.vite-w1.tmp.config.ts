import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5174, strictPort: true, proxy: { '/api': 'http://localhost:8091', '/media': 'http://localhost:8091' } },
});
