import type { ComponentProps } from "react";
import { plusDays } from "../../domain/date-time.ts";
import { useT } from "../../i18n/use-t.tsx";
import { unitPath } from "../../lib/site-paths.ts";
import { AvailabilityAlertForm } from "../availability/availability-alert-form.tsx";
import { AvailabilityCalendar } from "../availability/availability-calendar.tsx";
import type { LeadFormResult } from "../leads/lead-fields.ts";
import { UnitEnquiryForm } from "../leads/unit-enquiry-form.tsx";
import { UnitViewingForm } from "../leads/unit-viewing-form.tsx";
import type { UnitDetail } from "./unit.ts";

export interface UnitCalendarAndFormsProps {
  unit: UnitDetail;
  calendar: ComponentProps<typeof AvailabilityCalendar>["calendar"] | null;
  /** The demo unit shown while the database is unreachable: no forms that store anything. */
  offline: boolean;
  alertResult: LeadFormResult<string> | undefined;
  enquiryResult: LeadFormResult<string> | undefined;
}

/**
 * The unit page's parts after the facts: the calendar, "notify me when it is free", the enquiry
 * and the viewing request. Their code loads when the visitor comes near or does anything.
 */
export function UnitCalendarAndForms({
  unit,
  calendar,
  offline,
  alertResult,
  enquiryResult,
}: UnitCalendarAndFormsProps) {
  const { lang } = useT();
  const page = unitPath(unit.slug, lang);
  return (
    <div className="[&>:first-child]:mt-0">
      {calendar && <AvailabilityCalendar calendar={calendar} />}
      {!offline && unit.status !== "available" && (
        <AvailabilityAlertForm
          key={`alert-${unit.slug}`}
          unitName={unit.name}
          suggestedDate={unit.availableFrom ?? (unit.rentedUntil && plusDays(unit.rentedUntil, 1))}
          serverResult={alertResult}
        />
      )}
      <UnitEnquiryForm
        key={unit.slug}
        unitName={unit.name}
        offline={offline}
        serverResult={enquiryResult}
      />
      {!offline && (
        <UnitViewingForm
          key={`viewing-${unit.slug}`}
          unitName={unit.name}
          action={`${page}/viewing`}
          page={page}
        />
      )}
    </div>
  );
}
