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
        // trip for each. The first download stays one file; the UI kit (Radix, icons, web/components) is two more,
        // shared by every screen. The heavy libraries (PDF, charts, Stripe) stay in their own on-demand chunks.
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"], priority: 20 },
            // Icons, Radix's base parts and web/components: every screen's kit.
            {
              name: "ui",
              test: /node_modules[\\/](lucide-react|clsx|tailwind-merge|radix-ui|@radix-ui[\\/](primitive|number|react-(primitive|slot|compose-refs|context|id|direction|presence|collection|roving-focus|tabs|label|visually-hidden|use-[a-z-]+)))[\\/]|web[\\/]components[\\/](?!confirm-dialog|ui[\\/](dialog|alert-dialog|dropdown-menu|popover|select|toaster)\.tsx)/,
              priority: 15,
            },
            // Menus, dialogs, selects and toasts (Radix's layered parts and their positioning): the signed-in
            // screens need them, the sign-in page does not.
            {
              name: "overlays",
              test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]|web[\\/]components[\\/](confirm-dialog|ui[\\/](dialog|alert-dialog|dropdown-menu|popover|select|toaster))\.tsx$/,
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
