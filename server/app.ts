import { randomBytes } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import helmet from "helmet";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { openDatabase } from "../app/db/client.server.ts";
import { databaseProblem } from "../app/db/failure.server.ts";
import { type Runtime, setRuntime } from "../app/db/runtime.server.ts";
import { sweepUnusedUploads } from "../app/features/admin/media-sweep.server.ts";
import { ensureBootstrapAccount } from "../app/features/auth/accounts.server.ts";
import { startAvailabilityJobs } from "../app/features/availability/jobs.server.ts";
import { blogPictures } from "../app/features/blog/posts.server.ts";
import { sendAvailabilityNotices } from "../app/features/leads/availability-notices.server.ts";
import { createSenders, startOutboxWorker } from "../app/features/leads/outbox.server.ts";
import { startLeaseJob } from "../app/features/leases/lease-jobs.server.ts";
import { demoUnits } from "../app/features/listings/demo-units.server.ts";
import { createMediaStorage } from "../app/features/media/create-storage.server.ts";
import { ensureHeroVariants } from "../app/features/media/hero-variants.server.ts";
import { withEncoderProcess } from "../app/features/media/picture-encoder.server.ts";
import { HERO_PICTURE } from "../app/features/media/site-picture.ts";
import { startStatementJob } from "../app/features/owner-statements/statement-jobs.server.ts";
import { brochureFileName, cachedRoiBrochure } from "../app/features/owners/brochure.server.ts";
import { startSavedSearchJob } from "../app/features/saved-searches/saved-search-jobs.server.ts";
import { type AppConfig, loadConfig } from "../app/lib/config.server.ts";
import { createLogger, type Logger } from "../app/lib/logger.server.ts";
import { projectRoot } from "../app/lib/paths.server.ts";
import {
  clientAddressContext,
  cspNonceContext,
  type ResponseHints,
  requestLoggerContext,
  responseHintsContext,
} from "../app/lib/request-context.ts";
import { ensureDemoPictures, SITE_PICTURES, seedIfEmpty } from "../app/setup/seed.server.ts";
import { bodyLimit } from "./body-limit.ts";
import { rememberedCurrencyRedirect } from "./currency-redirect.ts";
import { mediaHandler } from "./media.ts";
import { pageCacheMiddleware } from "./page-cache-middleware.ts";
import { precompressedAssets } from "./precompressed-assets.ts";
import { requestIdMiddleware } from "./request-id.ts";
import { withRetryAfter } from "./retry-after.ts";

export interface StartOptions {
  /** Development: Vite serves the assets and rebuilds on change. */
  vite?: ViteDevServer;
  env?: NodeJS.ProcessEnv;
}

export interface StartedApp {
  app: Express;
  config: AppConfig;
  logger: Logger;
  /** Closes the database; call once the HTTP server has stopped. */
  close(): Promise<void>;
}

const RETRY_DATABASE_MS = 5_000;

/** A bucket or CDN on plain http (a local test server) is allowed besides https: ones. */
function mediaOrigin(config: AppConfig): string[] {
  const url = config.mediaPublicUrl;
  return url?.startsWith("http:") ? [new URL(url).origin] : [];
}

/** The origin of MAP_STYLE_URL, which the maps fetch the style, tiles and glyphs from. */
function mapStyleOrigin(config: AppConfig): string[] {
  return config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : [];
}

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/**
 * Opens the database and media storage, migrates and seeds on first run, and builds the Express
 * app around React Router's request handler.
 */
