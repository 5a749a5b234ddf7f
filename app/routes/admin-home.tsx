import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { AdminMobileNotice } from "~/components/AdminMobileNotice";
import { useLocale, useT } from "~/i18n/i18n-context";
import { isMessageKey, type MessageKey } from "~/i18n/translate";
import { useRootData } from "~/root-data";
import { isBuilt, PAGES, type PageId, ROLES_BY_ACCESS } from "~/routing/catalogue";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { getAdminHomeCounts } from "~/server/admin/admin-home.server";
import { getDb } from "~/server/db/client.server";
import { countMissingTranslations } from "~/server/translation/missing.server";
import { requireUser } from "~/server/http/require-user.server";
import type { Route } from "./+types/admin-home";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.admin.title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = await getDb();
  const actor = requireUser(context);
  const counts = await getAdminHomeCounts(db, actor);
  // Profiles and tags missing a language (decision 041): admins' work too.
  return counts.kind === "admin" ? { ...counts, translationsMissing: await countMissingTranslations(db, actor) } : counts;
}

interface CountLink {
  testId: string;
  message: MessageKey;
  count: number;
  page: PageId;
}

/** What is waiting, per role: each count links to the list it counts. */
function countLinks(counts: Awaited<ReturnType<typeof loader>>): { title: MessageKey; links: CountLink[] } {
  if (counts.kind === "admin") {
    return {
      title: "adminHome.work",
      links: [
        { testId: "count-company-approvals", message: "adminHome.companyApprovals", count: counts.companyApprovals, page: "adminApprovals" },
        { testId: "count-link-requests", message: "adminHome.linkRequests", count: counts.linkRequests, page: "adminApprovals" },
        { testId: "count-role-requests", message: "adminHome.roleRequests", count: counts.roleRequests, page: "adminApprovals" },
        { testId: "count-challenges", message: "adminHome.challenges", count: counts.challenges, page: "adminChallenges" },
        { testId: "count-translations-missing", message: "adminHome.translationsMissing", count: counts.translationsMissing, page: "adminTranslations" },
        { testId: "count-duplicates", message: "adminHome.duplicates", count: counts.duplicates, page: "adminDuplicates" },
      ],
    };
  }
  return {
    title: "adminHome.mine",
    links: [
      { testId: "count-upcoming-events", message: "adminHome.upcomingEvents", count: counts.upcomingEvents, page: "adminEvents" },
      { testId: "count-waiting-registrations", message: "adminHome.waitingRegistrations", count: counts.waitingRegistrations, page: "adminEvents" },
      { testId: "count-news", message: "adminHome.news", count: counts.news, page: "adminNews" },
    ],
  };
}

/** The admin parent page: the work waiting, then links to the built admin pages this role may open. */
export default function AdminHome() {
  const t = useT();
  const locale = useLocale();
  const counts = useLoaderData<typeof loader>();
  const role = useRootData()?.user?.role;
  const pages = PAGES.filter(
    (p) =>
      p.id.startsWith("admin") &&
      p.id !== "admin" &&
      !p.resource &&
      !p.de.includes(":") &&
      isBuilt(p.id) &&
      role &&
      ROLES_BY_ACCESS[p.access]?.includes(role),
  );
  const waiting = countLinks(counts);
  return (
    <Stack>
      <AdminMobileNotice />
      <Title order={1}>{t("page.admin.title")}</Title>
      <Paper withBorder p="md" component="section" aria-labelledby="admin-home-counts">
        <Title order={2} size="h3" id="admin-home-counts" mb="sm">
          {t(waiting.title)}
        </Title>
        <List listStyleType="none" spacing="xs" data-testid="admin-home-counts">
          {waiting.links.map((link) => (
            <List.Item key={link.testId}>
              <Group gap="xs" wrap="nowrap">
                <Badge variant={link.count > 0 ? "filled" : "light"} color={link.count > 0 ? "blue" : "gray"} aria-hidden>
                  {link.count}
                </Badge>
                <Anchor component={Link} to={href(link.page, locale)} data-testid={link.testId} data-count={link.count}>
                  {t(link.message, { count: link.count })}
                </Anchor>
              </Group>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Title order={2} size="h3">
        {t("adminHome.pages")}
      </Title>
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
