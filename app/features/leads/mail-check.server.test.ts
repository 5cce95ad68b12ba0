import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../../../tests/support/mail-servers.ts";
import { dkimRecordFor, mailCheck } from "./mail-check.server.ts";

const pem = (modulusLength = 2048) =>
  generateKeyPairSync("rsa", { modulusLength })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString();
const KEY = pem();
const OTHER = pem();

describe("mail check", () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.messages.length = 0;
  });

  const email = (dkim = true) => ({
    smtpUrl: smtp.url,
    from: "Kamala Living <rentals@kamala.example>",
    desk: [],
    bounceAddress: "bounces@kamala.example",
    heloName: "mail.kamala.example",
    ...(dkim ? { dkim: { domainName: "kamala.example", keySelector: "k1", privateKey: KEY } } : {}),
  });
  /** A stub DNS: only the names given, as `resolveTxt` answers them. */
  const dns = (records: Record<string, string>) => async (name: string) => {
    const value = records[name];
    if (value === undefined) throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
    // Long TXT values come in 255-character chunks.
    return [value.match(/.{1,255}/g) ?? []];
  };

  it("sends one signed mail, prints the headers it sent, and checks the key published in DNS", async () => {
    const record = dkimRecordFor(KEY);
    const report = await mailCheck(
      email(),
      "desk@kamala.example",
      "Kamala Living",
      dns({ "k1._domainkey.kamala.example": record }),
    );
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0];
    expect(got?.rcptTo).toEqual(["desk@kamala.example"]);
    expect(got?.mailFrom).toBe("bounces@kamala.example");
    expect(got?.helo).toBe("mail.kamala.example");
    // What is printed is what went over the wire.
    expect(got?.raw.toString("utf8").startsWith(`${report.headers}\r\n\r\n`)).toBe(true);
    const signature = report.headers.replace(/\r\n[ \t]+/g, " ").split("\r\n")[0] ?? "";
    expect(signature).toMatch(/^DKIM-Signature: /);
    expect(signature).toContain("d=kamala.example;");
    expect(signature).toMatch(/ s=k1;/);
    expect(report.headers).toContain("Auto-Submitted: auto-generated");
    expect(report.response).toMatch(/^250/);
    expect(report.dkim).toMatchObject({ signed: true, published: "matches" });
    const verdict = (await dkimVerify(got?.raw ?? Buffer.alloc(0), {
      resolver: async (name: string) =>
        [[record.slice(0, 255), record.slice(255)]].filter(
          () => name === "k1._domainkey.kamala.example",
        ),
    })) as { results: { status: { result: string } }[] };
    expect(verdict.results[0]?.status.result).toBe("pass");

    const other = await mailCheck(
      email(),
      "desk@kamala.example",
      "Kamala Living",
      dns({ "k1._domainkey.kamala.example": dkimRecordFor(OTHER) }),
    );
    expect(other.dkim).toMatchObject({ published: "differs", expected: record });
    const none = await mailCheck(email(), "desk@kamala.example", "Kamala Living", dns({}));
    expect(none.dkim).toMatchObject({ published: "missing" });
    const unsigned = await mailCheck(email(false), "desk@kamala.example", "Kamala Living", dns({}));
    expect(unsigned.dkim).toEqual({ signed: false });
    expect(unsigned.headers).not.toContain("DKIM-Signature");
  });

  it("runs as npm run mail:check, naming the address and the server's answer", async () => {
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", path.resolve("scripts/mail-check.ts"), "ops@kamala.example"],
      {
        env: {
          PATH: process.env.PATH ?? "",
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "mail-check-")),
          SMTP_URL: smtp.url,
          PUBLIC_URL: "https://www.kamala.example",
        },
        timeout: 60_000,
      },
    );
    expect(stdout).toMatch(/^Sent to ops@kamala\.example: the server answered "250/);
    expect(stdout).toContain("EHLO www.kamala.example");
    expect(stdout).toContain("Auto-Submitted: auto-generated");
    expect(stdout).toContain("DKIM: not signed");
    expect(smtp.received.map((m) => m.rcptTo)).toEqual([["ops@kamala.example"]]);
  }, 60_000);
});
