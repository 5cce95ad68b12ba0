import { data, href, Link } from "react-router";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import {
  calendarAction,
  loadUnitCalendar,
  stayPageOf,
} from "../features/availability/calendar-admin.server.ts";
import { UnitCalendarAdmin } from "../features/availability/calendar-admin-page.tsx";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.property-calendar";

export function meta() {
  return [{ title: "Admin — Calendar" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const page = stayPageOf(new URL(request.url));
  if (page === null) throw data("The page must be a whole number from 1.", { status: 400 });
  const calendar = id === null ? null : await loadUnitCalendar(id, page);
  if (!calendar) throw data("Property not found", { status: 404 });
  return { email: admin.email, ...calendar };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const id = parseId(params.id);
  if (id === null || !(await loadUnitCalendar(id)))
    throw data("Property not found", { status: 404 });
  return calendarAction(request, id, admin.id);
}

export default function PropertyCalendar({ loaderData }: Route.ComponentProps) {
  const { email, ...calendar } = loaderData;
  const { unit } = calendar;
  return (
    <AdminLayout
      title={`Calendar — ${unit.name}`}
      email={email}
      actions={
        <>
          <Link
            to={href("/admin/properties/:id", { id: String(unit.id) })}
            className={buttonStyles.secondary}
          >
            Edit property
          </Link>
          <Link
            to={`${href("/admin/owners/repairs")}?unit=${unit.id}`}
            className={buttonStyles.secondary}
          >
            Open a repair ticket
          </Link>
        </>
      }
    >
      <UnitCalendarAdmin {...calendar} />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Calendar" failed="Failed to load the calendar" />;
}
