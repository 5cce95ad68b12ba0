import QRCode from "qrcode";
import { data, Form, useNavigation } from "react-router";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import {
  beginEnrolment,
  confirmEnrolment,
  disableTotp,
  isTotpRequired,
  secondFactorStatus,
  setTotpRequired,
} from "../features/auth/second-factor.server.ts";
import { totpUri } from "../features/auth/totp.server.ts";
import { getRuntime } from "../lib/runtime.server.ts";
import type { Route } from "./+types/admin.security";

export function meta() {
  return [{ title: "Admin — Security" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { allowWithoutSecondFactor: true });
  const { database, config } = getRuntime();
  const status = await secondFactorStatus(database.db, admin.id);
  let enrolment: { secret: string; qr: string } | null = null;
  if (status.pendingSecret) {
    const uri = totpUri(status.pendingSecret, admin.email, config.contacts.brandName);
    const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    enrolment = {
      secret: status.pendingSecret,
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    };
  }
  return {
    email: admin.email,
    enrolled: status.enrolled,
    recoveryCodesLeft: status.recoveryCodesLeft,
    required: await isTotpRequired(database.db),
    enrolment,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request, { allowWithoutSecondFactor: true });
  const db = getRuntime().database.db;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "begin") {
    await beginEnrolment(db, admin.id);
    return { ok: true };
  }
  if (intent === "confirm") {
    const codes = await confirmEnrolment(db, admin.id, String(form.get("code") ?? ""));
    if (!codes)
      return data(
        { error: "That code is not right. Check the time on your phone and try the current code." },
        { status: 400 },
      );
    return { recoveryCodes: codes };
  }
  if (intent === "disable") {
    if (await isTotpRequired(db)) {
      return data(
        { error: "Two-factor sign-in is required for every admin; it cannot be turned off." },
        { status: 400 },
      );
    }
    await disableTotp(db, admin.id);
    return { ok: true };
  }
  if (intent === "require") {
    const on = form.get("required") === "true";
    if (on && !admin.secondFactor) {
      return data(
        { error: "Set up your own authenticator before requiring it for everyone." },
        { status: 400 },
      );
    }
    await setTotpRequired(db, on);
    return { ok: true };
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { enrolled, enrolment, required } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const codes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  return (
    <AdminLayout title="Security" email={loaderData.email}>
      <div className="max-w-2xl space-y-6">
        {error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-rose-800">
            {error}
          </p>
        )}
        {required && !enrolled && (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
            Two-factor sign-in is required for every admin. Set up your authenticator to continue.
          </p>
        )}
        <section className="rounded-xl bg-white p-6 ring-1 ring-sand-200">
          <h2 className="text-lg font-semibold text-sea-900">
            Two-factor sign-in (authenticator app)
          </h2>
          {codes ? (
            <div className="mt-3">
              <p className="font-medium text-emerald-800">Two-factor sign-in is on.</p>
              <p className="mt-2 text-sm text-ink-600">
                Save these recovery codes somewhere safe. Each works once, in place of a code, if
                you lose your phone. They are shown only now.
              </p>
              <ul
                className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm"
                aria-label="Recovery codes"
              >
                {codes.map((c) => (
                  <li key={c} className="rounded bg-sand-100 px-2 py-1">
                    {c}
                  </li>
                ))}
              </ul>
            </div>
          ) : enrolled ? (
            <div className="mt-3 space-y-3">
              <p className="text-emerald-800">
                On. A code is asked at every sign-in. Recovery codes left:{" "}
                {loaderData.recoveryCodesLeft}.
              </p>
              <div className="flex gap-3">
                <Form method="post">
                  <input type="hidden" name="intent" value="begin" />
                  <button type="submit" className={buttonStyles.secondary} disabled={busy}>
                    Set up a new authenticator
                  </button>
                </Form>
                {!required && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="disable" />
                    <button type="submit" className={buttonStyles.danger} disabled={busy}>
                      Turn off
                    </button>
                  </Form>
                )}
              </div>
            </div>
          ) : enrolment ? (
            <div className="mt-3 space-y-3">
              <p className="text-sm text-ink-600">
                Scan this QR code with an authenticator app (Google Authenticator, 1Password,
                Authy…), or type the key, then enter the 6-digit code it shows.
              </p>
              <img
                src={enrolment.qr}
                alt="QR code for the authenticator app"
                width={200}
                height={200}
                className="rounded bg-white"
              />
              <p className="text-sm">
                Key:{" "}
                <code data-testid="totp-secret" className="break-all font-mono">
                  {enrolment.secret}
                </code>
              </p>
              <Form method="post" className="flex items-end gap-3">
                <input type="hidden" name="intent" value="confirm" />
                <label className="text-sm font-medium">
                  Code from the app
                  <input
                    name="code"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    required
                    className="mt-1 block rounded-lg border border-sand-200 px-3 py-2"
                  />
                </label>
                <button type="submit" className={buttonStyles.primary} disabled={busy}>
                  Turn on
                </button>
              </Form>
            </div>
          ) : (
            <div className="mt-3 space-y-3">
              <p className="text-sm text-ink-600">Off. Only your password protects this account.</p>
              <Form method="post">
                <input type="hidden" name="intent" value="begin" />
                <button type="submit" className={buttonStyles.primary} disabled={busy}>
                  Set up two-factor sign-in
                </button>
              </Form>
            </div>
          )}
        </section>
        <section className="rounded-xl bg-white p-6 ring-1 ring-sand-200">
          <h2 className="text-lg font-semibold text-sea-900">For every admin</h2>
          <p className="mt-2 text-sm text-ink-600">
            {required
              ? "Two-factor sign-in is required: admins without an authenticator must set one up before anything else."
              : "Two-factor sign-in is optional."}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="require" />
            <input type="hidden" name="required" value={String(!required)} />
            <button type="submit" className={buttonStyles.secondary} disabled={busy}>
              {required ? "Make it optional" : "Require two-factor sign-in for all admins"}
            </button>
          </Form>
        </section>
      </div>
    </AdminLayout>
  );
}
