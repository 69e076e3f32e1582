/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/entry-size.mjs reads what the entry loads statically.
    manifest: true,
    // No <link rel="modulepreload"> for the whole app in index.html: on a slow phone those
    // ~180 KB would compete with the stylesheet for the first paint. The entry imports them
    // at once anyway.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        // Radix, sonner and the icons are left to the default splitting: grouped into one
        // eager chunk they would undo the on-demand loading of dialogs, menus and toasts.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // What the entry needs and lazy pages share (SWR, the API client, auth, the small UI
            // pieces): one chunk instead of a dozen small ones, which compress worse apart.
            // use-sync-external-store's with-selector is the campaign editor's (TipTap): it loads with it.
            {
              name: 'app',
              test: /node_modules[\\/](swr[\\/]dist[\\/](?!infinite|mutation|subscription|immutable)|(use-sync-external-store[\\/](?!.*with-selector)|(dequal|clsx)[\\/]))|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared[\\/])|src[\\/]lib[\\/](?!cookies|format|dates|pending-toast|use-copy|use-debounced-value|search-params)|src[\\/]features[\\/]auth[\\/](auth-context|use-user-key|use-sign-out|api[\\/]session)|src[\\/]components[\\/]ui[\\/](button|skeleton|brand|page-header|tooltip|dialog|sheet)\.|src[\\/](app[\\/](provider|router|lazy-page|resource-error-banner|layouts[\\/](root-layout|app-shell|sidebar|sidebar-state)|routes[\\/]dashboard)|features[\\/](billing[\\/](subscription-(context|status)|api[\\/]checkout)|leads[\\/]api[\\/]leads|forms[\\/]api[\\/]forms|profiles[\\/]api[\\/]profile|auth[\\/]attribution|rewards[\\/]referral))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
