import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server.ts";
import { DEMO_CONTACTS } from "./contacts.test-fixture.ts";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "config-test-"));

/** The problems a ConfigError names for these settings. */
function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  return [];
}

describe("loadConfig", () => {
  it("gives working demo defaults", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.mediaDir).toBe(path.join(dataDir, "media"));
    expect(config.contacts.email).toMatch(/@/);
  });

  it("makes a session secret once and keeps it, readable by its owner only", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    const file = path.join(dataDir, "session-secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("reads the given values", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://app@db.internal:5432/rentals",
      PUBLIC_URL: "https://rentals.example/",
      SESSION_SECRET: "x".repeat(40),
      CONTACT_WHATSAPP: "66812345678",
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe("postgres://app@db.internal:5432/rentals");
    expect(config.publicUrl).toBe("https://rentals.example");
    expect(config.sessionSecret).toBe("x".repeat(40));
    expect(config.contacts.whatsapp).toBe("66812345678");
  });

  it.each([
    ["PORT", "eighty", /PORT .*port number/],
    ["PORT", "70000", /PORT must be from 1 to 65535/],
    ["DATABASE_URL", "mysql://localhost/db", /DATABASE_URL must be a postgres:\/\//],
    ["PUBLIC_URL", "rentals.example", /PUBLIC_URL must be an absolute http\(s\) URL/],
    ["CONTACT_EMAIL", "desk", /CONTACT_EMAIL must be an e-mail address/],
    ["CONTACT_WHATSAPP", "+66 81", /CONTACT_WHATSAPP must be the WhatsApp number in digits/],
    ["CALENDAR_FEED_ALLOW_HOSTS", "calendar.lan", /CALENDAR_FEED_ALLOW_HOSTS must be host:port/],
  ])("refuses %s=%s with a message naming it", (name, value, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tempDir(), [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toContain(`(got "${value}")`);
  });

  it("reads LINE's channel access token and API address, and never echoes the token", () => {
    const token = "AbC+dEf/0123456789ghIJ=";
    const line = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tempDir(), ...env }).notifications.line;
    expect(line({})).toBeUndefined();
    expect(line({ LINE_CHANNEL_ACCESS_TOKEN: token })).toEqual({
      token,
      apiUrl: "https://api.line.me",
    });
    expect(
      line({ LINE_CHANNEL_ACCESS_TOKEN: token, LINE_API_URL: "http://127.0.0.1:9998/" }),
    ).toEqual({ token, apiUrl: "http://127.0.0.1:9998" });
    const message = configProblems({ LINE_CHANNEL_ACCESS_TOKEN: "bad token with spaces" }).join(
      "\n",
    );
    expect(message).toMatch(/LINE_CHANNEL_ACCESS_TOKEN must be a LINE channel access token/);
    expect(message).not.toContain("bad token with spaces");
    expect(configProblems({ LINE_API_URL: "ftp://line.example" }).join("\n")).toMatch(
      /LINE_API_URL must be an absolute http\(s\) URL/,
    );
  });

  it("never echoes SESSION_SECRET", () => {
    const message = configProblems({ SESSION_SECRET: "short-but-secret" }).join("\n");
    expect(message).toMatch(/SESSION_SECRET must be at least 32 characters/);
    expect(message).not.toContain("short-but-secret");
  });

  it.each([
    ["mysql://app:hunter2-db@db.internal/rentals", "mysql://app:***@db.internal/rentals"],
    ["mysql://app:p@ss/w0rd@db.internal/rentals", "mysql://app:***@db.internal/rentals"],
    ["app:hunter2-db@db.internal/rentals", "app:***@db.internal/rentals"],
    ["mysql://db.internal/rentals", "mysql://db.internal/rentals"],
  ])("masks the password of a wrong DATABASE_URL %s", (value, shown) => {
    const message = configProblems({ DATABASE_URL: value }).join("\n");
    expect(message).toContain(`DATABASE_URL must be a postgres://`);
    expect(message).toContain(`(got "${shown}")`);
    for (const secret of ["hunter2-db", "p@ss/w0rd", "w0rd"]) expect(message).not.toContain(secret);
  });

  it("seeds the demo unless SEED_DEMO=off, and names any other value", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).demo.seed).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: "on" }).demo.seed).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: "off" }).demo.seed).toBe(false);
    for (const value of ["no", "false", "OFF", "0"])
      expect(() => loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: value }), value).toThrow(
        /SEED_DEMO must be "on" or "off"/,
      );
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it("reads the hosts calendar feeds may be fetched from although private; none by default", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).availability.feedAllowHosts).toEqual([]);
    const config = loadConfig({
      DATA_DIR: tempDir(),
      CALENDAR_FEED_ALLOW_HOSTS: "127.0.0.1:8080, Calendar.LAN:443",
    });
    expect(config.availability.feedAllowHosts).toEqual(["127.0.0.1:8080", "calendar.lan:443"]);
  });
});

