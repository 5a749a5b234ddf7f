import { Alert, Stack, Title } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";
import { isMessageKey } from "~/i18n/translate";
import { pageIdOfRouteId, pageMeta, useCurrentPageId } from "~/routing/current-page";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { getPage } from "~/routing/catalogue";
import type { Route } from "./+types/placeholder";

/** Pages whose features arrive with later issues: the translated title (the guard already applies). */
export function meta({ location, matches }: Route.MetaArgs) {
  const id = pageIdOfRouteId(matches[matches.length - 1]?.id ?? "home");
  const key = `page.${id}.title`;
  return pageMeta(location.pathname, isMessageKey(key) ? key : "site.name");
}

export default function Placeholder() {
  const t = useT();
  const id = useCurrentPageId();
  const key = `page.${id}.title`;
  const isAdmin = getPage(id).access === "adminArea" || getPage(id).access === "adminOnly";
  return (
    <Stack>
      {isAdmin && <AdminMobileNotice />}
      <Title order={1}>{isMessageKey(key) ? t(key) : id}</Title>
      <Alert color="gray" variant="light">
        {t("page.comingSoon")}
      </Alert>
    </Stack>
  );
}
