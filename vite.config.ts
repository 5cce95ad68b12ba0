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
 * Nor the modules that only parts loaded later use (the owners' money, dates and leases, the live
 * message and load-failure notes, the form styles), nor the icons and the facilities, which of
 * the first loads only the unit page needs: "used twice" counts the parts loaded later too, so
 * each of these put about 0.1-0.7 KB gzip on every page's first load.
 */
const SHARED =
  /[\\/]app[\\/](i18n|lib|ui|domain|features[\\/](media|favorites))[\\/]|[\\/]status-badge\.tsx?$/;
const NOT_SHARED =
  /[\\/](owner-programs|section-heading|en|ru|admin-labels|form-schema|email-address)\.tsx?$|[\\/]app[\\/]ui[\\/]map[\\/]|[\\/]app[\\/]domain[\\/](owner-money|owners|date-time|lease-rules|leases|geo)\.ts$|[\\/]app[\\/]ui[\\/](icon|live-message|load-failure|button-styles|label-options)\.tsx?$/;

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
