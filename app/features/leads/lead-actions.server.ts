/**
 * The public forms' actions, bound to the running server: each route's `action` calls one of
 * these. Rules per form live in lead-forms.ts; the common path in leads.server.ts.
 */
import { data } from "react-router";
import type { AppDatabase } from "../../db/client.server.ts";
import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import { projectRoi, readRoiInput, validateRoiInput } from "../../domain/owner-programs.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  ACCESSIBILITY_REPORT_FIELDS,
  AVAILABILITY_ALERT_FIELDS,
  NEWSLETTER_FIELDS,
  REVENUE_SHARE_FIELDS,
  ROI_LEAD_FIELDS,
  UNIT_ENQUIRY_FIELDS,
  VIEWING_FIELDS,
} from "./lead-fields.ts";
import {
  accessibilityReportSchema,
  availabilityAlertSchema,
  newsletterSchema,
  parseForm,
  revenueShareLeadSchema,
  roiLeadSchema,
  unitEnquirySchema,
  viewingSchema,
} from "./lead-forms.ts";
import { findPropertyIdBySlug, handleLeadPost, storeLead } from "./leads.server.ts";
import { subscribeToNewsletter } from "./newsletter.server.ts";
import type { MessageSettings } from "./outbox.server.ts";

export interface LeadActionDeps {
  db: AppDatabase | null;
  logger: Logger;
  publicUrl?: string;
  clientAddress: string;
  /** The channels a lead's alerts and reply go to; unset, none are written. */
  messages?: MessageSettings;
  afterStore?: () => void;
}

/** What the actions need from the running server. */
export function runtimeDeps(clientAddress: string): LeadActionDeps {
  const runtime = getRuntime();
  const { database, databaseReady, config } = runtime;
  return {
    db: databaseReady ? database.db : null,
    logger: currentLogger(),
    publicUrl: config.publicUrl,
    clientAddress,
    messages: {
      publicUrl: config.publicUrl,
      contacts: config.contacts,
      notifications: config.notifications,
      secret: config.sessionSecret,
    },
    afterStore: () => runtime.outbox?.nudge(),
  };
}

export const ROI_FORM_FIELDS = [...ROI_LEAD_FIELDS, "value", "area", "property", "beds"] as const;

/** The ROI get-started form: the contact plus the calculator's inputs, recomputed here. */
export function roiLeadAction(request: Request, deps: LeadActionDeps) {
  return handleLeadPost({
    request,
    ...deps,
    kind: "roi",
    fields: ROI_FORM_FIELDS,
    validate: (fields) => {
      const contact = parseForm(roiLeadSchema, fields);
      const params = new URLSearchParams(fields);
      const calculator = validateRoiInput(readRoiInput(params));
      const projection = calculator ? projectRoi(calculator.propertyValue) : null;
      if (!contact.success || !calculator || !projection) {
        return {
          success: false as const,
          fieldErrors: {
            ...(contact.success ? {} : contact.fieldErrors),
            ...(calculator ? {} : { value: "forms.errors.required" as const }),
          },
        };
      }
      return { success: true as const, data: { contact: contact.data, calculator, projection } };
    },
    store: async (db, { contact, calculator, projection }, meta) => {
      await storeLead(
        db,
        {
          kind: "roi",
          ...contact,
          inputs: {
            propertyValue: calculator.propertyValue,
            location: calculator.location,
            type: calculator.type,
            bedrooms: calculator.bedrooms,
            annual: projection.annual,
            quarterly: projection.quarterly,
            monthly: projection.monthly,
            fiveYearTotal: projection.fiveYearTotal,
            freeNights: projection.freeNights,
          },
          ...meta,
        },
        deps.messages,
      );
    },
  });
}

export function revenueShareLeadAction(request: Request, deps: LeadActionDeps) {
  return handleLeadPost({
    request,
    ...deps,
    kind: "revenue-share",
    fields: REVENUE_SHARE_FIELDS,
    validate: (fields) => parseForm(revenueShareLeadSchema, fields),
    store: async (db, { message, ...contact }, meta) => {
      await storeLead(db, { kind: "revenue-share", ...contact, message, ...meta }, deps.messages);
    },
  });
}

