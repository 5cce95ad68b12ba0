import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress-plugin.ts";

/** React, React DOM and React Router: every page needs all of them, so they come as one file. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/;
/**
 * Small app modules that several routes use (texts, formatting, icons, pictures, favourites): one
 * file instead of a dozen under 1 KB, each compressed alone. Not the owner programs' figures, the
 * section heading and the map (with MapLibre and Phuket's outline), which only parts loaded later
 * use; and not the English and Russian catalogues, the desk's labels, the schema-derived form limits
 * and the e-mail parser, which only admin and owner pages bundle (the pages get their texts from the
 * loader; in the shared file they pulled zod and nodemailer's parser into every public page).
 */
const SHARED =
  /[\\/]app[\\/](i18n|lib|ui|domain|features[\\/](media|favorites))[\\/]|[\\/](status-badge|facilities)\.tsx?$/;
const NOT_SHARED =
  /[\\/](owner-programs|section-heading|en|ru|admin-labels|form-schema|email-address)\.tsx?$|[\\/]app[\\/]ui[\\/]map[\\/]/;

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                {
                  name: "shared",
                  test: (id: string) => SHARED.test(id) && !NOT_SHARED.test(id),
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
