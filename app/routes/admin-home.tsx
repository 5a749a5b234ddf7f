import { Anchor, SimpleGrid, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { useLocale, useT } from "~/i18n/i18n-context";
import { isMessageKey } from "~/i18n/translate";
import { useRootData } from "~/root-data";
import { isBuilt, PAGES, ROLES_BY_ACCESS } from "~/routing/catalogue";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import type { Route } from "./+types/admin-home";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.admin.title");
}

/** The admin parent page: links to the built admin pages this role may open (no pages with an {id}). */
export default function AdminHome() {
  const t = useT();
  const locale = useLocale();
  const role = useRootData()?.user?.role;
  const pages = PAGES.filter(
    (p) => p.id.startsWith("admin") && p.id !== "admin" && !p.resource && !p.de.includes(":") && isBuilt(p.id) && role && ROLES_BY_ACCESS[p.access]?.includes(role),
  );
  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.admin.title")}</Title>
      <nav aria-label={t("page.admin.title")}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {pages.map((p) => {
            const key = `page.${p.id}.title`;
            return (
              <Anchor key={p.id} component={Link} to={href(p.id, locale)}>
                {isMessageKey(key) ? t(key) : p.id}
              </Anchor>
            );
          })}
        </SimpleGrid>
      </nav>
    </Stack>
  );
}
