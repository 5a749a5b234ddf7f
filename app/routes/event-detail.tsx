import { Alert, Anchor, Button, Group, Image, List, SimpleGrid, Stack, Text, Title, Typography } from "@mantine/core";
import { lazy } from "react";
import { data, Link, useLoaderData, useLocation } from "react-router";
import { ErrorScreen } from "~/components/ErrorScreen";
import { AgendaTable } from "~/components/b2b/AgendaTable";
import { JsonLd } from "~/components/seo/JsonLd";
import { RegistrationPanel } from "~/components/event-detail/RegistrationPanel";
import { MapFrame } from "~/components/map/MapFrame";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { errorMeta, pageMeta } from "~/routing/current-page";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { getDb } from "~/server/db/client.server";
import { isAppError } from "~/server/errors";
import { getPublicEvent } from "~/server/events/detail.server";
import { eventJsonLd } from "~/server/events/json-ld.server";
import { eventSeo } from "~/server/seo/entity-seo.server";
import { runRegistrationIntent } from "~/server/events/registration-actions.server";
import { handleAction, readForm } from "~/server/http/actions.server";
import { participatingCompaniesOfActor } from "~/server/matching/access.server";
import { userContext } from "~/server/http/context";
import { memberCompanies } from "~/server/members/members.server";
import { memberPolicy } from "~/server/policy/member-policy";
import { agendaForEventPage } from "~/server/matching/agenda.server";
import { publicBaseUrl } from "~/server/request-origin.server";
import { EventTimeRange } from "~/components/events/EventTimeRange";
import { zoneLabelForSpan } from "~/schemas/event-time-zone";
import type { Route } from "./+types/event-detail";

// Leaflet touches `window` on import: the map loads in the browser only.
const MapClient = lazy(() => import("~/components/company-detail/CompanyMap.client"));

export function meta(args: Route.MetaArgs) {
  if (args.error || !args.loaderData) return errorMeta(args.location.pathname);
  return pageMeta(args, "page.eventDetail.title", args.loaderData.title, args.loaderData.seo);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const actor = context.get(userContext);
  try {
    const db = await getDb();
    const detail = await getPublicEvent(db, actor, params.id);
    // A participating company's published B2B agenda (issue 12), for its members only.
    const agenda = detail.event.b2b ? await agendaForEventPage(db, actor, detail.event.id, url.searchParams.get("company")) : null;
    // B2B matching released: members of a participating company get the link to their wishes.
    const rankable = detail.state === "B2B_MATCHING" && (await participatingCompaniesOfActor(db, actor, detail.event.id)).length > 0;
    // A Multiplikator with member companies registers them from here while registration is open (decision 063).
    const membersOpen = (detail.state === "OPEN" || detail.state === "FULL") && detail.event.registrationKind === "INTERNAL" && memberPolicy.canActForMembers(actor);
    const membersHref = membersOpen && (await memberCompanies(db, actor)).length > 0 ? href("eventRegisterMembers", locale, { id: detail.event.id }) : null;
    const origin = publicBaseUrl();
    const pageUrl = `${origin}${encodeURI(href("eventDetail", locale, { id: detail.event.id }))}`;
    return {
      ...detail,
      agenda,
      title: locale === "cs" ? detail.event.titleCs : detail.event.titleDe,
      jsonLd: eventJsonLd(detail, locale, pageUrl, origin),
      seo: eventSeo(detail, locale),
      signedIn: actor !== null,
      notice: url.searchParams.get("registered") ?? null,
      preferencesHref: rankable ? href("eventB2bPreferences", locale, { id: detail.event.id }) : null,
      membersHref,
    };
  } catch (error) {
    // Hidden, unknown and deleted events look the same: 404 (spec §2 error screen).
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => runRegistrationIntent(await getDb(), context.get(userContext), form), { intent: "cancel" });
}

