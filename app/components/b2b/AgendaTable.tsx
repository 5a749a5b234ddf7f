import { Alert, Anchor, Badge, Box, Button, Card, Group, NativeSelect, Stack, Table, Text, Title } from "@mantine/core";
import { Form, Link } from "react-router";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { Agenda, AgendaItem } from "~/schemas/b2b-agenda";
import { useAgendaRefresh } from "./use-agenda-refresh";

/**
 * A participating company's published B2B agenda on the event page (issue 12): a table by round
 * (time, table, partner with a link to its profile, contact person with a mailto link) from `sm`
 * up, the same as stacked cards below (390 px), and the PDF and .ics downloads. A member of
 * several participating companies switches with a small GET form (works without JavaScript).
 */
type AgendaView = Omit<Agenda, "items"> & { items: AgendaItem[] };

function Time({ item }: { item: AgendaItem }) {
  const format = useFormat();
  if (!item.startsAt || !item.endsAt) return <>–</>;
  return <time dateTime={item.startsAt}>{format.dateTimeRange(item.startsAt, item.endsAt)}</time>;
}

/** "Changed" on a round that the last repair (a no-show re-match, decision 059) changed. */
function Changed({ item }: { item: AgendaItem }) {
  const t = useT();
  if (!item.changed) return null;
  return (
    <Badge color="#8a4b00" variant="filled" data-testid="agenda-changed">
      {t("b2bAgenda.changed")}
    </Badge>
  );
}

function Partner({ item }: { item: AgendaItem }) {
  const locale = useLocale();
  const t = useT();
  const m = item.meeting!;
  const place = [m.partner.city, m.partner.country ? t(`country.${m.partner.country}`) : null].filter(Boolean).join(", ");
  return (
    <Stack gap={2}>
      {m.partner.profileLinked ? (
        <Anchor component={Link} to={href("companyDetail", locale, { id: m.partner.id })} fw={600} data-testid="agenda-partner">
          {m.partner.name}
        </Anchor>
      ) : (
        <Text span fw={600} data-testid="agenda-partner">
          {m.partner.name}
        </Text>
      )}
      {place && (
        <Text span size="sm">
          {place}
        </Text>
      )}
      <Wishes item={item} />
    </Stack>
  );
}

function Wishes({ item }: { item: AgendaItem }) {
  const t = useT();
  const m = item.meeting!;
  if (m.ownRank === 1 && m.partnerRank === 1) return <Badge color="#1b5e20">{t("b2bAgenda.mutualFirst")}</Badge>;
  const parts = [m.ownRank ? t("b2bAgenda.ownRank", { rank: m.ownRank }) : null, m.partnerRank ? t("b2bAgenda.partnerRank", { rank: m.partnerRank }) : null].filter(Boolean);
  return parts.length > 0 ? (
    <Text span size="sm" c="dimmed">
      {parts.join(" · ")}
    </Text>
  ) : null;
}

function Contact({ item }: { item: AgendaItem }) {
  const t = useT();
  const p = item.meeting!.partner;
  if (!p.contactName && !p.contactEmail) return <Text size="sm">{t("b2bAgenda.noContact")}</Text>;
  return (
    <Stack gap={2}>
      {p.contactName && <Text span>{p.contactName}</Text>}
      {p.contactEmail && (
        <Anchor href={`mailto:${p.contactEmail}`} size="sm" style={{ overflowWrap: "anywhere" }}>
          {p.contactEmail}
        </Anchor>
      )}
    </Stack>
  );
}