export async function startApp(options: StartOptions = {}): Promise<StartedApp> {
  const config = loadConfig(options.env);
  const logger = createLogger(config.logLevel);
  const storage = createMediaStorage(config);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
  });
  const runtime: Runtime = { config, database, databaseReady: false, storage, logger };
  setRuntime(runtime);
  // Alerts and replies of stored leads: sent from here, retried until they go.
  const outboxWorker = startOutboxWorker({
    db: () => (runtime.databaseReady ? database.db : null),
    senders: createSenders(config.notifications, async (lang) => ({
      pdf: (await cachedRoiBrochure(lang, config.contacts)).pdf,
      fileName: brochureFileName(lang),
    })),
    logger,
    secrets: [config.notifications.telegram?.token ?? "", config.notifications.line?.token ?? ""],
  });
  runtime.outbox = outboxWorker;

  const pictures = [...SITE_PICTURES, ...(await blogPictures())];
  try {
    // SEED_DEMO=off: the site's own pictures only, none of the demo units'.
    const units = config.demo.seed ? demoUnits() : [];
    // Encoded in a child process, started only if a picture is missing: the memory libvips
    // takes for it goes back to the system when the child exits (decision 099).
    await withEncoderProcess(async (encoder) => {
      const made = await ensureDemoPictures(storage, units, pictures, encoder);
      if (made > 0) logger.info({ pictures: made }, "made demo pictures");
      // The home page's first picture also comes in AVIF and cut for phones (see home.tsx).
      const hero = await ensureHeroVariants(storage, HERO_PICTURE, encoder);
      if (hero > 0) logger.info({ pictures: hero }, "made the hero picture's AVIF and phone cut");
    });
  } catch (error) {
    // Local disk failing is fatal; a bucket may be out of reach for a while: the site starts,
    // and the pictures are made at the next start.
    if (config.media.storage === "local") throw error;
    logger.error({ err: error }, "could not check the demo pictures in the bucket");
  }

  let retry: NodeJS.Timeout | undefined;
  // Statuses follow the calendar at each Bangkok midnight; feeds are fetched on a timer.
  const availabilityJobs = startAvailabilityJobs(
    database,
    config.availability,
    logger,
    () => runtime.databaseReady,
    { notifications: config.notifications, publicUrl: config.publicUrl },
  );
  // New units for confirmed saved searches: one e-mail per search, daily at the configured hour.
  const savedSearchJob = startSavedSearchJob({
    database,
    settings: {
      publicUrl: config.publicUrl,
      contacts: config.contacts,
      notifications: config.notifications,
    },
    hour: config.savedSearchHour,
    logger,
    isReady: () => runtime.databaseReady,
    afterMail: () => outboxWorker.nudge(),
    // "Notify me when it is free": in the same round, one notice per request whose unit is free.
    alsoDaily: (db) =>
      sendAvailabilityNotices(db, {
        publicUrl: config.publicUrl,
        contacts: config.contacts,
        notifications: config.notifications,
      }),
  });
  // Leases: rent reminders to tenants, the desk's TM30 and deposit alerts, erasure past retention.
  const leaseJob = startLeaseJob({
    database,
    settings: {
      publicUrl: config.publicUrl,
      notifications: config.notifications,
      retentionDays: config.leaseDataRetentionDays,
    },
    logger,
    isReady: () => runtime.databaseReady,
    afterMail: () => outboxWorker.nudge(),
  });
  // Owners' statements: each ended month (revenue share) or quarter (guaranteed) drafted daily
  // at 06:00 in Phuket and at start, the desk told on its alert channels.
  const statementJob = startStatementJob({
    database,
    settings: { publicUrl: config.publicUrl, notifications: config.notifications },
    logger,
    isReady: () => runtime.databaseReady,
    afterMail: () => outboxWorker.nudge(),
  });
  const prepare = async () => {
    await database.exclusive(() => database.migrate());
    const { seeded, demoOwner } = await seedIfEmpty(database, config.demo, storage);
    if (seeded > 0) logger.info({ units: seeded }, "seeded demo data");
    if (demoOwner?.created) {
      // Printed this once: the demo owner's password is not kept anywhere else in clear.
      logger.warn(
        demoOwner.generatedPassword
          ? { email: demoOwner.email, password: demoOwner.generatedPassword }
          : { email: demoOwner.email },
        demoOwner.generatedPassword
          ? "created the demo owner with a generated password (set DEMO_OWNER_PASSWORD to choose it)"
          : "created the demo owner with DEMO_OWNER_PASSWORD",
      );
    }
    if (config.bootstrapAdmin) {
      const { email, password } = config.bootstrapAdmin;
      // Under the start-up lock: servers starting together would both try to create it.
      const outcome = await database
        .exclusive(() => ensureBootstrapAccount(database.db, email, password))
        .catch((error: unknown) => {
          // A weak ADMIN_PASSWORD must not stop the site; it is reported instead.
          logger.error(
            { err: error, email },
            "could not create the admin account from ADMIN_EMAIL",
          );
          return "failed";
        });
      if (outcome === "created")
        logger.info({ email }, "created the admin account from ADMIN_EMAIL");
    }
    runtime.databaseReady = true;
    logger.info({ database: database.kind }, "database ready");
    sweepUploads();
    availabilityJobs.runNow();
    // A round missed while no server ran (the 06:00 one) is caught up at start.
    void statementJob.runNow();
    outboxWorker.nudge();
  };
  // Pictures uploaded into admin forms that were never saved: swept at start and daily.
  const sweepUploads = () => {
    sweepUnusedUploads(database.db, storage)
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "removed unused uploaded pictures");
      })
      .catch((err: unknown) => logger.warn({ err }, "could not sweep unused uploads"));
  };
  const sweeper = setInterval(
    () => {
      if (runtime.databaseReady) sweepUploads();
    },
    24 * 60 * 60 * 1000,
  );
  sweeper.unref();
  try {
    await prepare();
  } catch (error) {
    // The embedded database failing is fatal; a database server may just not be up yet:
    // serve the fallback listing meanwhile and keep trying.
    if (database.kind === "embedded") throw error;
    logger.error({ err: error }, "database unavailable; serving demo data and retrying");
    const again = () => {
      retry = setTimeout(() => {
        prepare().catch((err: unknown) => {
          logger.warn({ err }, "database still unavailable");
          again();
        });
      }, RETRY_DATABASE_MS);
      retry.unref();
    };
    again();
  }

  // Every route passes its answer's Retry-After on (server/retry-after.ts). In production the
  // build is loaded once, at start: given as a function, React Router derives its routes from
  // it again on every request (about 7% of an uncached page's processor time, decision 107),
  // and the first visitor would wait while it loads. Vite's build changes as files change.
  const loadBuild = async () => withRetryAfter(await import("virtual:react-router/server-build"));
  const app = createExpressApp(runtime, options.vite, options.vite ? loadBuild : await loadBuild());
  return {
    app,
    config,
    logger,
    close: async () => {
      clearTimeout(retry);
      clearInterval(sweeper);
      availabilityJobs.stop();
      savedSearchJob.stop();
      leaseJob.stop();
      statementJob.stop();
      await outboxWorker.stop();
      await database.close();
      if ("close" in storage && typeof storage.close === "function") storage.close();
      setRuntime(undefined);
    },
  };
}

