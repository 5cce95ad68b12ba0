import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeLine, startFakeLine } from "../../../tests/support/line-server.ts";
import {
  type FakeTelegram,
  startFakeTelegram,
  startSmtp,
  type TestSmtp,
} from "../../../tests/support/mail-servers.ts";
import { adminUsers, outbox, ownerStayRequests, owners } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { createSenders, processDueMessages } from "../leads/outbox.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { documentFormSchema } from "./document-schema.ts";
import { addOwnerDocument } from "./documents.server.ts";
import { createOwner, saveUnitOwnership } from "./owner-accounts.server.ts";
import {
  alertOwner,
  OWNER_CHAT_TEXT_LIMIT,
  ownerAlertText,
  plainValue,
} from "./owner-alerts.server.ts";
import type { OwnerMailSettings } from "./owner-messages.server.ts";
import { approveOwnerStay, requestOwnerStay } from "./owner-portal.server.ts";
import { ownerFormSchema, unitOwnershipSchema } from "./owner-schema.ts";
import { repairOpenSchema } from "./repair-schema.ts";
import { advanceRepair, decideRepair, openRepair, quoteRepair } from "./repairs.server.ts";

const LINE_TOKEN = "line-channel-token-0123456789abcdef";
const ANNA_LINE = `U${"a1".repeat(16)}`;
const ANNA_CHAT = "987654321";
const DESK_CHAT = "-100200";
const now = new Date("2026-11-26T03:00:00Z");
const noBrochure = async () => {
  throw new Error("no brochure in owners' alerts");
};

describe("an owner's alert text", () => {
  it("takes control characters and direction overrides out of names and titles, and cuts them", () => {
    expect(plainValue("Leak\nDear owner, pay now\u202e0001 ฿\u0007")).toBe(
      "Leak Dear owner, pay now 0001 ฿",
    );
    const long = plainValue("x".repeat(5000));
    expect(long.length).toBe(200);
    expect(long.endsWith("…")).toBe(true);
  });

  it("is in the owner's language with the portal link of that language", () => {
    const event = {
      kind: "quote-waiting",
      ticketId: 7,
      unitName: "Kamala Condo 2B",
      title: "Air conditioner",
      baht: 12000,
    } as const;
    const ru = ownerAlertText(event, { name: "Анна", language: "ru" }, "https://k.example");
    expect(ru.subject).toBe("Смета ждёт вашего решения: Kamala Condo 2B");
    expect(ru.text).toContain("12\u00a0000\u00a0฿");
    expect(ru.text).toContain("https://k.example/ru/owner/repairs/7");
    const en = ownerAlertText(event, { name: "Boris", language: "en" }, "https://k.example");
    expect(en.subject).toBe("Quote awaiting your approval: Kamala Condo 2B");
    expect(en.text).toContain("฿12,000");
    expect(en.text).toContain("https://k.example/owner/repairs/7");
  });

  it("stays within one chat message however long the title", () => {
    const text = ownerAlertText(
      { kind: "document-added", title: "t".repeat(10_000), unitName: "u".repeat(10_000) },
      { name: "n".repeat(10_000), language: "en" },
      `https://k.example/${"p".repeat(10_000)}`,
    );
    expect(text.text.length).toBeLessThanOrEqual(OWNER_CHAT_TEXT_LIMIT);
    expect(text.subject.length).toBeLessThanOrEqual(OWNER_CHAT_TEXT_LIMIT);
  });
});

describe("the owner form's alert channels", () => {
  const base = {
    name: "Anna",
    email: "anna@example.com",
    language: "en",
    approvalThresholdBaht: "5000",
  };
  const issue = (input: Record<string, unknown>) =>
    ownerFormSchema.safeParse({ ...base, ...input }).error?.issues[0]?.message;

  it("needs the chat id or user id of each messenger chosen, in the right form", () => {
    expect(issue({ alertChannels: ["telegram"] })).toBe(
      "Telegram alerts need the owner's Telegram chat id",
    );
    expect(issue({ alertChannels: ["line"], lineUserId: " " })).toBe(
      "LINE alerts need the owner's LINE user id",
    );
    expect(issue({ alertChannels: ["line"], lineUserId: "@anna_phuket" })).toBe(
      "A LINE user id is U followed by 32 hex digits",
    );
    expect(issue({ alertChannels: ["telegram"], telegramChatId: "@anna" })).toBe(
      "A Telegram chat id is a number",
    );
    expect(
      issue({ alertChannels: ["telegram", "line"], telegramChatId: "42", lineUserId: ANNA_LINE }),
    ).toBeUndefined();
  });
});

