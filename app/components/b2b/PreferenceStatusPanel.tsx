import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormError } from "~/components/FormError";
import { useFormat, useT } from "~/i18n/i18n-context";
import type { Locale } from "~/i18n/locales";
import { href } from "~/routing/paths";

export interface PreferenceStatusRowView {
  companyId: string;
  name: string;
  submitted: boolean;
  submittedAt: string | null;
  submittedByName: string | null;
  byOrganiser: boolean;
  ranked: number;
  excluded: number;
}

export interface PreferenceStatusPanelProps {
  rows: PreferenceStatusRowView[];
  eventId: string;
  locale: Locale;
  /** The plan's maximum (shown in the column "wishes"), optional. */
  maxPreferences?: number;
  /** The answer to the last `intent=remind` post (see `handleRemindIntent`), if any. */
  remindResult?: { ok: boolean; reminded?: number; error?: string; details?: Record<string, string | number> } | undefined;
}

/**
 * The organiser's overview of the companies' wishes (issue 12), for the B2B page: who has ranked
 * and who has not, when and by whom (organiser or company), how many wishes and exclusions, a link
 * to enter or correct each company's list on its behalf, and "remind those missing" — a
 * `<Form method="post">` with `intent=remind`, confirmed in a dialog (without JavaScript it posts
 * directly). The page's action routes the intent to `handleRemindIntent`.
 */
export function PreferenceStatusPanel({ rows, eventId, locale, maxPreferences, remindResult }: PreferenceStatusPanelProps) {
  const t = useT();
  const format = useFormat();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const submitted = rows.filter((r) => r.submitted).length;
  const missing = rows.length - submitted;
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "remind";

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="prefs-status-title" data-testid="prefs-status">
      <Stack gap="sm">
        <Title order={2} size="h3" id="prefs-status-title">
          {t("b2bPrefs.status.title")}
        </Title>
        {rows.length === 0 ? (
          <Text>{t("b2bPrefs.status.none")}</Text>
        ) : (
          <>
            <Text data-testid="prefs-status-totals">{t("b2bPrefs.status.totals", { submitted, companies: rows.length, missing })}</Text>
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t("b2bPrefs.status.company")}</Table.Th>
                    <Table.Th scope="col">{t("b2bPrefs.status.state")}</Table.Th>
                    <Table.Th scope="col">{t("b2bPrefs.status.submittedAt")}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t("b2bPrefs.status.ranked")}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t("b2bPrefs.status.excluded")}
                    </Table.Th>
                    <Table.Th scope="col">{t("b2bPrefs.status.actions")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.companyId} data-testid="prefs-status-row" data-company-id={r.companyId} data-submitted={r.submitted}>
                      <Table.Th scope="row" fw={600}>
                        {r.name}
                      </Table.Th>
                      <Table.Td>
                        <Badge color={r.submitted ? "#1b5e20" : "#8a3c00"} data-testid="b2b-pref-status-badge">{r.submitted ? t("b2bPrefs.status.submitted") : t("b2bPrefs.status.missing")}</Badge>
                      </Table.Td>
                      <Table.Td>
                        {r.submittedAt && (
                          <Text size="sm">
                            {format.dateTime(r.submittedAt)}
                            {r.byOrganiser ? ` (${t("b2bPrefs.status.byOrganiser")})` : r.submittedByName ? ` (${r.submittedByName})` : ""}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{maxPreferences ? `${r.ranked} / ${maxPreferences}` : r.ranked}</Table.Td>
                      <Table.Td ta="right">{r.excluded}</Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={href("adminB2bPreferences", locale, { id: eventId, companyId: r.companyId })}
                          aria-label={t(r.submitted ? "b2bPrefs.status.editLabel" : "b2bPrefs.status.enterLabel", { name: r.name })}
                          data-testid="prefs-status-edit"
                        >
                          {t(r.submitted ? "b2bPrefs.status.edit" : "b2bPrefs.status.enter")}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        {remindResult?.ok && (
          <Alert color="green" role="status" data-testid="prefs-reminded">
            {(remindResult.reminded ?? 0) > 0 ? t("b2bPrefs.status.reminded", { count: remindResult.reminded ?? 0 }) : t("b2bPrefs.status.remindedNone")}
          </Alert>
        )}
        <FormError code={remindResult && !remindResult.ok ? (remindResult.error ?? "GENERIC") : undefined} values={remindResult?.details} />
        {rows.length > 0 && missing === 0 && (
          <Text c="dimmed" data-testid="prefs-status-complete">
            {t("b2bPrefs.status.allSubmitted")}
          </Text>
        )}
        {missing > 0 && (
          <Form method="post" ref={formRef}>
            <input type="hidden" name="intent" value="remind" />
            <Group>
              <Button
                type="submit"
                variant="light"
                loading={sending}
                data-testid="prefs-remind"
                onClick={(event) => {
                  // With JavaScript, confirm first; without it the form posts directly.
                  event.preventDefault();
                  setConfirming(true);
                }}
              >
                {t("b2bPrefs.status.remind")}
              </Button>
            </Group>
          </Form>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t("b2bPrefs.status.remindTitle")} centered>
        <Stack>
          <Text>{t("b2bPrefs.status.remindText", { missing })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("action.cancel")}
            </Button>
            <Button
              data-autofocus
              data-testid="prefs-remind-confirm"
              onClick={() => {
                setConfirming(false);
                formRef.current?.requestSubmit();
              }}
            >
              {t("b2bPrefs.status.remindConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
