import { createPrivateKey, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parsePosition } from "../domain/geo.ts";
import { PROMPTPAY_ID_PATTERN } from "../domain/promptpay.ts";
import type { Contacts } from "./contacts.ts";
import { parseAllowHosts } from "./safe-fetch.server.ts";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole number")
      .min(1, "must be from 1 to 65535")
      .max(65535, "must be from 1 to 65535")
      .default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATABASE_URL: optional(
      z
        .string()
        .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection URL"),
    ),
    DATA_DIR: z.string().min(1).default("./data"),
    MEDIA_DIR: optional(z.string().min(1)),
    PUBLIC_URL: optional(z.url({ error: "must be an absolute http(s) URL" })),
    SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters long")),
    TRUST_PROXY: optional(z.string().min(1)),
    PAGE_CACHE: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    ADMIN_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
    ADMIN_PASSWORD: optional(z.string().min(12, "must be at least 12 characters long")),
    SEED_DEMO: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    DEMO_OWNER_EMAIL: z.email({ error: "must be an e-mail address" }).default("owner@example.com"),
    DEMO_OWNER_PASSWORD: optional(z.string().min(12, "must be at least 12 characters long")),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    BRAND_NAME: z.string().min(1).default("Kamala Living"),
    CONTACT_PHONE: z
      .string()
      .regex(/^\+[0-9 ]{8,20}$/, "must be an international phone number like +66 76 000 100")
      .default("+66 76 000 100"),
    CONTACT_WHATSAPP: z
      .string()
      .regex(/^[0-9]{8,15}$/, "must be the WhatsApp number in digits only, country code first")
      .default("6676000100"),
    CONTACT_TELEGRAM: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, "must be a Telegram username without @")
      .default("kamala_living_desk"),
    CONTACT_EMAIL: z.email({ error: "must be an e-mail address" }).default("rentals@example.com"),
    OFFICE_ADDRESS: z.string().min(1).default("88/8 Rim Had Road, Kamala, Kathu, Phuket 83150"),
    OFFICE_POSITION: z
      .string()
      .max(40)
      .transform((value, ctx) => {
        const position = parsePosition(value);
        if (!position) {
          ctx.addIssue({
            code: "custom",
            message: "must be latitude, longitude in decimal degrees, like 7.9505, 98.2838",
          });
          return z.NEVER;
        }
        return position;
      })
      .default({ latitude: 7.9505, longitude: 98.2838 }),
    SERVICES_URL: optional(z.url({ error: "must be an absolute http(s) URL" })),
    MAP_STYLE_URL: optional(
      z
        .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL of a map style" })
        .max(2000, "must be at most 2000 characters"),
    ),
    MEDIA_STORAGE: z.enum(["local", "s3"], { error: 'must be "local" or "s3"' }).default("local"),
    MEDIA_PUBLIC_URL: optional(
      z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }),
    ),
    S3_ENDPOINT: optional(
      z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }),
    ),
    S3_BUCKET: optional(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens",
        ),
    ),
    S3_REGION: optional(
      z.string().regex(/^[a-z0-9-]{2,32}$/, "must be a region name like eu-central-1 or auto"),
    ),
    S3_ACCESS_KEY_ID: optional(z.string().min(1)),
    S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
    AVAILABILITY_HORIZON_DAYS: z.coerce
      .number({ error: "must be a number of days" })
      .int("must be a whole number of days")
      .min(0, "must be from 0 to 365")
      .max(365, "must be from 0 to 365")
      .default(60),
    CALENDAR_FEED_INTERVAL_MINUTES: z.coerce
      .number({ error: "must be a number of minutes" })
      .int("must be a whole number of minutes")
      .min(0, "must be from 0 (off) to 1440")
      .max(1440, "must be from 0 (off) to 1440")
      .default(30),
    CALENDAR_FEED_TIMEOUT_SECONDS: z.coerce
      .number({ error: "must be a number of seconds" })
      .int("must be a whole number of seconds")
      .min(1, "must be from 1 to 60")
      .max(60, "must be from 1 to 60")
      .default(10),
    CALENDAR_FEED_ALERT_HOURS: z.coerce
      .number({ error: "must be a number of hours" })
      .int("must be a whole number of hours")
      .min(1, "must be from 1 to 168")
      .max(168, "must be from 1 to 168")
      .default(6),
    CALENDAR_FEED_ALLOW_HOSTS: z
      .string()
      .max(2000, "must be at most 2000 characters")
      .default("")
      .transform((value, ctx) => {
        try {
          return parseAllowHosts(value);
        } catch (error) {
          ctx.addIssue({
            code: "custom",
            message: `must be host:port pairs separated by commas, like 127.0.0.1:8080,calendar.lan:443 (${(error as Error).message})`,
          });
          return z.NEVER;
        }
      }),
    LEASE_DATA_RETENTION_DAYS: z.coerce
      .number({ error: "must be a number of days" })
      .int("must be a whole number of days")
      .min(30, "must be at least 30 days")
      .max(36_500, "must be at most 36500 days")
      .default(1825),
    SAVED_SEARCH_HOUR: z.coerce
      .number({ error: "must be an hour from 0 to 23" })
      .int("must be a whole hour from 0 to 23")
      .min(0, "must be an hour from 0 to 23")
      .max(23, "must be an hour from 0 to 23")
      .default(9),
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"], { error: 'must be "true" or "false"' })
      .default("false"),
    SMTP_URL: optional(
      z
        .string()
        .regex(
          /^smtps?:\/\/[^\s]+$/,
          "must be an smtp:// or smtps:// URL like smtp://user:pass@host:587",
        ),
    ),
    MAIL_FROM: optional(z.string().min(3).max(200)),
    /** The company address desk alerts come From (the visitor's name as its display name). */
    MAIL_ALERT_FROM: optional(z.email({ error: "must be an e-mail address" })),
    /** The envelope sender (Return-Path) where bounces go; on the company's domain. */
    MAIL_BOUNCE_ADDRESS: optional(z.email({ error: "must be an e-mail address" })),
    SMTP_HELO_NAME: optional(
      z
        .string()
        .max(253)
        .regex(
          /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
          "must be a host name like mail.example.com",
        ),
    ),
    DKIM_DOMAIN: optional(
      z
        .string()
        .max(253)
        .regex(/^[A-Za-z0-9.-]+\.[A-Za-z]{2,63}$/, "must be a domain like example.com"),
    ),
    DKIM_SELECTOR: optional(
      z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/, "must be a selector like mail2026"),
    ),
    /** The PEM private key itself (newlines may be written as \n), or DKIM_PRIVATE_KEY_FILE. */
    DKIM_PRIVATE_KEY: optional(z.string().min(100).max(20_000)),
    DKIM_PRIVATE_KEY_FILE: optional(z.string().min(1).max(4096)),
    LEADS_NOTIFY_EMAIL: optional(
      z
        .string()
        .max(2000)
        .refine(
          (v) => emailList(v).every((a) => z.email().safeParse(a).success),
          "must be one or more e-mail addresses separated by commas",
        ),
    ),
    TELEGRAM_BOT_TOKEN: optional(
      z
        .string()
        .regex(/^[0-9]{3,20}:[A-Za-z0-9_-]{20,100}$/, "must be a bot token from @BotFather"),
    ),
    TELEGRAM_CHAT_ID: optional(
      z
        .string()
        .regex(/^(-?[0-9]{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, "must be a chat id or @channel"),
    ),
    PROMPTPAY_ID: optional(
      z
        .string()
        .regex(
          PROMPTPAY_ID_PATTERN,
          "must be the PromptPay phone number (10 digits, like 0812345678) or 13-digit tax id, digits only",
        ),
    ),
    TELEGRAM_API_URL: z
      .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
      .default("https://api.telegram.org"),
    LINE_CHANNEL_ACCESS_TOKEN: optional(
      z.string().regex(/^[A-Za-z0-9+/=_.-]{20,2000}$/, "must be a LINE channel access token"),
    ),
    LINE_API_URL: z
      .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
      .default("https://api.line.me"),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.TELEGRAM_BOT_TOKEN) !== Boolean(c.TELEGRAM_CHAT_ID)) {
      const missing = c.TELEGRAM_BOT_TOKEN ? "TELEGRAM_CHAT_ID" : "TELEGRAM_BOT_TOKEN";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "is required with the other Telegram setting (or leave both unset)",
      });
    }
    const dkim = [c.DKIM_DOMAIN, c.DKIM_SELECTOR, c.DKIM_PRIVATE_KEY ?? c.DKIM_PRIVATE_KEY_FILE];
    if (dkim.some(Boolean) && !dkim.every(Boolean))
      ctx.addIssue({
        code: "custom",
        path: [
          ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"][dkim.findIndex((v) => !v)] ?? "",
        ],
        message:
          "is required with the other DKIM settings (DKIM_DOMAIN, DKIM_SELECTOR, and DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE), or leave all unset",
      });
    if (c.DKIM_PRIVATE_KEY && c.DKIM_PRIVATE_KEY_FILE)
      ctx.addIssue({
        code: "custom",
        path: ["DKIM_PRIVATE_KEY_FILE"],
        message: "is the other way to give the key: set DKIM_PRIVATE_KEY or this, not both",
      });
    if (c.LEADS_NOTIFY_EMAIL && !c.SMTP_URL)
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required to send the alerts of LEADS_NOTIFY_EMAIL",
      });
    if (c.MEDIA_STORAGE !== "s3") {
      // Pictures on local disk are served by this server; a CDN in front of it needs no setting.
      if (c.MEDIA_PUBLIC_URL)
        ctx.addIssue({
          code: "custom",
          path: ["MEDIA_PUBLIC_URL"],
          message: "is for pictures in a bucket: set MEDIA_STORAGE=s3 too, or leave it unset",
        });
      return;
    }
    for (const name of ["S3_BUCKET", "S3_REGION"] as const) {
      if (!c[name])
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "is required when MEDIA_STORAGE is s3",
        });
    }
    if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
      const missing = c.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message:
          "is required with the other S3 key (or leave both unset for the default AWS credentials)",
      });
    }
  });

