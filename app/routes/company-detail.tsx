import { Alert, Divider, Stack, Text } from "@mantine/core";
import { data, useLoaderData, useLocation } from "react-router";
import { AddressList } from "~/components/company-detail/AddressList";
import { ErrorScreen } from "~/components/ErrorScreen";
import { JsonLd } from "~/components/seo/JsonLd";
import { CompanyHeader } from "~/components/company-detail/CompanyHeader";
import { CompanyClassification, CompanyDescription } from "~/components/company-detail/CompanyProfile";
import { ContactList } from "~/components/company-detail/ContactList";
import { ServiceList } from "~/components/company-detail/ServiceList";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { errorMeta, pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import { translate } from "~/i18n/translate";
import { absoluteUrl } from "~/routing/seo";
import { localeOfPath } from "~/i18n/locales";
import { getCompanyDetail } from "~/server/companies/detail.server";
import { companyJsonLd } from "~/server/companies/json-ld.server";
import { companySeo } from "~/server/seo/entity-seo.server";
import { publicBaseUrl } from "~/server/request-origin.server";
import { getDb } from "~/server/db/client.server";
import { isAppError } from "~/server/errors";
import { organiserHasPublicEvents } from "~/server/calendar/feeds.server";
import { handleAction, readForm } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/company-detail";
import { idOrNotFound, intentOf, runCompanyIntent } from "./company-detail.actions.server";

export function meta(args: Route.MetaArgs) {
  if (args.error || !args.loaderData) return errorMeta(args.location.pathname);
  const base = pageMeta(args, "page.companyDetail.title", args.loaderData.company.name, args.loaderData.seo);
  const locale = localeOfPath(args.location.pathname) ?? "de";
  // Calendar autodiscovery (issue 25, decision 062): an organiser with public events offers them as an iCal feed.
  return args.loaderData.calendarFeed
    ? [
        ...base,
        {
          tagName: "link",
          rel: "alternate",
          type: "text/calendar",
          title: translate(locale, "calendarFeed.organiserName", { organiser: args.loaderData.company.name }),
          href: href("organiserCalendarFeed", locale, { id: args.loaderData.company.id }),
        },
      ]
    : base;
}

/** Hidden or unknown profiles: the spec's error screen inside the layout, with a page title (axe). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const actor = context.get(userContext);
  try {
    const detail = await getCompanyDetail(await getDb(), actor, idOrNotFound(params.id));
    const origin = publicBaseUrl();
    return {
      ...detail,
      seo: companySeo(detail, locale),
      jsonLd: companyJsonLd(detail, locale, absoluteUrl(origin, href("companyDetail", locale, { id: detail.company.id })), origin),
      services: detail.services.map(({ id, type, title, description, keywords, imageKey, termsUrl, validUntil, state }) => ({
        id,
        type,
        title,
        description,
        keywords,
        imageKey,
        termsUrl,
        validUntil,
        state,
      })),
      signedIn: actor !== null,
      calendarFeed: detail.company.status === "VERIFIED" && (await organiserHasPublicEvents(await getDb(), detail.company.id)),
      notice: url.searchParams.get("created") === "1" ? ("created" as const) : url.searchParams.get("saved") === "1" ? ("saved" as const) : null,
    };
  } catch (error) {
    // Hidden and unknown profiles look the same: 404 (spec §2 error screen).
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Only the ad form uploads a file, so an oversized body belongs to it (body-limits.ts names the image limit).
  const form = await readForm(request, { intent: "createService" });
  if (!(form instanceof FormData)) return form;
  const intent = String(form.get("intent") ?? "");
  return handleAction(
    async () => {
      await runCompanyIntent(await getDb(), context.get(userContext), idOrNotFound(params.id), intentOf(form), form, getStorage());
      return { ok: true as const, intent };
    },
    { intent },
  );
}

export default function CompanyDetailPage() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const location = useLocation();
  const { company, nace, tags, addresses, contacts, services, can, signedIn, notice, jsonLd } = useLoaderData<typeof loader>();
  const loginHref = `${href("login", locale)}?${new URLSearchParams({ redirectTo: location.pathname })}`;

  return (
    <Stack gap="xl" maw={1000}>
      <JsonLd json={jsonLd} />
      {notice && (
        <Alert color="green" role="status" data-testid="company-notice">
          {t(notice === "saved" ? "companyDetail.saved" : company.status === "PENDING" ? "company.createdPendingApproval" : "companyDetail.createdPublished")}
        </Alert>
      )}
      <CompanyHeader company={company} can={can} signedIn={signedIn} loginHref={loginHref} />
      <CompanyDescription descriptionDe={company.descriptionDe} descriptionCs={company.descriptionCs} />
      <CompanyClassification nace={nace} tags={tags} />
      <AddressList companyName={company.name} addresses={addresses} canEdit={can.edit} />
      <ContactList contacts={contacts} canEdit={can.edit} loginHref={loginHref} />
      <ServiceList services={services} canManage={can.manageServices} companyId={company.id} />
      <Divider />
      <Stack gap={2}>
        <Text size="sm" c="dimmed" data-testid="company-last-change">
          {t("companyDetail.lastChange", { date: format.date(company.updatedAt) })}
        </Text>
        {company.origin && (
          <Text size="sm" c="dimmed">
            {t("companyDetail.origin", { origin: t(`company.origin.${company.origin}`) })}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
