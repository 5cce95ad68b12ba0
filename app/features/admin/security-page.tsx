import { Form, useNavigation } from "react-router";
import type { SecurityForm } from "../auth/security-forms.ts";
import { AdminLayout, buttonStyles } from "./admin-layout.tsx";

function FormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
      {message}
    </p>
  );
}

function Enrolment({
  enrolment,
  replacing,
  busy,
  error,
}: {
  enrolment: { secret: string; qr: string };
  replacing: boolean;
  busy: boolean;
  error: string | null;
}) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-600">
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or
        type the key, then enter the 6-digit code it shows.
        {replacing && " Until you do, your current authenticator stays in force for signing in."}
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
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="confirm" />
        <div className="flex items-end gap-3">
          <label className="text-sm font-medium">
            Code from the app
            <input
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "enrol-error" : undefined}
              className="mt-1 block rounded-lg border border-sand-200 px-3 py-2"
            />
          </label>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {replacing ? "Use the new authenticator" : "Turn on"}
          </button>
        </div>
        <FormError id="enrol-error" message={error} />
      </Form>
      {replacing && (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={buttonStyles.secondary} disabled={busy}>
            Keep the current authenticator
          </button>
        </Form>
      )}
    </div>
  );
}

export interface SecurityPageProps {
  loaderData: {
    email: string;
    enrolled: boolean;
    recoveryCodesLeft: number;
    required: boolean;
    enrolment: { secret: string; qr: string } | null;
  };
  actionData:
    | { ok: boolean }
    | { recoveryCodes: string[] }
    | { error: string; form?: SecurityForm }
    | undefined;
}

/** /admin/security: the admin's own second factor, and whether every admin must have one. */
export function SecurityPage({ loaderData, actionData }: SecurityPageProps) {
  const busy = useNavigation().state !== "idle";
  const { enrolled, enrolment, required } = loaderData;
  const failed = actionData && "error" in actionData ? actionData : null;
  const errorOf = (form: SecurityForm) =>
    failed && "form" in failed && failed.form === form ? failed.error : null;
  const otherError = failed && !("form" in failed) ? failed.error : null;
  const changeError = errorOf("change");
  const codes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  return (
    <AdminLayout title="Security" email={loaderData.email}>
      <div className="max-w-2xl space-y-6">
        <FormError id="security-error" message={otherError} />
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
              {enrolment ? (
                <Enrolment enrolment={enrolment} replacing busy={busy} error={errorOf("enrol")} />
              ) : (
                <Form method="post" className="space-y-3">
                  <p className="text-sm text-ink-600">
                    {required
                      ? "To set up a new authenticator, first enter a current code from the one you use now, or one of your recovery codes."
                      : "To set up a new authenticator or turn this off, first enter a current code from the one you use now, or one of your recovery codes."}{" "}
                    The current one stays in force until the new one is confirmed.
                  </p>
                  <label className="block text-sm font-medium">
                    Current code or recovery code
                    <input
                      name="currentCode"
                      autoComplete="one-time-code"
                      inputMode="text"
                      required
                      aria-invalid={changeError ? true : undefined}
                      aria-describedby={changeError ? "change-error" : undefined}
                      className="mt-1 block rounded-lg border border-sand-200 px-3 py-2 tracking-widest"
                    />
                  </label>
                  <FormError id="change-error" message={changeError} />
                  <div className="flex gap-3">
                    <button
                      type="submit"
                      name="intent"
                      value="begin"
                      className={buttonStyles.secondary}
                      disabled={busy}
                    >
                      Set up a new authenticator
                    </button>
                    {!required && (
                      <button
                        type="submit"
                        name="intent"
                        value="disable"
                        className={buttonStyles.danger}
                        disabled={busy}
                      >
                        Turn off
                      </button>
                    )}
                  </div>
                </Form>
              )}
            </div>
          ) : enrolment ? (
            <div className="mt-3">
              <Enrolment
                enrolment={enrolment}
                replacing={false}
                busy={busy}
                error={errorOf("enrol")}
              />
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
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="require" />
            <input type="hidden" name="required" value={String(!required)} />
            <button type="submit" className={buttonStyles.secondary} disabled={busy}>
              {required ? "Make it optional" : "Require two-factor sign-in for all admins"}
            </button>
            <FormError id="require-error" message={errorOf("require")} />
          </Form>
        </section>
      </div>
    </AdminLayout>
  );
}