/** Settings that are never echoed into an error message or a log. */
const SECRETS = new Set([
  "ADMIN_PASSWORD",
  "SESSION_SECRET",
  "S3_SECRET_ACCESS_KEY",
  "S3_ACCESS_KEY_ID",
  "TELEGRAM_BOT_TOKEN",
  "LINE_CHANNEL_ACCESS_TOKEN",
  "DKIM_PRIVATE_KEY",
]);

/** Settings holding a URL whose password is masked when echoed. */
const URLS_WITH_PASSWORD = new Set(["DATABASE_URL", "SMTP_URL"]);

/** The address of a From value ("Brand <desk@example.com>" or a bare address). */
function addressIn(from: string | undefined): string | undefined {
  if (!from) return undefined;
  const address = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return z.email().safeParse(address).success ? address : undefined;
}

/** The DKIM key from the setting or its file, checked to be a private key now, not at a send. */
function dkimConfig(c: {
  DKIM_DOMAIN?: string | undefined;
  DKIM_SELECTOR?: string | undefined;
  DKIM_PRIVATE_KEY?: string | undefined;
  DKIM_PRIVATE_KEY_FILE?: string | undefined;
}): { dkim?: { domainName: string; keySelector: string; privateKey: string } } {
  if (!c.DKIM_DOMAIN || !c.DKIM_SELECTOR) return {};
  let privateKey: string;
  if (c.DKIM_PRIVATE_KEY) privateKey = c.DKIM_PRIVATE_KEY.replace(/\\n/g, "\n");
  else {
    const file = c.DKIM_PRIVATE_KEY_FILE ?? "";
    try {
      privateKey = readFileSync(file, "utf8").slice(0, 20_000);
    } catch {
      throw new ConfigError([`DKIM_PRIVATE_KEY_FILE cannot be read (got "${file}")`]);
    }
  }
  try {
    createPrivateKey(privateKey);
  } catch {
    const name = c.DKIM_PRIVATE_KEY ? "DKIM_PRIVATE_KEY" : "DKIM_PRIVATE_KEY_FILE";
    throw new ConfigError([`${name} must hold a PEM private key (RSA or Ed25519)`]);
  }
  return {
    dkim: { domainName: c.DKIM_DOMAIN.toLowerCase(), keySelector: c.DKIM_SELECTOR, privateKey },
  };
}

