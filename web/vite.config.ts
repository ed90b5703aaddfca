import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { entryHtmlPages } from "../scripts/vite-entry-html.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

// Run from the repository root: `npx vite build --config web/vite.config.ts`.
// The Worker serves dist/web as static assets (see wrangler.toml [assets]).
export default defineConfig({
  root,
  publicDir: "public",
  plugins: [react(), tailwindcss(), entryHtmlPages(root)],
  build: {
    outDir: fileURLToPath(new URL("../dist/web", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Left alone, the bundler made ~100 chunks, one per icon or Radix part: a phone on a slow network pays a round
        // trip for each. The first download stays one file; the UI kit (Radix, icons, web/components) is one more,
        // shared by every screen. The heavy libraries (PDF, charts, Stripe) stay in their own on-demand chunks.
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"], priority: 20 },
            {
              name: "ui",
              test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|lucide-react|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib|clsx|tailwind-merge)[\\/]|web[\\/]components[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // During `vite dev` the API and OAuth routes live on the Worker.
    proxy: {
      "/api": "http://localhost:8787",
      "/auth/google": "http://localhost:8787",
      "/auth/github": "http://localhost:8787",
      "/auth/apple": "http://localhost:8787",
    },
  },
  preview: { port: 4173 },
});
