/** The admin's words for a lease's states, typed by their unions so a new value needs a label. */
import type { DueState } from "../../domain/lease-rules.ts";
import type {
  DepositStatus,
  LeaseEventKind,
  LeaseStatus,
  PaymentMethod,
  TenantLanguage,
  Tm30Reason,
} from "../../domain/leases.ts";

export const STATUS_LABELS: Record<LeaseStatus, string> = {
  draft: "Draft",
  signed: "Signed",
  active: "Active",
  ended: "Ended",
  cancelled: "Cancelled",
};

export const DUE_STATE_LABELS: Record<DueState, string> = {
  paid: "Paid",
  overdue: "Overdue",
  "due-today": "Due today",
  upcoming: "Upcoming",
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  "bank-transfer": "Bank transfer",
  promptpay: "PromptPay",
  cash: "Cash",
  card: "Card",
};

export const DEPOSIT_LABELS: Record<DepositStatus, string> = {
  pending: "Not yet received",
  received: "Received",
  held: "Held",
  returned: "Returned",
};

export const LANGUAGE_LABELS: Record<TenantLanguage, string> = {
  en: "English",
  ru: "Russian",
  th: "Thai",
};

export const TM30_REASON_LABELS: Record<Tm30Reason, string> = {
  signing: "Lease signed",
  "return-from-abroad": "Back from abroad",
};

/** What each history row's `what` means. */
export const EVENT_LABELS: Record<LeaseEventKind, string> = {
  created: "Created",
  edited: "Edited",
  signed: "Signed",
  activated: "Activated (moved in)",
  "end-changed": "End moved",
  ended: "Ended",
  cancelled: "Cancelled",
  payment: "Payment recorded",
  "deposit-received": "Deposit received",
  "deposit-held": "Deposit held",
  "deposit-returned": "Deposit returned",
  deduction: "Deposit deduction",
  "tm30-opened": "TM30 task opened",
  "tm30-done": "TM30 reported",
  "personal-data-erased": "Personal data erased",
};

const thb = new Intl.NumberFormat("en-US");
/** Whole baht as the admin reads them: "45,000 THB". */
export function baht(amount: number): string {
  return `${thb.format(amount)} THB`;
}
