/**
 * Starts the site: `node server.ts` serves the production build; with NODE_ENV=development it
 * runs Vite in middleware mode instead. Stops gracefully on SIGTERM and SIGINT: no new
 * connections, requests in flight finish, then the database is closed.
 */
import type { Server } from "node:http";
import { listen } from "./server/listen.ts";

const dev = process.env.NODE_ENV === "development";
const SHUTDOWN_GRACE_MS = 10_000;

type AppModule = typeof import("./server/app.ts");

async function main() {
  let appModule: AppModule;
  let vite: import("vite").ViteDevServer | undefined;
  if (dev) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    appModule = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
  } else {
    // @ts-expect-error: the build exists only after `npm run build`.
    appModule = (await import("./build/server/index.js")) as AppModule;
  }

  const started = await appModule.startApp({ vite });
  const { app, config, logger } = started;
  const server: Server = listen(app, config.port, config.host, () => {
    logger.info({ url: config.publicUrl, port: config.port }, "listening");
  });
  server.on("error", (error) => {
    logger.fatal({ err: error }, "could not listen");
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.warn("requests still open after the grace period; closing them");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await vite?.close();
      await started.close();
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`The server could not start.\n${message}`);
  process.exit(1);
});
