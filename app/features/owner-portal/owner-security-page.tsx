import { Form, useNavigation } from "react-router";
import type { TranslationKey } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.tsx";

const input =
  "mt-1 block w-full rounded-lg border border-sand-300 bg-white px-3 py-2 text-base tracking-widest text-ink-900 focus-visible:outline-2 focus-visible:outline-sea-600";
const primary =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-sea-700 px-5 py-2 font-semibold text-white hover:bg-sea-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 disabled:opacity-60";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-full px-5 py-2 font-semibold text-sea-800 ring-1 ring-sea-700 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 disabled:opacity-60";
const panel = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200";

export interface OwnerSecurityData {
  enrolled: boolean;
  recoveryCodesLeft: number;
  enrolment: { secret: string; qr: string } | null;
}

export type OwnerSecurityResult =
  | { ok: true; recoveryCodes?: string[]; turnedOff?: boolean }
  | { ok: false; error: string; minutes?: number };

function CurrentCode({ id }: { id: string }) {
  const { t } = useT();
  return (
    <label htmlFor={id} className="block font-medium text-ink-900">
      {t("ownerSecurity.currentCode")}
      <input
        id={id}
        name="currentCode"
        autoComplete="one-time-code"
        required
        maxLength={64}
        className={input}
      />
    </label>
  );
}

/** The owner's second factor: set up an authenticator app, see the recovery codes once, turn off. */
export function OwnerSecurityPage({
  data,
  result,
}: {
  data: OwnerSecurityData;
  result?: OwnerSecurityResult | undefined;
}) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const error = result && !result.ok ? result : null;
  const codes = result?.ok ? result.recoveryCodes : undefined;
  // Codes just shown mean the app is confirmed, whatever page data is still on screen.
  const setup = codes ? null : data.enrolment;
  const enrolled = Boolean(codes) || data.enrolled;
  return (
    <section aria-labelledby="security-title" className="space-y-5">
      <h1 id="security-title" className="font-display text-3xl text-sea-900">
        {t("ownerSecurity.title")}
      </h1>
      <p className="max-w-prose text-ink-700">{t("ownerSecurity.intro")}</p>
      <div aria-live="polite">
        {error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900">
            {t(error.error as TranslationKey, { minutes: error.minutes ?? 1 })}
          </p>
        )}
        {result?.ok && result.turnedOff && (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {t("ownerSecurity.turnedOff")}
          </p>
        )}
      </div>
      {codes && (
        <div className={panel} role="status">
          <h2 className="text-lg font-semibold text-ink-900">{t("ownerSecurity.codesTitle")}</h2>
          <p className="mt-1 text-ink-700">{t("ownerSecurity.codesIntro")}</p>
          <ul
            className="mt-3 grid grid-cols-2 gap-2 font-mono text-base"
            aria-label={t("ownerSecurity.codesTitle")}
          >
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {setup ? (
        <div className={panel}>
          <h2 className="text-lg font-semibold text-ink-900">{t("ownerSecurity.setupTitle")}</h2>
          <p className="mt-1 text-ink-700">{t("ownerSecurity.setupIntro")}</p>
          <img
            src={setup.qr}
            alt={t("ownerSecurity.qrAlt")}
            width={200}
            height={200}
            className="mt-3 rounded-lg bg-white"
          />
          <p className="mt-3 text-sm text-ink-700">
            {t("ownerSecurity.secretLabel")}{" "}
            <code data-testid="totp-secret" className="break-all font-mono text-ink-900">
              {setup.secret}
            </code>
          </p>
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="confirm" />
            <label className="block font-medium text-ink-900">
              {t("ownerSecurity.code")}
              <input
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                maxLength={64}
                className={input}
              />
            </label>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={primary} disabled={busy}>
                {t("ownerSecurity.confirm")}
              </button>
            </div>
          </Form>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className={secondary} disabled={busy}>
              {t("ownerSecurity.cancel")}
            </button>
          </Form>
        </div>
      ) : enrolled ? (
        <div className={panel}>
          <p className="font-semibold text-ink-900">{t("ownerSecurity.on")}</p>
          <p className="mt-1 text-ink-700">
            {t("ownerSecurity.codesLeft", { count: data.recoveryCodesLeft })}
          </p>
          <Form method="post" className="mt-4 space-y-4">
            <CurrentCode id="current-code-replace" />
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value="begin"
                className={secondary}
                disabled={busy}
              >
                {t("ownerSecurity.replace")}
              </button>
              <button
                type="submit"
                name="intent"
                value="disable"
                className={secondary}
                disabled={busy}
              >
                {t("ownerSecurity.turnOff")}
              </button>
            </div>
          </Form>
        </div>
      ) : (
        <div className={panel}>
          <p className="text-ink-700">{t("ownerSecurity.off")}</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="begin" />
            <button type="submit" className={primary} disabled={busy}>
              {t("ownerSecurity.begin")}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
