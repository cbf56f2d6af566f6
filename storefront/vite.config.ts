import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // The web app manifest and the service worker (src/sw.ts) of the browser's build; registered by
    // lib/offline.ts (no inline script: the Content-Security-Policy allows none).
    ...(isSsrBuild
      ? []
      : [
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src',
            filename: 'sw.ts',
            injectRegister: false,
            injectManifest: { globPatterns: ['icons/*.png'] },
            manifest: {
              name: 'Voltmarket: electric vehicles in Nigeria',
              short_name: 'Voltmarket',
              description: 'Buy, sell and rent electric vehicles in Nigeria, priced in naira.',
              lang: 'en-NG',
              start_url: '/',
              scope: '/',
              display: 'standalone',
              theme_color: '#0f6b47',
              background_color: '#ffffff',
              icons: [
                { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
                { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
                { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
              ],
            },
          }),
        ]),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/uploads': 'http://127.0.0.1:8080' } },
  // The server's renderer (src/entry-server.tsx) carries its own React, built for production like the
  // browser's: the same code draws both sides, whatever NODE_ENV the API runs with.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
}));
