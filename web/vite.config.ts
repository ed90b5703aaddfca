import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

// Run from the repository root: `npx vite build --config web/vite.config.ts`.
// The Worker serves dist/web as static assets (see wrangler.toml [assets]).
export default defineConfig({
  root,
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL("../dist/web", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
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
