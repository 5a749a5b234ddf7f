import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { failureCode } from "~/components/failure-code";
import { FormError, useFieldError } from "~/components/FormError";
import { LinkSearchResults } from "~/components/links/LinkSearchResults";
import { MyLinks } from "~/components/links/MyLinks";
import { useLocale, useT } from "~/i18n/i18n-context";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { LINK_SEARCH_MAX, LinkRequestSchema, LinkSearchSchema } from "~/schemas/approvals";
import { fieldErrors } from "~/schemas/form-errors";
import { listMyLinks, requestCompanyLink, searchCompaniesToLink } from "~/server/companies/links.server";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import type { Route } from "./+types/company-link";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.companyLink.title");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUser(context);
  const parsed = LinkSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const q = parsed.success ? parsed.data.q : "";
  const db = await getDb();
  const [results, links] = await Promise.all([searchCompaniesToLink(db, actor, q), listMyLinks(db, actor)]);
  return { q, searchError: parsed.success ? undefined : fieldErrors(parsed.error).q, results, links };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const { companyId } = parseForm(LinkRequestSchema, form);
    await requestCompanyLink(await getDb(), requireUser(context), companyId);
    return { ok: true as const, companyId };
  });
}

export default function CompanyLink() {
  const t = useT();
  const locale = useLocale();
  const fieldError = useFieldError();
  const { q, searchError, results, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const searching = useNavigation().formMethod === "GET";
  const failure = actionData && !actionData.ok ? actionData : undefined;

  return (
    <Stack maw={880}>
      <Title order={1}>{t("page.companyLink.title")}</Title>
      <Text>{t("links.intro")}</Text>
      {actionData?.ok && (
        <Alert color="green" role="status" data-testid="link-requested">
          {t("links.requested")}
        </Alert>
      )}
      <FormError code={failureCode(failure)} />

      <Paper withBorder p="lg">
        <Stack>
          <Form method="get" role="search" aria-label={t("links.searchLabel")}>
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                name="q"
                type="search"
                label={t("links.searchLabel")}
                placeholder={t("links.searchPlaceholder")}
                defaultValue={q}
                maxLength={LINK_SEARCH_MAX}
                error={fieldError(searchError)}
                flex={1}
              />
              <Button type="submit" loading={searching}>
                {t("links.searchSubmit")}
              </Button>
            </Group>
          </Form>
          {q && <LinkSearchResults query={q} results={results} />}
          <Text>
            {t("links.notListed")}{" "}
            <Anchor component={Link} to={href("companyCreate", locale)} underline="always">
              {t("links.createCompany")}
            </Anchor>
          </Text>
        </Stack>
      </Paper>

      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t("links.mine")}
          </Title>
          <MyLinks links={links} />
          <Text size="sm" c="dimmed">
            {t("links.removalHint")}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
