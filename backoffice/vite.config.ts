import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vendor code in a few cacheable chunks that change only on upgrades, so no single file is huge
// and a backoffice release re-downloads just the app's own code. Firebase is only ever imported
// dynamically, so its chunk loads beside the shell instead of inside it. A group also takes the
// dependencies of what it captures, so the groups lowest in the stack claim their code first.
const vendorChunks: { name: string; test: RegExp; priority: number }[] = [
  { name: 'firebase', test: /node_modules[\\/](firebase|@firebase|idb|tslib)[\\/]/, priority: 50 },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 45 },
  { name: 'mui-icons', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/, priority: 40 },
  { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis|clsx)[\\/]/, priority: 35 },
  { name: 'react-admin-core', test: /node_modules[\\/](ra-core|ra-data-simple-rest|ra-i18n-polyglot|ra-language-english|node-polyglot|@tanstack|react-hook-form|react-router|react-router-dom|lodash|query-string|decode-uri-component|split-on-first|filter-obj|inflection|date-fns|eventemitter3)[\\/]/, priority: 30 },
  { name: 'react-admin-ui', test: /node_modules[\\/](react-admin|ra-ui-materialui|react-dropzone|react-error-boundary|jsonexport|css-mediaquery|dompurify)[\\/]/, priority: 20 },
];

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/api': 'http://127.0.0.1:8080', '/uploads': 'http://127.0.0.1:8080' } },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorChunks },
      },
    },
  },
});