export default function EventDetailPage() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const location = useLocation();
  const d = useLoaderData<typeof loader>();
  const e = d.event;
  const description = locale === "cs" ? e.descriptionCs : e.descriptionDe;
  const paymentTerms = locale === "cs" ? e.paymentTermsCs || e.paymentTermsDe : e.paymentTermsDe || e.paymentTermsCs;
  // The country belongs to the address: the region spans two (issue 19).
  const address = [e.venue, e.line1, e.line2, [e.postalCode, e.city].filter(Boolean).join(" "), e.country && t(`country.${e.country}`)].filter(Boolean).join(", ");
  const zone = zoneLabelForSpan(locale, e.startsAt, e.endsAt);
  const loginHref = `${href("login", locale)}?${new URLSearchParams({ redirectTo: location.pathname })}`;
  const calendarHref = href("eventCalendar", locale, { id: e.id });
  const mapLabels = { contributors: t("companyDetail.map.contributors"), zoomIn: t("companyDetail.map.zoomIn"), zoomOut: t("companyDetail.map.zoomOut") };

  return (
    <Stack gap="xl" maw={1000}>
      <JsonLd json={d.jsonLd} />
      {d.notice && (
        <Alert color={d.notice === "waiting" ? "orange" : "green"} role="status" data-testid="event-notice">
          {t(d.notice === "waiting" ? "eventDetail.notice.waiting" : "eventDetail.notice.registered")}
        </Alert>
      )}
      <Stack gap="xs">
        <Title order={1} className="hyphenate" data-testid="event-title">
          {d.title}
        </Title>
        <Text fw={700} size="lg">
          <EventTimeRange start={e.startsAt} end={e.endsAt} />
        </Text>
        <Text size="sm" c="dimmed">
          {t("eventDetail.timeZone", { zone: zone.long, short: zone.short })}
        </Text>
        <Group gap="sm">
          <Button component="a" href={calendarHref} variant="default" download data-testid="event-ics">
            {t("eventDetail.addToCalendar")}
          </Button>
          {d.can.manage && (
            <Button component={Link} to={href("adminEventEdit", locale, { id: e.id })} variant="default">
              {t("eventDetail.edit")}
            </Button>
          )}
          {d.can.manage && isBuilt("adminParticipants") && (
            <Button component={Link} to={href("adminParticipants", locale, { id: e.id })} variant="default" data-testid="event-participants-link">
              {t("page.adminParticipants.title")}
            </Button>
          )}
        </Group>
      </Stack>

      <RegistrationPanel
        eventId={e.id}
        state={d.state}
        external={e.registrationKind === "EXTERNAL"}
        externalUrl={e.externalUrl}
        closesAt={e.registrationClosesAt}
        maxParticipants={e.maxParticipants}
        counts={d.counts}
        signedIn={d.signedIn}
        canRegister={d.can.register}
        hasVerifiedCompany={d.registrableCompanies.length > 0}
        own={d.ownRegistration}
        loginHref={loginHref}
        preferencesHref={d.preferencesHref}
      />
      {d.membersHref && (
        <Anchor component={Link} to={d.membersHref} fw={600} data-testid="event-register-members">
          {t("memberRegister.link")}
        </Anchor>
      )}

      {d.agenda && <AgendaTable agenda={d.agenda} eventId={e.id} />}

      {d.images.length > 0 && (
        <section aria-labelledby="event-images">
          <Title order={2} size="h3" id="event-images" mb="sm">
            {t("eventDetail.images")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="event-gallery">
            {d.images.map((img, i) => (
              <a key={img.id} href={`/files/${img.key}`} target="_blank" rel="noopener">
                <Image
                  src={`/files/${img.key}`}
                  alt={t("eventDetail.imageAlt", { title: d.title, n: i + 1 })}
                  radius="sm"
                  h={200}
                  fit="cover"
                  // The first is often the largest thing on a phone's first screen (LCP): at once and first; the rest lazily (decision 068).
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : "auto"}
                />
              </a>
            ))}
          </SimpleGrid>
        </section>
      )}

      <section aria-labelledby="event-description">
        <Title order={2} size="h3" id="event-description" mb="sm">
          {t("eventDetail.description")}
        </Title>
        {/* Sanitised on the server before it is stored (admin events); rendered as HTML. */}
        <Typography>
          <div lang={locale} dangerouslySetInnerHTML={{ __html: description }} data-rich-text="" data-testid="event-description" />
        </Typography>
      </section>

      <section aria-labelledby="event-place">
        <Title order={2} size="h3" id="event-place" mb="sm">
          {t("eventDetail.place")}
        </Title>
        {e.locationKind === "ONLINE" ? (
          <Text>
            {t("eventDetail.online")}
            {e.onlineUrl && (
              <>
                {": "}
                <Anchor href={e.onlineUrl} target="_blank" rel="noopener noreferrer" data-testid="event-online-link">
                  {e.onlineUrl}
                </Anchor>
              </>
            )}
          </Text>
        ) : (
          <>
            <Text data-testid="event-address">{address}</Text>
            {e.lat !== null && e.lon !== null && (
              <MapFrame label={t("eventDetail.map", { title: d.title })} height={300} testId="event-map" whenNear mt="sm">
                <MapClient points={[{ id: e.id, lat: e.lat, lon: e.lon, label: address || d.title }]} labels={mapLabels} />
              </MapFrame>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="event-organisers">
        <Title order={2} size="h3" id="event-organisers" mb="sm">
          {t("eventDetail.organisers")}
        </Title>
        <List data-testid="event-organisers">
          {d.organisers.map((o) => (
            <List.Item key={o.id}>
              {o.linked ? (
                <Anchor component={Link} to={href("companyDetail", locale, { id: o.id })}>
                  {o.name}
                </Anchor>
              ) : (
                o.name
              )}
            </List.Item>
          ))}
        </List>
      </section>

      <section aria-labelledby="event-fee">
        <Title order={2} size="h3" id="event-fee" mb="sm">
          {t("eventDetail.fee")}
        </Title>
        <Text data-testid="event-fee-value">{e.feeMinor === null || !e.currency ? t("events.card.free") : format.currency(e.feeMinor / 100, e.currency)}</Text>
        {e.feeMinor !== null && paymentTerms && (
          <Text size="sm" mt="xs" style={{ whiteSpace: "pre-line" }}>
            {t("eventDetail.paymentTerms")}: {paymentTerms}
          </Text>
        )}
      </section>

      {d.attachments.length > 0 && (
        <section aria-labelledby="event-attachments">
          <Title order={2} size="h3" id="event-attachments" mb="sm">
            {t("eventDetail.attachments")}
          </Title>
          <List data-testid="event-attachments">
            {d.attachments.map((a) => (
              <List.Item key={a.id}>
                <Anchor href={`/files/${a.key}?${new URLSearchParams({ name: a.fileName })}`} download={a.fileName}>
                  {a.fileName}
                </Anchor>{" "}
                <Text span size="sm" c="dimmed">
                  ({t("eventDetail.fileSize", { kb: Math.max(1, Math.round(a.sizeBytes / 1024)) })})
                </Text>
              </List.Item>
            ))}
          </List>
        </section>
      )}

      {d.participants && (
        <section aria-labelledby="event-participants">
          <Title order={2} size="h3" id="event-participants" mb="sm">
            {t("eventDetail.participants", { count: d.participants.length })}
          </Title>
          {d.participants.length === 0 ? (
            <Text size="sm">{t("eventDetail.noParticipants")}</Text>
          ) : (
            <List data-testid="event-participants">
              {d.participants.map((c) => (
                <List.Item key={c.id}>
                  <Anchor component={Link} to={href("companyDetail", locale, { id: c.id })}>
                    {c.name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </section>
      )}
    </Stack>
  );
}
