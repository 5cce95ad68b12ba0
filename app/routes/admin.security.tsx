import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { SecurityPage } from "../features/admin/security-page.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import {
  changeSecuritySettings,
  loadSecuritySettings,
} from "../features/auth/security-settings.server.ts";
import { readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.security";

export function meta() {
  return [{ title: "Admin — Security" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { allowWithoutSecondFactor: true });
  return loadSecuritySettings(admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request, { allowWithoutSecondFactor: true });
  return changeSecuritySettings(admin, await readForm(request));
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityPage loaderData={loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <AdminPageError title="Security" failed="Failed to load the security settings" />;
}
