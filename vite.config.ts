import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress-plugin.ts";

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/,
                  priority: 2,
                },
                {
                  name: "shared",
                  test: (id: string) =>
                    /[\\/]app[\\/](i18n|lib|ui|domain|features[\\/](media|favorites))[\\/]|[\\/](status-badge|facilities)\.tsx?$/.test(
                      id,
                    ) && !/[\\/](owner-programs|section-heading)\.tsx?$/.test(id),
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    // The server build starts from our Express app, which mounts React Router's handler.
    ssr: {
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
});
