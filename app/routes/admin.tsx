import { data } from "react-router";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { LoginForm } from "../features/admin/login-form.tsx";
import { deletePropertyAction, loadPropertyList } from "../features/admin/property-list.server.ts";
import { PropertyManagement } from "../features/admin/property-management.tsx";
import { getAdmin, requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { signInWithPassword } from "../features/auth/sign-in-flow.server.ts";
import { readForm } from "../lib/request-body.server.ts";
import { clientAddressContext } from "../lib/request-context.ts";
import type { Route } from "./+types/admin";

export function meta() {
  return [{ title: "Admin — Property Management" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await getAdmin(request))) return { signedIn: false as const };
  return loadPropertyList(await requireAdmin(request), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "login") {
    return signInWithPassword(request, form, context.get(clientAddressContext));
  }
  if (intent === "delete") return deletePropertyAction(request, form);
  await requireAdminAction(request);
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return <LoginForm error={actionData && "error" in actionData ? actionData.error : undefined} />;
  }
  return <PropertyManagement {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminPageError title="Property Management" failed="Failed to load properties" />;
}