function emailList(value: string): string[] {
  return value
    .split(",")
    .map((a) => a.trim())
    .filter((a) => a !== "");
}

/**
 * A setting's value as an error message may show it: the password of a connection URL is
 * masked (`postgres://user:***@host/db`); everything up to the last `@` after `user:` is hidden,
 * so a password holding `@` or `/` stays hidden too.
 */
function echoedValue(name: string, value: string | undefined): string | undefined {
  if (value === undefined || SECRETS.has(name)) return undefined;
  if (!URLS_WITH_PASSWORD.has(name)) return value;
  return value.replace(/^((?:[^:/@]*:\/\/)?[^:/@]*:).*@/s, "$1***@");
}

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  mediaDir: string;
  publicUrl: string;
  sessionSecret: string;
  logLevel: string;
  /** Express's `trust proxy`: false, a number of hops, or a list of addresses/subnets. */
  trustProxy: boolean | number | string;
  /** Keep rendered public pages in memory until the listing changes. */
  pageCache: boolean;
  contacts: Contacts;
  /** An admin account created once at start when it does not exist (ADMIN_EMAIL/ADMIN_PASSWORD). */
  bootstrapAdmin: { email: string; password: string } | undefined;
  /**
   * The demo data on first start (SEED_DEMO, off in production), with its demo owner
   * (DEMO_OWNER_EMAIL; DEMO_OWNER_PASSWORD, or a password generated and printed once).
   */
  demo: { seed: boolean; ownerEmail: string; ownerPassword: string | undefined };
  /** Where pictures are kept: `mediaDir` on local disk, or an S3-compatible bucket. */
  media: { storage: "local" } | { storage: "s3"; s3: S3Config };
  /**
   * A CDN or bucket address serving the pictures (MEDIA_PUBLIC_URL); `/media/...` then
   * redirects there. Unset: this server serves them itself.
   */
  mediaPublicUrl: string | undefined;
  /**
   * A MapLibre style (MAP_STYLE_URL) the maps draw instead of the built-in outline of Phuket.
   * Unset: the maps make no request to another site.
   */
  mapStyleUrl: string | undefined;
  availability: {
    /** A unit taken today that is free again within this many days is "soon". */
    horizonDays: number;
    /** How often calendar feeds are fetched; 0: only when an admin asks. */
    feedIntervalMinutes: number;
    feedTimeoutMs: number;
    /**
     * `host:port` pairs feeds are fetched from although private or on another port than 80/443
     * (CALENDAR_FEED_ALLOW_HOSTS); every other feed must be on a public address.
     */
    feedAllowHosts: string[];
    /** The desk is alerted when a feed has failed for this many hours (CALENDAR_FEED_ALERT_HOURS). */
    feedAlertHours: number;
  };
  /** Mail and Telegram for lead alerts and replies; each channel unset when not configured. */
  notifications: NotificationConfig;
  /** The hour (Phuket time, 0 to 23) of the daily round of saved-search alerts. */
  savedSearchHour: number;
  /**
   * Days after a lease ended (or was cancelled) before its tenants' personal data is erased
   * (LEASE_DATA_RETENTION_DAYS, 5 years by default).
   */
  leaseDataRetentionDays: number;
  /** The PromptPay id (phone or tax id) invoices ask tenants to pay; unset: no QR on invoices. */
  promptPayId: string | undefined;
}