describe("admin account from the environment", () => {
  it("is read when both variables are set, and a bad password is not echoed", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/rentals-config-test" }).bootstrapAdmin).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: "/tmp/rentals-config-test",
        ADMIN_EMAIL: "ops@example.com",
        ADMIN_PASSWORD: "tiger lotus harbour",
      }).bootstrapAdmin,
    ).toEqual({ email: "ops@example.com", password: "tiger lotus harbour" });
    let message = "";
    try {
      loadConfig({ DATA_DIR: "/tmp/rentals-config-test", ADMIN_PASSWORD: "shortpw" });
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain("ADMIN_PASSWORD must be at least 12 characters long");
    expect(message).not.toContain("shortpw");
  });
});

describe("media storage settings", () => {
  const s3 = {
    MEDIA_STORAGE: "s3",
    S3_BUCKET: "rentals-media",
    S3_REGION: "ap-southeast-1",
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: tempDir(), ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    return [];
  };

  it("keeps pictures on local disk unless told otherwise", () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.media).toEqual({ storage: "local" });
    expect(config.mediaPublicUrl).toBeUndefined();
  });

  it("reads an S3-compatible bucket with its endpoint, keys and public address", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ...s3,
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "minio",
      S3_SECRET_ACCESS_KEY: "minio-secret",
      MEDIA_PUBLIC_URL: "https://cdn.example/media/",
    });
    expect(config.media).toEqual({
      storage: "s3",
      s3: {
        bucket: "rentals-media",
        region: "ap-southeast-1",
        endpoint: "http://127.0.0.1:9000",
        forcePathStyle: true,
        credentials: { accessKeyId: "minio", secretAccessKey: "minio-secret" },
      },
    });
    expect(config.mediaPublicUrl).toBe("https://cdn.example/media");
    // Without keys, the AWS SDK finds credentials itself (environment, role).
    const bare = loadConfig({ DATA_DIR: tempDir(), ...s3 });
    expect(bare.media.storage === "s3" && bare.media.s3.credentials).toBeUndefined();
    expect(bare.media.storage === "s3" && bare.media.s3.forcePathStyle).toBe(false);
  });

  it("names what is missing or wrong for S3, and never echoes a key", () => {
    expect(problems({ MEDIA_STORAGE: "s3" })).toEqual([
      "S3_BUCKET is required when MEDIA_STORAGE is s3",
      "S3_REGION is required when MEDIA_STORAGE is s3",
    ]);
    expect(problems({ MEDIA_STORAGE: "disk" })).toEqual([
      'MEDIA_STORAGE must be "local" or "s3" (got "disk")',
    ]);
    expect(problems({ ...s3, S3_BUCKET: "Rentals_Media" })[0]).toMatch(
      /^S3_BUCKET must be a bucket name.*\(got "Rentals_Media"\)$/,
    );
    expect(problems({ ...s3, S3_ENDPOINT: "minio:9000" })[0]).toMatch(
      /^S3_ENDPOINT must be an absolute http\(s\) URL/,
    );
    expect(problems({ ...s3, S3_FORCE_PATH_STYLE: "yes" })[0]).toMatch(
      /^S3_FORCE_PATH_STYLE must be "true" or "false"/,
    );
    expect(problems({ MEDIA_PUBLIC_URL: "ftp://cdn.example" })[0]).toMatch(
      /^MEDIA_PUBLIC_URL must be an absolute http\(s\) URL/,
    );
    const oneKey = problems({ ...s3, S3_SECRET_ACCESS_KEY: "very-secret-key" });
    expect(oneKey).toHaveLength(1);
    expect(oneKey[0]).toMatch(/^S3_ACCESS_KEY_ID is required with the other S3 key/);
    expect(oneKey.join()).not.toContain("very-secret-key");
    expect(problems({ MEDIA_PUBLIC_URL: "https://cdn.example" })).toEqual([
      'MEDIA_PUBLIC_URL is for pictures in a bucket: set MEDIA_STORAGE=s3 too, or leave it unset (got "https://cdn.example")',
    ]);
    // S3 settings are not needed, nor checked for presence, while media stay on local disk.
    expect(problems({ S3_BUCKET: "rentals-media" })).toEqual([]);
  });
});

