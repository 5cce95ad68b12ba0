import { getRuntime } from "../db/runtime.server.ts";
import { PASSWORD_MIN } from "../features/auth/password-policy.ts";
import { findOwnerToken } from "../features/owner-portal/owner-accounts.server.ts";
import { ownerHead } from "../features/owner-portal/owner-head.ts";
import { type FormError, OwnerSetPassword } from "../features/owner-portal/owner-pages.tsx";
import { setOwnerPassword } from "../features/owner-portal/owner-sign-in.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { readForm } from "../lib/request-body.server.ts";
import { clientAddressContext, markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner.set-password";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerAuth.setTitle") },
    { name: "robots", content: "noindex" },
    // The token in this page's address must not leave with a link followed from it.
    { name: "referrer", content: "no-referrer" },
  ];
}

/** Where an invitation or a reset link lands: the password form while the link is good. */
export async function loader({ request, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  const found = token ? await findOwnerToken(getRuntime().database.db, token) : null;
  return { token, valid: found !== null, minLength: PASSWORD_MIN };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = languageFromPath(new URL(request.url).pathname);
  const form = await readForm(request);
  return setOwnerPassword(request, form, context.get(clientAddressContext), lang);
}

export default function OwnerSetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && "error" in actionData ? (actionData as FormError) : undefined;
  return (
    <OwnerSetPassword
      token={loaderData.token}
      valid={loaderData.valid || failure?.error === "ownerAuth.passwordWeak"}
      minLength={loaderData.minLength}
      failure={failure}
    />
  );
}
