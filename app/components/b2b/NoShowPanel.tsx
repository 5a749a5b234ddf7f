import { Badge, Button, Checkbox, Group, Modal, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useRef, useState } from "react";
import { Form } from "react-router";
import { useFormat, useT } from "~/i18n/i18n-context";

export interface NoShowPanelData {
  cutoffMinutes: number;
  auto: "PAGES" | "MAIL" | null;
  noShowFrom: string | null;
  cutoffPassed: boolean;
  openRounds: number[];
  published: boolean;
  companies: { companyId: string; name: string; checkedIn: boolean; markedAbsent: boolean; noShow: boolean; meetingsAhead: number; arrivedLate: boolean }[];
}

type Company = NoShowPanelData["companies"][number];

function Status({ c }: { c: Company }) {
  const t = useT();
  if (c.markedAbsent) return <Badge color="red.9">{t("b2b.noShow.status.absent")}</Badge>;
  if (c.noShow) return <Badge color="red.9">{t("b2b.noShow.status.noShow")}</Badge>;
  if (c.checkedIn) return <Badge color="teal.9">{t("b2b.noShow.status.checkedIn")}</Badge>;
  return <Badge color="gray.8">{t("b2b.noShow.status.waiting")}</Badge>;
}

/**
 * The event day on the organiser's B2B page (issue 24, decision 059): who has checked in, who is
 * marked absent or counts as a no-show, the cut-off, and "re-match no-shows now" behind a
 * confirmation that also asks whether the changed agendas go out by e-mail. Built as stacked rows,
 * so it works on a phone at the reception.
 */
export function NoShowPanel({ data, busy }: { data: NoShowPanelData; busy: string | null }) {
  const t = useT();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [mail, setMail] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const noShows = data.companies.filter((c) => c.noShow).length;
  const canRematch = data.published && data.openRounds.length > 0;
  return (
    <Paper withBorder p="md" data-testid="b2b-noshow">
      <Title order={2} size="h3" mb="sm">
        {t("b2b.noShow.title")}
      </Title>
      <Text size="sm" mb="sm">
        {t("b2b.noShow.intro")}
      </Text>
      <Form method="post">
        <input type="hidden" name="intent" value="cutoff" />
        <Group align="end" gap="sm" mb="sm" wrap="wrap">
          <TextInput name="minutes" type="number" min={0} max={240} step={1} label={t("b2b.noShow.cutoff")} defaultValue={String(data.cutoffMinutes)} w={220} data-testid="noshow-cutoff" />
          <NativeSelect
            name="auto"
            label={t("b2b.noShow.auto")}
            defaultValue={data.auto ?? "OFF"}
            data={[
              { value: "OFF", label: t("b2b.noShow.auto.OFF") },
              { value: "PAGES", label: t("b2b.noShow.auto.PAGES") },
              { value: "MAIL", label: t("b2b.noShow.auto.MAIL") },
            ]}
            w={{ base: "100%", sm: 320 }}
            data-testid="noshow-auto"
          />
          <Button type="submit" variant="default" loading={busy === "cutoff"}>
            {t("b2b.noShow.saveCutoff")}
          </Button>
        </Group>
      </Form>
      {data.noShowFrom && <Text size="sm">{t("b2b.noShow.from", { time: format.dateTime(data.noShowFrom) })}</Text>}
      <Text size="sm">{data.openRounds.length > 0 ? t("b2b.noShow.openRounds", { rounds: data.openRounds.join(", ") }) : t("b2b.noShow.noOpenRounds")}</Text>
      <Text size="sm" fw={600} mb="sm" data-testid="noshow-count">
        {t("b2b.noShow.count", { count: noShows })}
      </Text>

      <Stack component="ul" gap="xs" p={0} m={0} mb="md" style={{ listStyle: "none" }}>
        {data.companies.map((c) => (
          <Paper component="li" key={c.companyId} withBorder p="xs" data-testid="noshow-row" data-company={c.name} data-noshow={c.noShow ? "yes" : "no"}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={2}>
                <Text fw={600}>{c.name}</Text>
                <Group gap="xs">
                  <Status c={c} />
                  <Text size="sm">
                    {t("b2b.noShow.col.ahead")}: {c.meetingsAhead}
                  </Text>
                </Group>
                {c.arrivedLate && (
                  <Text size="sm" c="orange.9" data-testid="noshow-late">
                    {t("b2b.noShow.status.arrivedLate")}
                  </Text>
                )}
              </Stack>
              <Form method="post">
                <input type="hidden" name="intent" value="absent" />
                <input type="hidden" name="companyId" value={c.companyId} />
                <input type="hidden" name="absent" value={c.markedAbsent ? "0" : "1"} />
                <Button type="submit" size="xs" variant={c.markedAbsent ? "default" : "filled"} color={c.markedAbsent ? undefined : "red.9"} aria-label={t(c.markedAbsent ? "b2b.noShow.unmarkLabel" : "b2b.noShow.markAbsentLabel", { company: c.name })} data-testid="noshow-mark">
                  {t(c.markedAbsent ? "b2b.noShow.unmark" : "b2b.noShow.markAbsent")}
                </Button>
              </Form>
            </Group>
          </Paper>
        ))}
      </Stack>

      {!data.published && <Text c="dimmed">{t("b2b.noShow.notPublished")}</Text>}
      <Form method="post" ref={form}>
        <input type="hidden" name="intent" value="rematchNoShows" />
        <input type="hidden" name="mail" value={mail ? "1" : "0"} />
        <Button
          type="submit"
          color="red.9"
          disabled={!canRematch}
          loading={busy === "rematchNoShows"}
          data-testid="noshow-rematch"
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          {t("b2b.noShow.rematch")}
        </Button>
        <Modal opened={open} onClose={() => setOpen(false)} title={t("b2b.noShow.confirmTitle")}>
          <Text mb="sm">{t("b2b.noShow.confirmText", { round: data.openRounds[0] ?? 1 })}</Text>
          <Text mb="sm" fw={600}>
            {t("b2b.noShow.count", { count: noShows })}
          </Text>
          <Checkbox mb="md" label={t("b2b.noShow.mail")} checked={mail} onChange={(e) => setMail(e.currentTarget.checked)} data-testid="noshow-mail" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("action.cancel")}
            </Button>
            <Button
              color="red.9"
              data-testid="noshow-rematch-confirm"
              onClick={() => {
                setOpen(false);
                // The hidden "mail" field is rendered from state; submit after it has been applied.
                setTimeout(() => form.current?.requestSubmit(), 0);
              }}
            >
              {t("b2b.noShow.rematch")}
            </Button>
          </Group>
        </Modal>
      </Form>
    </Paper>
  );
}
