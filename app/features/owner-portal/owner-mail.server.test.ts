import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeTelegram,
  startFakeTelegram,
  startSmtp,
  type TestSmtp,
} from "../../../tests/support/mail-servers.ts";
import { adminUsers, ownerStayRequests } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { createSenders, processDueMessages } from "../leads/outbox.server.ts";
import {
  createOwner,
  findOwner,
  findOwnerToken,
  issueOwnerToken,
  saveUnitOwnership,
} from "./owner-accounts.server.ts";
import { type OwnerMailSettings, queueAccessMail } from "./owner-messages.server.ts";
import { refuseOwnerStay, requestOwnerStay } from "./owner-portal.server.ts";
import { ownerFormSchema, unitOwnershipSchema } from "./owner-schema.ts";

const now = new Date("2026-11-26T03:00:00Z");
const noBrochure = async () => {
  throw new Error("no brochure in owners' mail");
};

describe.each(TEST_ENGINES)("owners' mail through the outbox on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let telegram: FakeTelegram;
  let settings: OwnerMailSettings;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    smtp = await startSmtp();
    telegram = await startFakeTelegram();
    settings = {
      publicUrl: "https://kamala.example",
      notifications: {
        email: {
          smtpUrl: smtp.url,
          from: "Desk <desk@kamala.example>",
          desk: ["desk@kamala.example"],
        },
        telegram: { token: "123:abc", chatId: "-100200", apiUrl: telegram.apiUrl },
      },
    };
  });
  afterAll(async () => {
    await smtp?.close();
    await telegram?.close();
    await database?.destroy();
  });

  async function sendAll() {
    const senders = createSenders(settings.notifications, noBrochure);
    while ((await processDueMessages(database.db, senders)) > 0) {}
  }

  it("delivers the invitation, the desk's alert and the decision, in the owner's language", async () => {
    const db = database.db;
    const id = await createOwner(
      db,
      ownerFormSchema.parse({
        name: "Анна",
        email: "anna@example.com",
        language: "ru",
        alertChannels: ["email"],
        approvalThresholdBaht: "5000",
      }),
      null,
    );
    const owner = await findOwner(db, id);
    if (!owner) throw new Error("no owner");
    const token = await issueOwnerToken(db, id, "invite", now);
    expect(await queueAccessMail(db, owner, "invite", token, settings)).toBe(true);

    const unit = await insertTestUnit(db, "mail-condo");
    await saveUnitOwnership(
      db,
      unitOwnershipSchema.parse({
        propertyId: unit,
        owners: [{ ownerId: id, sharePercent: 100 }],
        program: "revenue-share",
      }),
      null,
    );
    const asked = await requestOwnerStay(
      db,
      id,
      unit,
      { startDate: "2027-02-01", endDate: "2027-02-04" },
      settings,
      now,
    );
    expect(asked).toEqual({ ok: true, status: "pending", nights: 3 });
    await sendAll();

    const invite = smtp.messages.find((m) => m.subject === "Ваш кабинет владельца");
    expect(invite?.to).toMatchObject({ text: "anna@example.com" });
    const link = /https:\/\/kamala\.example\/ru\/owner\/set-password\?token=([\w-]+)/.exec(
      invite?.text ?? "",
    );
    expect(link?.[1]).toBe(token);
    expect(await findOwnerToken(db, link?.[1] ?? "", now)).toMatchObject({ ownerId: id });

    const desk = smtp.messages.find((m) => m.subject === "Owner stay: Unit mail-condo");
    expect(desk?.to).toMatchObject({ text: "desk@kamala.example" });
    expect(desk?.text).toContain("Анна asks to block Unit mail-condo");
    expect(telegram.calls.map((c) => c.body.text)).toEqual([
      expect.stringContaining("Анна asks to block Unit mail-condo"),
    ]);

    const [desk_] = await db
      .insert(adminUsers)
      .values({ email: "desk@kamala.example", passwordHash: "x" })
      .returning({ id: adminUsers.id });
    const [request] = await db.select().from(ownerStayRequests);
    expect(await refuseOwnerStay(db, request?.id ?? 0, desk_?.id ?? 0, "", settings, now)).toEqual({
      ok: true,
    });
    await sendAll();
    const refused = smtp.messages.find(
      (m) =>
        m.to &&
        "text" in m.to &&
        m.to.text === "anna@example.com" &&
        m.subject?.startsWith("Проживание владельца невозможно"),
    );
    expect(refused?.subject).toBe("Проживание владельца невозможно: Unit mail-condo");
    expect(refused?.text).toContain("с 1 февр. 2027 г. по 4 февр. 2027 г.");
  });
});
