import { data, Form, href, Link, useNavigation } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { businessToday } from "../domain/date-time.ts";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { newLeaseAction } from "../features/leases/lease-actions.server.ts";
import { LeaseTermsFields, TenantFields } from "../features/leases/lease-form-fields.tsx";
import { leaseDraftFromLead, leaseUnits } from "../features/leases/leases.server.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.lease-new";

export function meta() {
  return [{ title: "Admin — New lease" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const db = getRuntime().database.db;
  const leadParam = url.searchParams.get("lead");
  const leadId = leadParam === null ? null : parseId(leadParam);
  if (leadParam !== null && leadId === null)
    throw data({ error: "That lead does not exist." }, { status: 404 });
  const lead = leadId === null ? null : await leaseDraftFromLead(db, leadId);
  if (leadId !== null && !lead) throw data({ error: "That lead does not exist." }, { status: 404 });
  return { email: admin.email, units: await leaseUnits(db), lead, today: businessToday() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  return newLeaseAction(request, admin.id);
}

export default function NewLease({ loaderData, actionData }: Route.ComponentProps) {
  const { units, lead, today } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <AdminLayout
      title={lead ? `New lease from lead #${lead.leadId}` : "New lease"}
      email={loaderData.email}
      actions={
        <Link to={href("/admin/leases")} className={buttonStyles.secondary}>
          All leases
        </Link>
      }
    >
      <Form method="post" noValidate className="space-y-6" aria-label="New lease">
        {lead && <input type="hidden" name="leadId" value={lead.leadId} />}
        {actionData && !actionData.ok && (
          <p role="alert" className="rounded-lg bg-rose-50 p-3 text-rose-800">
            {actionData.message}
          </p>
        )}
        <LeaseTermsFields
          units={units}
          errors={errors}
          values={{ propertyId: lead?.propertyId ?? null, term: lead?.term, startDate: today }}
        />
        {errors.tenants && (
          <p role="alert" className="text-rose-700">
            {errors.tenants}
          </p>
        )}
        <TenantFields index={0} errors={errors} prefill={lead?.tenant} />
        <TenantFields index={1} errors={errors} />
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? "Saving…" : "Save draft"}
        </button>
      </Form>
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="New lease" failed="Failed to load the new lease form" />;
}
