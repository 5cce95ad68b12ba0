import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { Toast } from "../features/admin/toast.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { loadRatesPage, ratesAction } from "../features/currencies/rates-admin.server.ts";
import { RatesPage } from "../features/currencies/rates-page.tsx";
import type { Route } from "./+types/admin.settings-currencies";

export function meta() {
  return [{ title: "Admin — Currencies" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email, ...(await loadRatesPage()) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  return ratesAction(request, admin.id);
}

export default function Currencies({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminLayout title="Currencies" email={loaderData.email}>
      <RatesPage
        data={loaderData}
        result={actionData}
        toast={(result, close) => (
          <Toast message={result.message} tone={result.ok ? "success" : "error"} onClose={close} />
        )}
      />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Currencies" failed="Failed to load the exchange rates" />;
}
