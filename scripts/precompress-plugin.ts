import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; smaller ones cost more in headers than they save. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
const MIN_BYTES = 512;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) twin beside every text asset of
 * the client build, once, so the server sends them as they are instead of compressing each
 * download (server/precompressed-assets.ts).
 */
export function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "";
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(dir, file);
            const body = await readFile(full);
            if (body.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gz(body, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
          }),
      );
    },
  };
}