/** A report of an accessibility problem, from the accessibility statement's form. */
export function accessibilityReportAction(request: Request, deps: LeadActionDeps) {
  return handleLeadPost({
    request,
    ...deps,
    kind: "accessibility",
    fields: ACCESSIBILITY_REPORT_FIELDS,
    validate: (fields) => parseForm(accessibilityReportSchema, fields),
    store: async (db, { name, email, problemPage, message }, meta) => {
      await storeLead(
        db,
        { kind: "accessibility", name, email, message, inputs: { problemPage }, ...meta },
        deps.messages,
      );
    },
  });
}

export function newsletterAction(request: Request, deps: LeadActionDeps) {
  return handleLeadPost({
    request,
    ...deps,
    kind: "newsletter",
    fields: NEWSLETTER_FIELDS,
    validate: (fields) => parseForm(newsletterSchema, fields),
    store: async (db, { email }, meta) => {
      await subscribeToNewsletter(db, { email, ...meta }, deps.messages);
    },
  });
}

/**
 * An enquiry about the unit at `slug`; kept (unlinked) even if the unit has just been deleted.
 * `form`: the body, when the route has read it already.
 */
export function unitEnquiryAction(
  request: Request,
  deps: LeadActionDeps,
  slug: string,
  form?: FormData,
) {
  return handleLeadPost({
    request,
    form,
    ...deps,
    kind: "unit-enquiry",
    fields: UNIT_ENQUIRY_FIELDS,
    validate: (fields) => parseForm(unitEnquirySchema, fields),
    store: async (db, { lease, moveIn, message, ...contact }, meta) => {
      const propertyId = await findPropertyIdBySlug(db, slug);
      await storeLead(
        db,
        {
          kind: "unit-enquiry",
          ...contact,
          message,
          propertyId,
          inputs: { slug, lease, moveIn: moveIn || null },
          ...meta,
        },
        deps.messages,
      );
    },
  });
}

/** A request to view the unit at `slug` on a preferred day (or another), at a part of the day. */
export function viewingRequestAction(request: Request, deps: LeadActionDeps, slug: string) {
  // Only an address a unit could have; the unit itself may have just been deleted.
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 120) {
    throw data({ error: "No such unit" }, { status: 404 });
  }
  return handleLeadPost({
    request,
    ...deps,
    kind: "viewing",
    fields: VIEWING_FIELDS,
    validate: (fields) => parseForm(viewingSchema, fields),
    store: async (db, { date, altDate, time, message, ...contact }, meta) => {
      const propertyId = await findPropertyIdBySlug(db, slug);
      await storeLead(
        db,
        {
          kind: "viewing",
          ...contact,
          message,
          propertyId,
          inputs: { slug, dates: altDate && altDate !== date ? [date, altDate] : [date], time },
          ...meta,
        },
        deps.messages,
      );
    },
  });
}

/**
 * "Notify me when it is free" on the unit at `slug`: the visitor's e-mail and wanted date,
 * stored as an `availability-alert` lead for the rental desk. `form`: the body, when the route has
 * read it already.
 */
export function availabilityAlertAction(
  request: Request,
  deps: LeadActionDeps,
  slug: string,
  form?: FormData,
) {
  return handleLeadPost({
    request,
    form,
    ...deps,
    kind: "availability-alert",
    fields: AVAILABILITY_ALERT_FIELDS,
    validate: (fields) => parseForm(availabilityAlertSchema, fields),
    store: async (db, { email, wantedFrom }, meta) => {
      const propertyId = await findPropertyIdBySlug(db, slug);
      await storeLead(
        db,
        {
          kind: "availability-alert",
          email,
          propertyId,
          inputs: { slug, wantedFrom: wantedFrom || null },
          ...meta,
        },
        deps.messages,
      );
    },
  });
}
