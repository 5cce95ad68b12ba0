import { ownerHead } from "../features/owner-portal/owner-head.ts";
import { type FormError, OwnerResetRequest } from "../features/owner-portal/owner-pages.tsx";
import { requestOwnerReset } from "../features/owner-portal/owner-sign-in.server.ts";
import { metaI18n } from "../i18n/meta.ts";
import { readForm } from "../lib/request-body.server.ts";
import { clientAddressContext, markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner.reset";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerAuth.resetTitle") },
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  markNotCacheable(context);
  return null;
}

/** "Forgot your password": the same answer whether the address is an owner's or not. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return requestOwnerReset(request, form, context.get(clientAddressContext));
}

export default function OwnerReset({ actionData }: Route.ComponentProps) {
  const sent = actionData !== undefined && "sent" in actionData;
  const failure = actionData && "error" in actionData ? (actionData as FormError) : undefined;
  return <OwnerResetRequest sent={sent} failure={failure} />;
}