describe("lead alert and reply channels", () => {
  it("sends nothing when neither SMTP nor Telegram is configured", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).notifications).toEqual({
      email: undefined,
      telegram: undefined,
    });
  });

  it("reads SMTP, the desk's addresses, the sender and Telegram", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SMTP_URL: "smtp://mailer:pa55@mail.example.com:587",
      LEADS_NOTIFY_EMAIL: "desk@example.com, owner@example.com",
      MAIL_FROM: "Kamala Living <rentals@example.com>",
      TELEGRAM_BOT_TOKEN: "123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOpp",
      TELEGRAM_CHAT_ID: "-1001234567",
      TELEGRAM_API_URL: "http://127.0.0.1:9999/",
    });
    expect(config.notifications).toEqual({
      email: {
        smtpUrl: "smtp://mailer:pa55@mail.example.com:587",
        from: "Kamala Living <rentals@example.com>",
        desk: ["desk@example.com", "owner@example.com"],
        alertFrom: "rentals@example.com",
        heloName: "localhost",
      },
      telegram: {
        token: "123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOpp",
        chatId: "-1001234567",
        apiUrl: "http://127.0.0.1:9999",
      },
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), SMTP_URL: "smtp://localhost:25" }).notifications.email,
    ).toEqual({
      smtpUrl: "smtp://localhost:25",
      from: "Kamala Living <rentals@example.com>",
      desk: [],
      alertFrom: "rentals@example.com",
      heloName: "localhost",
    });
  });

  it("reads the alert address, the bounce address, the EHLO name and a DKIM key (inline or from a file)", () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const dir = tempDir();
    const keyFile = path.join(dir, "dkim.pem");
    writeFileSync(keyFile, pem);
    const base = {
      DATA_DIR: dir,
      SMTP_URL: "smtp://localhost:25",
      PUBLIC_URL: "https://www.kamala.example",
      MAIL_ALERT_FROM: "alerts@kamala.example",
      MAIL_BOUNCE_ADDRESS: "bounces@kamala.example",
      DKIM_DOMAIN: "Kamala.example",
      DKIM_SELECTOR: "mail2026",
    };
    const inline = loadConfig({ ...base, DKIM_PRIVATE_KEY: pem.replace(/\n/g, "\\n") });
    expect(inline.notifications.email).toMatchObject({
      alertFrom: "alerts@kamala.example",
      bounceAddress: "bounces@kamala.example",
      // The public host unless SMTP_HELO_NAME says otherwise.
      heloName: "www.kamala.example",
      dkim: { domainName: "kamala.example", keySelector: "mail2026", privateKey: pem },
    });
    const fromFile = loadConfig({
      ...base,
      DKIM_PRIVATE_KEY_FILE: keyFile,
      SMTP_HELO_NAME: "mx1.kamala.example",
    });
    expect(fromFile.notifications.email?.dkim?.privateKey).toBe(pem);
    expect(fromFile.notifications.email?.heloName).toBe("mx1.kamala.example");

    // Half a DKIM configuration, a key that is no key, and a bad EHLO name are refused by name.
    expect(configProblems({ DKIM_DOMAIN: "kamala.example" }).join()).toMatch(
      /^DKIM_SELECTOR is required with the other DKIM settings/,
    );
    expect(configProblems({ SMTP_HELO_NAME: "bad name!" }).join()).toMatch(
      /^SMTP_HELO_NAME must be a host name/,
    );
    const notAKey = `-----BEGIN PRIVATE KEY-----\n${"A".repeat(200)}\n-----END PRIVATE KEY-----`;
    expect(() => loadConfig({ ...base, DKIM_PRIVATE_KEY: notAKey })).toThrow(
      /DKIM_PRIVATE_KEY must hold a PEM private key/,
    );
    try {
      loadConfig({ ...base, DKIM_PRIVATE_KEY: notAKey });
    } catch (error) {
      expect(String(error)).not.toContain("AAAAAAAA");
    }
  });

  it("names wrong values and never echoes a password or the bot token", () => {
    const problems = configProblems({
      SMTP_URL: "http://mailer:hunter2-smtp@mail.example.com",
      LEADS_NOTIFY_EMAIL: "desk@example.com, nope",
      TELEGRAM_BOT_TOKEN: "secret-token-value",
    }).join("\n");
    expect(problems).toContain("SMTP_URL must be an smtp:// or smtps:// URL");
    expect(problems).toContain("LEADS_NOTIFY_EMAIL must be one or more e-mail addresses");
    expect(problems).toContain("TELEGRAM_BOT_TOKEN must be a bot token");
    expect(problems).not.toContain("hunter2-smtp");
    expect(problems).not.toContain("secret-token-value");
    expect(configProblems({ TELEGRAM_CHAT_ID: "-100123" }).join()).toContain(
      "TELEGRAM_BOT_TOKEN is required with the other Telegram setting",
    );
    expect(configProblems({ LEADS_NOTIFY_EMAIL: "desk@example.com" }).join()).toContain(
      "SMTP_URL is required to send the alerts",
    );
  });

  it("reads the hour of the saved-search round, Phuket time, and names a wrong one", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).savedSearchHour).toBe(9);
    expect(loadConfig({ DATA_DIR: tempDir(), SAVED_SEARCH_HOUR: "0" }).savedSearchHour).toBe(0);
    for (const value of ["24", "-1", "7.5", "noon"])
      expect(configProblems({ SAVED_SEARCH_HOUR: value }).join()).toMatch(
        /^SAVED_SEARCH_HOUR must be (an|a whole) hour from 0 to 23/,
      );
  });

  it("keeps tenants' personal data five years after a lease ends unless told, at least 30 days", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).leaseDataRetentionDays).toBe(1825);
    expect(
      loadConfig({ DATA_DIR: tempDir(), LEASE_DATA_RETENTION_DAYS: "365" }).leaseDataRetentionDays,
    ).toBe(365);
    for (const value of ["29", "1.5", "forever", "-1"])
      expect(configProblems({ LEASE_DATA_RETENTION_DAYS: value }).join()).toMatch(
        /^LEASE_DATA_RETENTION_DAYS must be/,
      );
  });
});

