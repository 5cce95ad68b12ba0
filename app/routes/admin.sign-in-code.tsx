import { Form, href, Link, redirect, useNavigation } from "react-router";
import { buttonStyles } from "../features/admin/admin-layout.tsx";
import { readPendingSignIn } from "../features/auth/guard.server.ts";
import { signInWithCode } from "../features/auth/sign-in-flow.server.ts";
import { readForm } from "../lib/request-body.server.ts";
import { clientAddressContext } from "../lib/request-context.ts";
import type { Route } from "./+types/admin.sign-in-code";

export function meta() {
  return [{ title: "Admin — Two-factor sign-in" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await readPendingSignIn(request))) return redirect(href("/admin"));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInWithCode(request, await readForm(request), context.get(clientAddressContext));
}

export default function SignInCode({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-sand-50 px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-sand-200">
        <h1 className="font-display text-3xl text-sea-900">Two-factor sign-in</h1>
        <p className="mt-2 text-sm text-ink-600">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
        <Form method="post" className="mt-6 space-y-4">
          <label className="block text-sm font-medium">
            Code
            <input
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              required
              className="mt-1 block w-full rounded-lg border border-sand-200 px-3 py-2 tracking-widest"
            />
          </label>
          {error && (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-3">
            <Link to={href("/admin")} className={buttonStyles.secondary}>
              Cancel
            </Link>
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              Verify
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}
