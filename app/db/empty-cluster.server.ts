import { existsSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { projectPath } from "../lib/paths.server.ts";

/**
 * A new embedded database starts as an empty PostgreSQL cluster. Making one runs `initdb` inside
 * the process, which holds some 300 MB more for a few seconds (decision 099); the build packs an
 * empty cluster once (`npm run build`, 4.5 MB), and a server on an empty data folder unpacks it
 * instead. The file names the PGlite version that made it: another version makes its own.
 */
export function packedClusterPath(): string {
  const manifest = projectPath("node_modules", "@electric-sql", "pglite", "package.json");
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  return projectPath("build", `empty-database-pglite-${version}.tgz`);
}

/** The packed empty cluster, when the build made one for this PGlite version. */
export async function packedCluster(): Promise<Blob | undefined> {
  const file = packedClusterPath();
  return existsSync(file) ? new Blob([await readFile(file)]) : undefined;
}

/** Makes a new empty cluster in memory and writes it packed to `packedClusterPath()`. */
export async function packEmptyCluster(): Promise<string> {
  const client = await PGlite.create("memory://");
  try {
    const packed = await client.dumpDataDir("gzip");
    const file = packedClusterPath();
    await writeFile(file, Buffer.from(await packed.arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}
