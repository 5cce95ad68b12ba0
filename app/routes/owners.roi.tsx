import { useLocation } from "react-router";
import {
  projectRoi,
  ROI_RATE_PERCENT,
  readRoiInput,
  validateRoiInput,
} from "../domain/owner-programs.ts";
import { roiLeadAction, runtimeDeps } from "../features/leads/lead-actions.server.ts";
import { RoiCalculatorDialog } from "../features/owners/roi-calculator.tsx";
import { languageFromPath, localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { clientAddressContext } from "../lib/request-context.ts";
import type { Route } from "./+types/owners.roi";

/** The calculator's inputs come from the query string, so it works as a plain GET form too. */
export function loader({ request }: Route.LoaderArgs) {
  const input = readRoiInput(new URL(request.url).searchParams);
  const valid = validateRoiInput(input);
  return { input, projection: valid ? projectRoi(valid.propertyValue) : null };
}

export function action({ request, context }: Route.ActionArgs) {
  return roiLeadAction(request, runtimeDeps(context.get(clientAddressContext)));
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [{ title: t("roi.title", { rate: ROI_RATE_PERCENT }) }];
}

export default function OwnersRoi({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <RoiCalculatorDialog
      initialInput={loaderData.input}
      calculated={loaderData.projection !== null}
      serverResult={actionData}
      homePath={localizePath("/", languageFromPath(pathname))}
      pagePath={pathname}
    />
  );
}