export function AgendaTable({ agenda, eventId }: { agenda: AgendaView; eventId: string }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const query = `?${new URLSearchParams({ company: agenda.company.id })}`;
  const pdfHref = `${href("eventB2bAgendaPdf", locale, { id: eventId })}${query}`;
  const icsHref = `${href("eventB2bAgendaIcs", locale, { id: eventId })}${query}`;
  useAgendaRefresh(agenda.live === true);

  return (
    <section aria-labelledby="b2b-agenda-title" id="b2b-agenda" data-testid="b2b-agenda" style={{ scrollMarginTop: 80 }}>
      <Title order={2} size="h3" id="b2b-agenda-title" mb={4}>
        {t("b2bAgenda.title")}
      </Title>
      <Text size="sm" mb="sm">
        {t("b2bAgenda.forCompany", { company: agenda.company.name })} · {t("b2bAgenda.meetingCount", { count: agenda.meetingCount })}
        {agenda.publishedAt && <> · {t("b2bAgenda.publishedAt", { date: format.dateTime(agenda.publishedAt) })}</>}
      </Text>

      {agenda.changedAt && (
        <Alert color="orange" role="status" mb="sm" data-testid="agenda-changed-notice">
          {t("b2bAgenda.changedNotice", { time: format.dateTime(agenda.changedAt) })}
        </Alert>
      )}

      {agenda.choices.length > 1 && (
        <Form method="get" preventScrollReset>
          <Group align="end" gap="sm" mb="sm">
            <NativeSelect
              name="company"
              label={t("b2bAgenda.chooseCompany")}
              defaultValue={agenda.company.id}
              data={agenda.choices.map((c) => ({ value: c.id, label: c.name }))}
              data-testid="agenda-company"
            />
            <Button type="submit" variant="default">
              {t("b2bAgenda.show")}
            </Button>
          </Group>
        </Form>
      )}

      <Group gap="sm" mb="md">
        <Button component="a" href={pdfHref} download variant="default" data-testid="agenda-pdf">
          {t("b2bAgenda.pdf")}
        </Button>
        <Button component="a" href={icsHref} download variant="default" data-testid="agenda-ics">
          {t("b2bAgenda.ics")}
        </Button>
      </Group>

      {agenda.meetingCount === 0 && <Text mb="sm">{t("b2bAgenda.empty")}</Text>}

      <Box visibleFrom="sm">
        <Table striped withTableBorder verticalSpacing="sm" data-testid="agenda-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("b2bAgenda.col.round")}</Table.Th>
              <Table.Th scope="col">{t("b2bAgenda.col.time")}</Table.Th>
              <Table.Th scope="col">{t("b2bAgenda.col.table")}</Table.Th>
              <Table.Th scope="col">{t("b2bAgenda.col.partner")}</Table.Th>
              <Table.Th scope="col">{t("b2bAgenda.col.contact")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agenda.items.map((item) => (
              <Table.Tr key={item.round} data-testid="agenda-row" data-round={item.round}>
                <Table.Th scope="row">
                  <Stack gap={4} align="flex-start">
                    {t("b2bAgenda.roundN", { round: item.round })}
                    <Changed item={item} />
                  </Stack>
                </Table.Th>
                <Table.Td>
                  <Time item={item} />
                </Table.Td>
                {item.meeting ? (
                  <>
                    <Table.Td>{item.meeting.tableName}</Table.Td>
                    <Table.Td>
                      <Partner item={item} />
                    </Table.Td>
                    <Table.Td>
                      <Contact item={item} />
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={3}>
                    <Text c="dimmed">{t("b2bAgenda.pause")}</Text>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>

      <Stack component="ol" hiddenFrom="sm" gap="sm" p={0} m={0} style={{ listStyle: "none" }} data-testid="agenda-cards">
        {agenda.items.map((item) => (
          <Card key={item.round} component="li" withBorder padding="sm" data-testid="agenda-card" data-round={item.round}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs">
                <Text fw={700}>{t("b2bAgenda.roundN", { round: item.round })}</Text>
                <Changed item={item} />
              </Group>
              <Text size="sm">
                <Time item={item} />
              </Text>
            </Group>
            {item.meeting ? (
              <Stack gap={6} mt={6}>
                <Text size="sm">
                  {t("b2bAgenda.col.table")}: <strong>{item.meeting.tableName}</strong>
                </Text>
                <Partner item={item} />
                <Box>
                  <Text size="sm" c="dimmed">
                    {t("b2bAgenda.col.contact")}
                  </Text>
                  <Contact item={item} />
                </Box>
              </Stack>
            ) : (
              <Text c="dimmed" mt={6}>
                {t("b2bAgenda.pause")}
              </Text>
            )}
          </Card>
        ))}
      </Stack>
    </section>
  );
}
