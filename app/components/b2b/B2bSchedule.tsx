import { Badge, Button, Group, Modal, MultiSelect, NativeSelect, Stack, Table, Tabs, Text, Title, Tooltip } from "@mantine/core";
import { ScrollTable } from "./ScrollTable";
import { useMemo, useState } from "react";
import { Form, Link } from "react-router";
import { useFormat, useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { OverviewMeeting } from "~/schemas/b2b-overview";

interface Props {
  eventId: string;
  runId: string;
  rounds: { round: number; start: string; end: string }[];
  tables: { number: number; name: string; usable: boolean }[];
  meetings: OverviewMeeting[];
  /** Names of all participating companies (to list who is free in a round). */
  companies: { id: string; name: string }[];
}

/**
 * The current schedule by rounds and by tables. Each meeting can be locked (it stays in place
 * when the matching runs again) or moved to another round and table (a moved meeting is locked).
 * The table filter narrows the view and the downloads (a reception desk prints its tables).
 */
export function B2bSchedule({ eventId, runId, rounds, tables, meetings, companies }: Props) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const [shown, setShown] = useState<string[]>([]);
  const [moving, setMoving] = useState<OverviewMeeting | null>(null);
  const usable = tables.filter((x) => x.usable);
  const visible = useMemo(() => new Set(shown.length === 0 ? usable.map((x) => x.number) : shown.map(Number)), [shown, usable]);
  const filtered = meetings.filter((m) => visible.has(m.table));
  const query = shown.length === 0 ? "" : `?tables=${[...visible].sort((a, b) => a - b).join(",")}`;

  return (
    <Stack data-testid="b2b-schedule">
      <Group align="flex-end" wrap="wrap">
        <MultiSelect
          label={t("b2b.schedule.tableFilter")}
          placeholder={shown.length === 0 ? t("b2b.schedule.allTables") : undefined}
          data={usable.map((x) => ({ value: String(x.number), label: x.name }))}
          value={shown}
          onChange={setShown}
          clearable
          searchable
          maw={420}
          data-testid="b2b-table-filter"
        />
        <Button component="a" href={`${href("adminB2bPlanCsv", locale, { id: eventId })}${query}`} download variant="default" data-testid="b2b-download-csv">
          {t("b2b.schedule.csv")}
        </Button>
        <Button component="a" href={`${href("adminB2bPlanPdf", locale, { id: eventId })}${query}`} download variant="default" data-testid="b2b-download-pdf">
          {t("b2b.schedule.pdf")}
        </Button>
      </Group>
      <Tabs defaultValue="rounds" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rounds" data-testid="b2b-tab-rounds">
            {t("b2b.schedule.byRounds")}
          </Tabs.Tab>
          <Tabs.Tab value="tables" data-testid="b2b-tab-tables">
            {t("b2b.schedule.byTables")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rounds" pt="sm">
          <Stack>
            {rounds.map((r) => {
              const inRound = filtered.filter((m) => m.round === r.round);
              const busy = new Set(meetings.filter((m) => m.round === r.round).flatMap((m) => [m.a.id, m.b.id]));
              const free = companies.filter((c) => !busy.has(c.id));
              return (
                <div key={r.round} data-testid={`b2b-round-${r.round}`}>
                  <Title order={3} size="h4" id={`b2b-round-${r.round}`}>
                    {t("b2b.schedule.roundHeading", { round: r.round, time: format.timeRange(r.start, r.end) })}
                  </Title>
                  <ScrollTable minWidth={640} label={t("b2b.schedule.roundHeading", { round: r.round, time: format.timeRange(r.start, r.end) })}>
                    <Table striped withTableBorder>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t("b2b.schedule.table")}</Table.Th>
                          <Table.Th>{t("b2b.schedule.companyA")}</Table.Th>
                          <Table.Th>{t("b2b.schedule.companyB")}</Table.Th>
                          <Table.Th>{t("b2b.schedule.score")}</Table.Th>
                          <Table.Th>{t("b2b.schedule.actions")}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {inRound.map((m) => (
                          <Table.Tr key={m.id} data-testid="b2b-meeting">
                            <Table.Td>{m.tableName}</Table.Td>
                            <Table.Td>
                              <CompanyCell name={m.a.name} id={m.a.id} rank={m.rankA} />
                            </Table.Td>
                            <Table.Td>
                              <CompanyCell name={m.b.name} id={m.b.id} rank={m.rankB} />
                            </Table.Td>
                            <Table.Td>{format.number(m.score)}</Table.Td>
                            <Table.Td>
                              <Group gap="xs" wrap="nowrap">
                                <Form method="post">
                                  <input type="hidden" name="intent" value="lock" />
                                  <input type="hidden" name="runId" value={runId} />
                                  <input type="hidden" name="meetingId" value={m.id} />
                                  <input type="hidden" name="locked" value={m.locked ? "false" : "true"} />
                                  <Tooltip label={m.locked ? t("b2b.schedule.unlock") : t("b2b.schedule.lock")}>
                                    <Button type="submit" size="xs" variant={m.locked ? "filled" : "default"} aria-pressed={m.locked} aria-label={t(m.locked ? "b2b.schedule.unlockMeeting" : "b2b.schedule.lockMeeting", { a: m.a.name, b: m.b.name })} data-testid="b2b-lock">
                                      {m.locked ? t("b2b.schedule.locked") : t("b2b.schedule.lockShort")}
                                    </Button>
                                  </Tooltip>
                                </Form>
                                <Button size="xs" variant="default" onClick={() => setMoving(m)} aria-label={t("b2b.schedule.moveMeeting", { a: m.a.name, b: m.b.name })} data-testid="b2b-move">
                                  {t("b2b.schedule.move")}
                                </Button>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollTable>
                  {free.length > 0 && (
                    <Text size="sm" c="dimmed" data-testid="b2b-free">
                      {t("b2b.schedule.free", { names: free.map((c) => c.name).join(", ") })}
                    </Text>
                  )}
                </div>
              );
            })}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="tables" pt="sm">
          <ScrollTable minWidth={Math.max(640, 160 * rounds.length)} label={t("b2b.schedule.byTables")}>
            <Table striped withTableBorder withColumnBorders data-testid="b2b-by-tables">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("b2b.schedule.table")}</Table.Th>
                  {rounds.map((r) => (
                    <Table.Th key={r.round}>
                      {t("b2b.schedule.roundShort", { round: r.round })}
                      <Text size="xs" c="dimmed">
                        {format.timeRange(r.start, r.end)}
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {usable
                  .filter((x) => visible.has(x.number))
                  .map((table) => (
                    <Table.Tr key={table.number}>
                      <Table.Th scope="row">{table.name}</Table.Th>
                      {rounds.map((r) => {
                        const m = filtered.find((x) => x.round === r.round && x.table === table.number);
                        return <Table.Td key={r.round}>{m ? `${m.a.name} – ${m.b.name}` : "–"}</Table.Td>;
                      })}
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Tabs.Panel>
      </Tabs>
      <MoveDialog meeting={moving} onClose={() => setMoving(null)} runId={runId} rounds={rounds} tables={usable} />
    </Stack>
  );
}

function CompanyCell({ name, id, rank }: { name: string; id: string; rank: number | null }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Group gap={6} wrap="wrap">
      <Link to={href("companyDetail", locale, { id })}>{name}</Link>
      <Badge variant="light" color={rank === null ? "gray" : "brand"} size="sm" data-testid="b2b-rank-badge">
        {rank === null ? t("b2b.schedule.notRanked") : t("b2b.schedule.rank", { rank })}
      </Badge>
    </Group>
  );
}

function MoveDialog({ meeting, onClose, runId, rounds, tables }: { meeting: OverviewMeeting | null; onClose: () => void; runId: string; rounds: { round: number }[]; tables: { number: number; name: string }[] }) {
  const t = useT();
  return (
    <Modal opened={meeting !== null} onClose={onClose} title={meeting ? t("b2b.schedule.moveTitle", { a: meeting.a.name, b: meeting.b.name }) : ""}>
      {meeting && (
        <Form method="post" onSubmit={onClose}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="runId" value={runId} />
          <input type="hidden" name="meetingId" value={meeting.id} />
          <Stack>
            <NativeSelect name="round" label={t("b2b.schedule.round")} defaultValue={String(meeting.round)} data={rounds.map((r) => ({ value: String(r.round), label: t("b2b.schedule.roundShort", { round: r.round }) }))} data-testid="b2b-move-round" />
            <NativeSelect name="table" label={t("b2b.schedule.table")} defaultValue={String(meeting.table)} data={tables.map((x) => ({ value: String(x.number), label: x.name }))} data-testid="b2b-move-table" />
            <Text size="sm" c="dimmed">
              {t("b2b.schedule.moveHint")}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t("action.cancel")}
              </Button>
              <Button type="submit" data-testid="b2b-move-confirm">
                {t("b2b.schedule.move")}
              </Button>
            </Group>
          </Stack>
        </Form>
      )}
    </Modal>
  );
}
