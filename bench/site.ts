/** The built site started for a benchmark, on a free port, with its own data folder. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Site {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Stops the server and waits until it has closed the database. */
  stop(): Promise<void>;
}

export async function startSite(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<Site> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "bench-")));
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      // Canonical and alternate links name the address the benchmark reaches.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      MEDIA_DIR: path.join(root, ".e2e-data", "media"),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  // The first start draws the demo pictures, which takes a while on a busy machine.
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error("the site stopped while starting");
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, dataDir, child, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error("the site did not start");
}