describe("the office's position", () => {
  it("is the demo office unless OFFICE_POSITION gives latitude, longitude in range", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).contacts.officePosition).toEqual(
      DEMO_CONTACTS.officePosition,
    );
    expect(
      loadConfig({ DATA_DIR: tempDir(), OFFICE_POSITION: " 7.8961234567, 98.2962 " }).contacts
        .officePosition,
    ).toEqual({ latitude: 7.896123, longitude: 98.2962 });
    for (const value of [
      "98.2962, 7.8961",
      "7.89",
      "7.8961; 98.2962",
      "north",
      "91, 10",
      "-1e3, 5",
    ])
      expect(configProblems({ OFFICE_POSITION: value }).join()).toContain(
        "OFFICE_POSITION must be latitude, longitude in decimal degrees, like 7.9505, 98.2838",
      );
    // A long run of digits is refused by its length before any pattern reads it.
    expect(configProblems({ OFFICE_POSITION: `7.${"9".repeat(100_000)}, 98` }).join()).toContain(
      "OFFICE_POSITION",
    );
  });
});

describe("map style", () => {
  it("is the built-in one unless MAP_STYLE_URL names an http(s) style", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mapStyleUrl).toBeUndefined();
    const url = "https://tiles.example.com/styles/phuket.json";
    expect(loadConfig({ DATA_DIR: tempDir(), MAP_STYLE_URL: url }).mapStyleUrl).toBe(url);
    expect(configProblems({ MAP_STYLE_URL: "javascript:alert(1)" }).join()).toContain(
      "MAP_STYLE_URL must be an absolute http(s) URL of a map style",
    );
    expect(configProblems({ MAP_STYLE_URL: "styles/phuket.json" }).join()).toContain(
      "MAP_STYLE_URL must be an absolute http(s) URL",
    );
  });
});
