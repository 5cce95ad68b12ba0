/**
 * Where a visitor came from: the campaign (utm_source, utm_medium, utm_campaign) and the other
 * site's page that sent them. The browser keeps the first one it sees in a cookie for 30 days
 * (captureLeadSource); a form post carries it, or the campaign in its own URL without JavaScript.
 * Everything read back is hostile: bounded, checked in one pass, and dropped when wrong.
 */
export const LEAD_SOURCE_COOKIE = "lead_source";
const COOKIE_MAX = 1200;
const MAX_AGE_S = 30 * 24 * 60 * 60;
const UTM_MAX = 100;
const REFERRER_MAX = 300;

export interface LeadSource {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
}

const UTM_VALUE = /^[\p{L}\p{N} ._+:/|()@%-]+$/u;

function utmValue(value: string | null): string | null {
  const v = value?.trim() ?? "";
  if (v === "" || v.length > UTM_MAX) return null;
  return UTM_VALUE.test(v) ? v : null;
}

function referrerValue(value: string | null, ownOrigin: string | null): string | null {
  if (!value || value.length > REFERRER_MAX) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (ownOrigin && url.origin === ownOrigin) return null;
    if (/[\s"<>]/.test(value)) return null;
    return url.href.length > REFERRER_MAX ? null : url.href;
  } catch {
    return null;
  }
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header || header.length > 8192) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (raw.length > COOKIE_MAX) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The lead's source: the campaign in the posted page's URL if it has one, else the one the
 * browser kept; the referrer from the cookie only.
 */
export function readLeadSource(
  url: URL,
  cookieHeader: string | null,
  ownOrigin: string | null,
): LeadSource {
  const kept = new URLSearchParams(cookieValue(cookieHeader, LEAD_SOURCE_COOKIE) ?? "");
  const fromUrl = utmValue(url.searchParams.get("utm_source"));
  const params = fromUrl ? url.searchParams : kept;
  const prefix = fromUrl ? "utm_" : "";
  return {
    utmSource: utmValue(params.get(`${prefix}source`)),
    utmMedium: utmValue(params.get(`${prefix}medium`)),
    utmCampaign: utmValue(params.get(`${prefix}campaign`)),
    referrer: referrerValue(kept.get("referrer"), ownOrigin),
  };
}

/**
 * In the browser, once per page load: keeps the campaign of the landing URL and the other site
 * that referred the visitor, unless a source is already kept (first touch wins).
 */
export function captureLeadSource(): void {
  if (document.cookie.includes(`${LEAD_SOURCE_COOKIE}=`)) return;
  const search = new URLSearchParams(window.location.search);
  const kept = new URLSearchParams();
  for (const key of ["source", "medium", "campaign"]) {
    const value = utmValue(search.get(`utm_${key}`));
    if (value) kept.set(key, value);
  }
  const referrer = referrerValue(document.referrer, window.location.origin);
  if (referrer) kept.set("referrer", referrer);
  if (kept.size === 0) return;
  const value = encodeURIComponent(kept.toString());
  if (value.length > COOKIE_MAX) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
  document.cookie = `${LEAD_SOURCE_COOKIE}=${value}; Max-Age=${MAX_AGE_S}; Path=/; SameSite=Lax`;
}
