import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// The console lives under /dashboard (spec A1, A2.1).
export default defineConfig({
  base: '/dashboard/',
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    react(),
    vanillaExtractPlugin(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:54321',
      '/auth': 'http://127.0.0.1:54321',
      '/storage': 'http://127.0.0.1:54321',
      '/p/': 'http://127.0.0.1:54321',
    },
  },
  build: { outDir: 'dist', sourcemap: false },
});
