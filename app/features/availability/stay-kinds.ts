import type { StayKind } from "../../domain/availability.ts";

export { STAY_KINDS, type StayKind } from "../../domain/availability.ts";

export const STAY_KIND_LABELS: Record<StayKind, string> = {
  lease: "Lease",
  "short-stay": "Short stay",
  "owner-block": "Owner block",
  maintenance: "Maintenance",
};
