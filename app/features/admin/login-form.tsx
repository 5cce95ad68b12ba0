import { Form, Link, useNavigation } from "react-router";
import { buttonStyles } from "./admin-layout.tsx";

const input =
  "mt-1 block w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus:border-sea-500";

export function LoginForm({ error }: { error?: string | undefined }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex min-h-dvh items-center justify-center bg-sand-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-sand-200">
        <h1 className="font-display text-3xl text-sea-900">Admin Login</h1>
        <p className="mt-1 text-sm text-ink-600">Sign in to manage the property listings.</p>
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="intent" value="login" />
          <label className="block text-sm font-medium text-ink-900">
            Email
            <input name="email" type="email" autoComplete="username" required className={input} />
          </label>
          <label className="block text-sm font-medium text-ink-900">
            Password
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={input}
            />
          </label>
          {error && (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-3 pt-2">
            <Link to="/" reloadDocument className={buttonStyles.secondary}>
              Cancel
            </Link>
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              {busy ? "Signing in..." : "Sign In"}
            </button>
          </div>
        </Form>
        <SetupInstructions />
      </div>
    </div>
  );
}

function SetupInstructions() {
  return (
    <section
      aria-labelledby="setup-title"
      className="mt-8 rounded-xl border border-sea-100 bg-sea-50 p-4 text-sm text-ink-600"
    >
      <h2 id="setup-title" className="font-semibold text-sea-900">
        Setup instructions
      </h2>
      <p className="mt-2">
        No account yet? Ask whoever runs the website to create one for you; they will tell you the
        e-mail address to sign in with.
      </p>
    </section>
  );
}
