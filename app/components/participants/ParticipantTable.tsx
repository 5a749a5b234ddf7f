import { Anchor, Badge, Button, Checkbox, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { Form, Link } from "react-router";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { Country, RegistrationStatus } from "~/schemas/enums";
import { type AnswerCell, type AnswerColumn, columnLabel, formatAnswerCell } from "~/schemas/participant-answers";
import { type ParticipantFilter, type ParticipantSort, selectionQuery } from "~/schemas/participant-selection";
import { RegistrationStatusBadge } from "./RegistrationStatusBadge";
import classes from "./ParticipantTable.module.css";
import { TOOLS_FORM_ID } from "./ParticipantTools";

export interface ParticipantTableRow {
  id: string;
  status: RegistrationStatus;
  personName: string | null;
  email: string | null;
  companyId: string;
  companyName: string;
  /** The company's profile awaits approval (decision 031): marked, and not linked (its page is not public yet). */
  companyPending: boolean;
  country: Country | null;
  region: string | null;
  function: string | null;
  registeredAt: string;
  attendedAt: string | null;
  answers: Record<string, AnswerCell>;
}

export interface PendingDelete {
  id: string;
  name: string;
  company: string;
}

interface Props {
  eventId: string;
  rows: ParticipantTableRow[];
  columns: AnswerColumn[];
  filter: ParticipantFilter;
  listHref: string;
  busy: boolean;
  invoiceCreate: boolean;
  ticked: ReadonlySet<string>;
  onTick: (ids: string[], on: boolean) => void;
  onDelete: (row: PendingDelete) => void;
}

/** The participants, one row per registration, with the form's answers as columns. */
export function ParticipantTable({ eventId, rows, columns, filter, listHref, busy, invoiceCreate, ticked, onTick, onDelete }: Props) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const words = { yes: t("participants.answer.yes"), no: t("participants.answer.no") };
  const here = `${listHref}${selectionQuery({ filter, ids: [] })}`;
  const allTicked = rows.length > 0 && rows.every((r) => ticked.has(r.id));
  const someTicked = rows.some((r) => ticked.has(r.id));

  const sortHeader = (sort: ParticipantSort, label: string) => {
    const active = filter.sort === sort;
    const dir = active && filter.dir === "asc" ? "desc" : "asc";
    return (
      <Table.Th scope="col" aria-sort={active ? (filter.dir === "asc" ? "ascending" : "descending") : undefined}>
        <Anchor component={Link} to={`${listHref}${selectionQuery({ filter: { ...filter, sort, dir }, ids: [] })}`} data-testid={`sort-${sort}`}>
          {label}
          {active && <span aria-hidden="true">{filter.dir === "asc" ? " ▲" : " ▼"}</span>}
        </Anchor>
      </Table.Th>
    );
  };

  return (
    <div className={classes.cards}>
      {/* Native scrolling: a scroll area's content box would keep the cards as wide as the table. */}
      <Table.ScrollContainer minWidth={1100} type="native" classNames={{ scrollContainerInner: classes.inner }}>
      <Table striped data-testid="participant-table">
        <Table.Caption>{t("page.adminParticipants.title")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Checkbox
                aria-label={t("participants.tickAll")}
                checked={allTicked}
                indeterminate={someTicked && !allTicked}
                onChange={(e) => onTick(rows.map((r) => r.id), e.currentTarget.checked)}
                data-testid="participants-tick-all"
              />
            </Table.Th>
            {sortHeader("name", t("participants.col.person"))}
            {sortHeader("company", t("participants.col.company"))}
            {sortHeader("country", t("participants.col.country"))}
            <Table.Th scope="col" className={classes.phoneHidden}>
              {t("participants.col.region")}
            </Table.Th>
            <Table.Th scope="col" className={classes.phoneHidden}>
              {t("participants.col.function")}
            </Table.Th>
            {sortHeader("registeredAt", t("participants.col.registeredAt"))}
            {sortHeader("state", t("participants.col.state"))}
            <Table.Th scope="col" className={classes.phoneHidden}>
              {t("participants.col.actions")}
            </Table.Th>
            {columns.map((c) => (
              <Table.Th scope="col" key={c.key} data-testid="answer-column" className={classes.phoneHidden}>
                {columnLabel(c, locale)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const name = r.personName ?? t("participants.deletedAccount");
            return (
              <Table.Tr key={r.id} data-testid="participant-row" data-registration-id={r.id}>
                <Table.Td>
                  <Checkbox
                    form={TOOLS_FORM_ID}
                    name="ids"
                    value={r.id}
                    checked={ticked.has(r.id)}
                    onChange={(e) => onTick([r.id], e.currentTarget.checked)}
                    aria-label={t("participants.tick", { name })}
                    data-testid="participant-tick"
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} data-testid="participant-name">
                    {name}
                  </Text>
                  {r.email && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {r.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label={t("participants.col.company")}>
                  {r.companyPending ? (
                    <Text span size="sm">
                      {r.companyName}
                    </Text>
                  ) : (
                    <Anchor component={Link} to={href("companyDetail", locale, { id: r.companyId })} size="sm">
                      {r.companyName}
                    </Anchor>
                  )}
                  {r.companyPending && (
                    <Badge color="#8a3c00" size="sm" tt="none" display="block" mt={4} data-testid="participant-company-pending">
                      {t("companyStatus.pendingMark")}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td data-label={t("participants.col.country")}>{r.country ? t(`country.${r.country}`) : ""}</Table.Td>
                <Table.Td data-label={t("participants.col.region")}>{r.region ?? ""}</Table.Td>
                <Table.Td data-label={t("participants.col.function")}>{r.function ?? ""}</Table.Td>
                <Table.Td data-label={t("participants.col.registeredAt")}>{format.dateTime(r.registeredAt)}</Table.Td>
                <Table.Td>
                  <RegistrationStatusBadge status={r.status} />
                  {r.attendedAt && (
                    <Text size="xs" c="dimmed">
                      {t("participants.attendedAt", { time: format.dateTime(r.attendedAt) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
                    {(r.status === "REGISTERED" || r.status === "ATTENDED") && (
                      <Form method="post" action={here}>
                        <input type="hidden" name="intent" value={r.status === "REGISTERED" ? "checkIn" : "undoCheckIn"} />
                        <input type="hidden" name="registrationId" value={r.id} />
                        <Button type="submit" size="compact-sm" variant={r.status === "REGISTERED" ? "filled" : "default"} disabled={busy} data-testid={r.status === "REGISTERED" ? "participant-checkin" : "participant-undo-checkin"}>
                          {t(r.status === "REGISTERED" ? "participants.checkIn" : "participants.undoCheckIn")}
                          <VisuallyHidden>{` – ${name}`}</VisuallyHidden>
                        </Button>
                      </Form>
                    )}
                    {invoiceCreate && r.status !== "CANCELLED" && r.status !== "WAITING" && (
                      <Button component={Link} to={`${href("adminInvoiceCreate", locale, { id: eventId })}?registration=${r.id}`} size="compact-sm" variant="default" data-testid="participant-invoice">
                        {t("participants.invoice")}
                        <VisuallyHidden>{` – ${name}`}</VisuallyHidden>
                      </Button>
                    )}
                    <Button size="compact-sm" color="red" variant="light" onClick={() => onDelete({ id: r.id, name, company: r.companyName })} data-testid="participant-delete">
                      {t("action.delete")}
                      <VisuallyHidden>{` – ${name}`}</VisuallyHidden>
                    </Button>
                  </Group>
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.key} data-label={columnLabel(c, locale)}>
                    {formatAnswerCell(r.answers[c.key], locale, words)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      </Table.ScrollContainer>
    </div>
  );
}