function createExpressApp(
  runtime: Runtime,
  vite: ViteDevServer | undefined,
  build: ServerBuild | (() => Promise<ServerBuild>),
): Express {
  const { config, logger, database } = runtime;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const trustProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  app.use(requestIdMiddleware(logger, (address) => trustProxy(address, 0)));
  // Before the page cache: a kept page in baht must not answer a visitor who chose a currency.
  app.use(rememberedCurrencyRedirect());
  const pageCache = config.pageCache ? pageCacheMiddleware(runtime) : undefined;
  // A kept page already carries every header below; answering it first saves their work.
  if (pageCache) app.use(pageCache.serve);
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.locals.hints = { cacheable: true } satisfies ResponseHints;
    next();
  });
  app.use(
    helmet({
      // Vite's development client injects inline scripts of its own.
      contentSecurityPolicy: vite
        ? false
        : {
            directives: {
              "script-src": [
                "'self'",
                (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
              ],
              "img-src": ["'self'", "data:", "https:", ...mediaOrigin(config)],
              // MapLibre runs its workers from blob: URLs and fetches the style's tiles and fonts.
              "worker-src": ["'self'", "blob:"],
              "connect-src": ["'self'", ...mapStyleOrigin(config)],
              "upgrade-insecure-requests": config.publicUrl.startsWith("https:") ? [] : null,
            },
          },
      strictTransportSecurity: config.publicUrl.startsWith("https:"),
      // Helmet's default, no-referrer, makes browsers send `Origin: null` on form posts, which
      // React Router's CSRF check (and ours) must refuse: forms without JavaScript would fail.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  // Features no page of the site uses, off for every page and anything injected into one.
  app.use((_req, res, next) => {
    res.set("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });
  // Admin and owner-portal pages and their data hold personal details: never stored by a
  // browser or a proxy.
  app.use((req, res, next) => {
    if (/^\/admin(\/|\.data$|$)/.test(req.path) || /^(\/ru)?\/owner(\/|\.data$|$)/.test(req.path))
      res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
    next();
  });

  // Liveness: the process serves requests. No database call, so a database outage never gets
  // healthy servers restarted.
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Readiness: this server can do its work, the database answering. A load balancer sends
  // visitors only to servers that answer 200 here.
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    const problem = await databaseProblem();
    if (problem === null) {
      res.json({ status: "ready", database: database.kind });
      return;
    }
    // The cause goes to the log, not to whoever asks.
    (res.locals.logger as Logger).warn({ err: problem }, "readiness check failed");
    res.status(503).json({ status: "unavailable", database: database.kind });
  });

  app.use(compression());

  app.use("/media", mediaHandler(config, runtime.storage, logger));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const clientDir = path.join(projectRoot(), "build", "client");
    // Hashed file names: cache for a year, never revalidate; compressed once, at build time.
    app.use("/assets", precompressedAssets(path.join(clientDir, "assets")));
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.use(bodyLimit());
  if (pageCache) app.use(pageCache.fill);

  app.use((req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      (res.locals.logger as Logger).info(
        {
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    });
    next();
  });

  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: vite ? "development" : "production",
      getLoadContext: (req, res) => {
        const context = new RouterContextProvider();
        context.set(cspNonceContext, res.locals.cspNonce as string);
        context.set(clientAddressContext, req.ip ?? "unknown");
        context.set(responseHintsContext, res.locals.hints as ResponseHints);
        context.set(requestLoggerContext, res.locals.logger as Logger);
        return context;
      },
    }),
  );

  // Express 5 passes errors thrown by middleware here; React Router renders its own errors.
  app.use(
    (error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
      const status = (error as { status?: number }).status ?? 500;
      if (status >= 500)
        ((res.locals.logger as Logger | undefined) ?? logger).error(
          { err: error, url: req.originalUrl },
          "request failed",
        );
      res
        .status(status)
        .type("text/plain")
        .send(status === 404 ? "Not found" : "Something went wrong");
    },
  );
  return app;
}
