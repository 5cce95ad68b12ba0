import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress-plugin.ts";

export default defineConfig({
  // The server build starts from our Express app, which mounts React Router's handler.
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
});