describe.each(TEST_ENGINES)("owners' alerts reach e-mail, Telegram and LINE on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let telegram: FakeTelegram;
  let line: FakeLine;
  let settings: OwnerMailSettings;
  let storage: LocalDiskStorage;
  let anna: number;
  let boris: number;
  let unit: number;
  let desk: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    smtp = await startSmtp();
    telegram = await startFakeTelegram();
    line = await startFakeLine(LINE_TOKEN);
    storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "owner-alerts-")));
    settings = {
      publicUrl: "https://kamala.example",
      notifications: {
        email: { smtpUrl: smtp.url, from: "Desk <desk@kamala.example>", desk: [] },
        telegram: { token: "123:abc", chatId: DESK_CHAT, apiUrl: telegram.apiUrl },
        line: { token: LINE_TOKEN, apiUrl: line.apiUrl },
      },
    };
    const db = database.db;
    anna = await createOwner(
      db,
      ownerFormSchema.parse({
        name: "Анна",
        email: "anna@example.com",
        language: "ru",
        alertChannels: ["telegram", "line"],
        telegramChatId: ANNA_CHAT,
        lineUserId: ANNA_LINE,
        approvalThresholdBaht: "5000",
      }),
      null,
    );
    boris = await createOwner(
      db,
      ownerFormSchema.parse({
        name: "Boris",
        email: "boris@example.com",
        language: "en",
        alertChannels: ["email"],
        approvalThresholdBaht: "20000",
      }),
      null,
    );
    unit = await insertTestUnit(db, "alert-condo");
    await saveUnitOwnership(
      db,
      unitOwnershipSchema.parse({
        propertyId: unit,
        owners: [
          { ownerId: anna, sharePercent: 60 },
          { ownerId: boris, sharePercent: 40 },
        ],
        program: "revenue-share",
      }),
      null,
    );
    const [row] = await db
      .insert(adminUsers)
      .values({ email: "desk@kamala.example", passwordHash: "x" })
      .returning({ id: adminUsers.id });
    desk = row?.id ?? 0;
  });
  afterAll(async () => {
    await smtp?.close();
    await telegram?.close();
    await line?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(outbox);
    smtp.messages.length = 0;
    telegram.calls.length = 0;
    telegram.status = 200;
    line.pushes.length = 0;
    line.status = 200;
  });

  async function sendAll() {
    const senders = createSenders(settings.notifications, noBrochure);
    while ((await processDueMessages(database.db, senders)) > 0) {}
  }
  const mailTo = (address: string) =>
    smtp.messages.filter((m) => m.to && "text" in m.to && m.to.text === address);

  it("sends each of the four events to every owner of the unit, each their own way and language", async () => {
    const db = database.db;
    // 1. An owner stay decided.
    const asked = await requestOwnerStay(
      db,
      anna,
      unit,
      { startDate: "2027-03-01", endDate: "2027-03-05" },
      settings,
      now,
    );
    expect(asked).toMatchObject({ ok: true, status: "pending" });
    const [request] = await db.select({ id: ownerStayRequests.id }).from(ownerStayRequests);
    expect(await approveOwnerStay(db, request?.id ?? 0, desk, settings, now)).toEqual({
      ok: true,
    });
    // 2. A quote above both thresholds (5,000 and 20,000 baht), so it waits for them.
    const ticket = await openRepair(
      db,
      repairOpenSchema.parse({
        propertyId: String(unit),
        title: "Air conditioner\u202e",
        description: "Bedroom",
      }),
      { adminId: desk },
    );
    const quoted = await quoteRepair(
      db,
      ticket,
      desk,
      { amountBaht: 25000 },
      storage,
      now,
      settings,
    );
    expect(quoted.stage).toBe("quoted");
    // 3. The work done (approved by Boris, started by the desk).
    await decideRepair(db, boris, ticket, true, now);
    await advanceRepair(db, ticket, desk, { to: "in-progress" }, now, settings);
    await advanceRepair(db, ticket, desk, { to: "done", finalCostBaht: 24500 }, now, settings);
    // 4. A document for the unit.
    await addOwnerDocument(
      db,
      storage,
      documentFormSchema.parse({
        title: "Inspection May",
        category: "inspection",
        target: `unit:${unit}`,
      }),
      Buffer.from("%PDF-1.4\n%%EOF\n", "latin1"),
      desk,
      settings,
    );
    await sendAll();

    // Anna chose Telegram and LINE: four messages on each, in Russian, none by e-mail.
    const annaTexts = [
      expect.stringContaining("подтверждено"),
      expect.stringContaining("оценил работу"),
      expect.stringContaining("выполнена"),
      expect.stringContaining("«Inspection May»"),
    ];
    // The desk's chat has its own alert of the request; Anna's chat the four alerts.
    const toDesk = telegram.calls.filter((c) => c.body.chat_id === DESK_CHAT);
    expect(toDesk.map((c) => c.body.text)).toEqual([expect.stringContaining("asks to block")]);
    const toAnna = telegram.calls.filter((c) => c.body.chat_id === ANNA_CHAT);
    expect(toAnna).toHaveLength(4);
    expect(toAnna.map((c) => c.body.text)).toEqual(expect.arrayContaining(annaTexts));
    expect(line.pushes.map((p) => p.body.to)).toEqual([ANNA_LINE, ANNA_LINE, ANNA_LINE, ANNA_LINE]);
    expect(line.pushes.every((p) => p.authorization === `Bearer ${LINE_TOKEN}`)).toBe(true);
    expect(line.pushes.map((p) => p.body.messages[0]?.text)).toEqual(
      expect.arrayContaining(annaTexts),
    );
    expect(new Set(line.pushes.map((p) => p.retryKey)).size).toBe(4);
    const quoteText = line.pushes.find((p) => p.body.messages[0]?.text.includes("оценил работу"));
    expect(quoteText?.body.messages[0]?.text).toContain("25\u00a0000\u00a0฿");
    expect(quoteText?.body.messages[0]?.text).toContain(
      `https://kamala.example/ru/owner/repairs/${ticket}`,
    );
    expect(quoteText?.body.messages[0]?.text).not.toContain("\u202e");
    expect(mailTo("anna@example.com")).toEqual([]);

    // Boris (e-mail, English) did not ask for the stay: the quote, the work and the document.
    expect(
      mailTo("boris@example.com")
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      "New document: Inspection May",
      "Quote awaiting your approval: Unit alert-condo",
      "Repair done: Unit alert-condo",
    ]);
    expect(
      mailTo("boris@example.com").find((m) => m.subject?.startsWith("Repair"))?.text,
    ).toContain("Final cost: ฿24,500");

    const rows = await db.select().from(outbox);
    expect(rows.filter((r) => r.purpose === "owner-alert")).toHaveLength(4 + 4 + 3);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
  });

  it("falls back to e-mail when no chosen messenger can reach the owner, and skips a disabled owner", async () => {
    const db = database.db;
    const event = { kind: "document-added", title: "Insurance", unitName: null } as const;
    const noMessengers: OwnerMailSettings = {
      ...settings,
      notifications: { ...settings.notifications, telegram: undefined, line: undefined },
    };
    expect(await alertOwner(db, anna, event, noMessengers)).toBe(1);
    await db.update(owners).set({ disabledAt: now }).where(eq(owners.id, boris));
    expect(await alertOwner(db, boris, event, settings)).toBe(0);
    await db.update(owners).set({ disabledAt: null }).where(eq(owners.id, boris));
    await sendAll();
    expect(mailTo("anna@example.com").map((m) => m.subject)).toEqual(["Новый документ: Insurance"]);
    expect(mailTo("boris@example.com")).toEqual([]);
    expect(line.pushes).toEqual([]);
  });

  it("retries a LINE push that failed, and counts one LINE took before its answer was lost as sent once", async () => {
    const db = database.db;
    const event = { kind: "document-added", title: "Agreement", unitName: null } as const;
    await alertOwner(db, anna, event, settings);
    const senders = createSenders(settings.notifications, noBrochure);
    const lineRow = async () =>
      (await db.select().from(outbox).where(eq(outbox.channel, "line")))[0];

    line.status = 500;
    await processDueMessages(db, senders, { channel: "line", retryDelay: () => 0 });
    expect(await lineRow()).toMatchObject({ status: "pending", attempts: 1 });
    expect((await lineRow())?.lastError).toContain("LINE answered 500");
    expect((await lineRow())?.lastError).not.toContain(LINE_TOKEN);

    line.status = 429;
    const before = Date.now();
    await processDueMessages(db, senders, { channel: "line", retryDelay: () => 0 });
    const asked = await lineRow();
    expect(asked?.status).toBe("pending");
    // The fake asks for 120 s; the retry is not sooner.
    expect(asked?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    await db
      .update(outbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outbox.channel, "line"));

    line.status = 200;
    line.loseNextAnswer = true;
    await processDueMessages(db, senders, { channel: "line", retryDelay: () => 0 });
    expect((await lineRow())?.status).toBe("pending");
    expect(line.pushes).toHaveLength(1);
    await processDueMessages(db, senders, { channel: "line", retryDelay: () => 0 });
    expect(await lineRow()).toMatchObject({ status: "sent", attempts: 4 });
    // LINE recognised the retry key: the owner has the message once.
    expect(line.pushes).toHaveLength(1);
    expect(line.pushes[0]?.body.messages[0]?.text).toContain("«Agreement»");
  });
});