export interface NotificationConfig {
  /** SMTP_URL set: replies to visitors are sent; alerts too when `desk` names addresses. */
  email:
    | {
        smtpUrl: string;
        from: string;
        desk: string[];
        /** The company address desk alerts come From (MAIL_ALERT_FROM; MAIL_FROM's otherwise). */
        alertFrom?: string;
        /** The envelope sender, where bounces go (MAIL_BOUNCE_ADDRESS); unset: the From. */
        bounceAddress?: string;
        /** The name said in EHLO (SMTP_HELO_NAME; the public host's otherwise). */
        heloName?: string;
        /** DKIM signing (nodemailer's own) when configured. */
        dkim?: { domainName: string; keySelector: string; privateKey: string };
      }
    | undefined;
  telegram: { token: string; chatId: string; apiUrl: string } | undefined;
  /** LINE_CHANNEL_ACCESS_TOKEN set: owners' LINE alerts (Messaging API push) are sent. */
  line?: { token: string; apiUrl: string } | undefined;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default chain (environment, shared files, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and checks the configuration; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        // Passwords and keys are never echoed into logs.
        const value = echoedValue(name, env[name]);
        return `${name} ${issue.message}${value === undefined ? "" : ` (got "${value}")`}`;
      }),
    );
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir,
    mediaDir: c.MEDIA_DIR ? path.resolve(c.MEDIA_DIR) : path.join(dataDir, "media"),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    sessionSecret: c.SESSION_SECRET ?? persistentSecret(dataDir),
    logLevel: c.LOG_LEVEL,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    pageCache: c.PAGE_CACHE === "on",
    demo: {
      seed: c.SEED_DEMO === "on",
      ownerEmail: c.DEMO_OWNER_EMAIL,
      ownerPassword: c.DEMO_OWNER_PASSWORD,
    },
    bootstrapAdmin:
      c.ADMIN_EMAIL && c.ADMIN_PASSWORD
        ? { email: c.ADMIN_EMAIL, password: c.ADMIN_PASSWORD }
        : undefined,
    media:
      c.MEDIA_STORAGE === "s3"
        ? {
            storage: "s3",
            s3: {
              bucket: c.S3_BUCKET ?? "",
              region: c.S3_REGION ?? "",
              endpoint: c.S3_ENDPOINT,
              forcePathStyle: c.S3_FORCE_PATH_STYLE === "true",
              credentials:
                c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
                  : undefined,
            },
          }
        : { storage: "local" },
    mediaPublicUrl: c.MEDIA_PUBLIC_URL?.replace(/\/$/, ""),
    mapStyleUrl: c.MAP_STYLE_URL,
    availability: {
      horizonDays: c.AVAILABILITY_HORIZON_DAYS,
      feedIntervalMinutes: c.CALENDAR_FEED_INTERVAL_MINUTES,
      feedTimeoutMs: c.CALENDAR_FEED_TIMEOUT_SECONDS * 1000,
      feedAllowHosts: c.CALENDAR_FEED_ALLOW_HOSTS,
      feedAlertHours: c.CALENDAR_FEED_ALERT_HOURS,
    },
    savedSearchHour: c.SAVED_SEARCH_HOUR,
    leaseDataRetentionDays: c.LEASE_DATA_RETENTION_DAYS,
    promptPayId: c.PROMPTPAY_ID,
    notifications: {
      email: c.SMTP_URL
        ? {
            smtpUrl: c.SMTP_URL,
            from: c.MAIL_FROM ?? `${c.BRAND_NAME} <${c.CONTACT_EMAIL}>`,
            desk: emailList(c.LEADS_NOTIFY_EMAIL ?? ""),
            alertFrom: c.MAIL_ALERT_FROM ?? addressIn(c.MAIL_FROM) ?? c.CONTACT_EMAIL,
            ...(c.MAIL_BOUNCE_ADDRESS ? { bounceAddress: c.MAIL_BOUNCE_ADDRESS } : {}),
            heloName: c.SMTP_HELO_NAME ?? new URL(c.PUBLIC_URL ?? "http://localhost").hostname,
            ...dkimConfig(c),
          }
        : undefined,
      telegram:
        c.TELEGRAM_BOT_TOKEN && c.TELEGRAM_CHAT_ID
          ? {
              token: c.TELEGRAM_BOT_TOKEN,
              chatId: c.TELEGRAM_CHAT_ID,
              apiUrl: c.TELEGRAM_API_URL.replace(/\/$/, ""),
            }
          : undefined,
      line: c.LINE_CHANNEL_ACCESS_TOKEN
        ? { token: c.LINE_CHANNEL_ACCESS_TOKEN, apiUrl: c.LINE_API_URL.replace(/\/$/, "") }
        : undefined,
    },
    contacts: {
      brandName: c.BRAND_NAME,
      phone: c.CONTACT_PHONE,
      whatsapp: c.CONTACT_WHATSAPP,
      telegram: c.CONTACT_TELEGRAM,
      email: c.CONTACT_EMAIL,
      officeAddress: c.OFFICE_ADDRESS,
      officePosition: c.OFFICE_POSITION,
      servicesUrl: c.SERVICES_URL,
    },
  };
}

/**
 * Without SESSION_SECRET, a random secret is made once and kept in DATA_DIR (readable by this
 * user only), so a restart keeps it. Several servers must share one: set SESSION_SECRET.
 */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
